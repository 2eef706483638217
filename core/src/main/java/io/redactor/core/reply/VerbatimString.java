package io.redactor.core.reply;

/** RESP3 verbatim string ({@code =}) with a three-letter format such as {@code txt}; a bulk string in RESP2. */
public record VerbatimString(String format, byte[] bytes) implements Reply {
    public VerbatimString {
        if (format.length() != 3) {
            throw new IllegalArgumentException("verbatim format must be three characters");
        }
    }
}
