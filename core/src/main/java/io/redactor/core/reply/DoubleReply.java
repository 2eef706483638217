package io.redactor.core.reply;

/**
 * A double: RESP3 {@code ,}, a bulk string in RESP2. {@code text} is what is sent, when a command prints its
 * double its own way (GEOPOS's coordinates); null to print {@code value} as Redis prints scores.
 */
public record DoubleReply(double value, String text) implements Reply {
    public DoubleReply(double value) {
        this(value, null);
    }
}
