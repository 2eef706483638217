package io.redactor.core.reply;

/** A boolean: RESP3 {@code #t}/{@code #f}, the integer 1 or 0 in RESP2. */
public enum BooleanReply implements Reply {
    TRUE,
    FALSE;

    public static BooleanReply of(boolean value) {
        return value ? TRUE : FALSE;
    }
}
