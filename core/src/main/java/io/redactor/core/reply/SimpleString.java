package io.redactor.core.reply;

/** A status reply such as {@code +OK}. The text must not contain CR or LF. */
public record SimpleString(String text) implements Reply {
    public static final SimpleString OK = new SimpleString("OK");
    public static final SimpleString PONG = new SimpleString("PONG");
    public static final SimpleString QUEUED = new SimpleString("QUEUED");

    public static SimpleString of(String text) {
        return switch (text) {
            case "OK" -> OK;
            case "PONG" -> PONG;
            default -> new SimpleString(text);
        };
    }
}
