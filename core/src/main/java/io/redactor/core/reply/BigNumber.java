package io.redactor.core.reply;

/**
 * RESP3 big number ({@code (}); a bulk string in RESP2. Kept as text, one ISO-8859-1 char per byte, as Redis keeps it:
 * a script may return any single line as one.
 */
public record BigNumber(String text) implements Reply {
}
