package io.redactor.core.reply;

/**
 * The absence of a value. RESP3 has one null ({@code _}); RESP2 distinguishes the null bulk string
 * ({@code $-1}) from the null array ({@code *-1}), and Redis commands pick one or the other.
 */
public enum NullReply implements Reply {
    NULL_BULK,
    NULL_ARRAY
}
