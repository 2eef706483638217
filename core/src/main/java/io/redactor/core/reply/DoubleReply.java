package io.redactor.core.reply;

/** A double: RESP3 {@code ,}, a bulk string in RESP2 (formatted as Redis formats scores). */
public record DoubleReply(double value) implements Reply {
}
