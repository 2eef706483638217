package io.redactor.core.reply;

/**
 * An error reply. {@code message} starts with the error code, as Redis sends it:
 * {@code "ERR syntax error"}, {@code "WRONGTYPE Operation against a key holding the wrong kind of value"}.
 */
public record ErrorReply(String message) implements Reply {
    /** An error is one line: CR and LF that a client put in it (a key, a user name) become spaces, as in Redis. */
    public ErrorReply {
        if (message.indexOf('\r') >= 0 || message.indexOf('\n') >= 0) {
            message = message.replace('\r', ' ').replace('\n', ' ');
        }
    }

    @Override
    public boolean isError() {
        return true;
    }

    /** The code: the first word of the message ({@code ERR}, {@code WRONGTYPE}, ...). */
    public String code() {
        int space = message.indexOf(' ');
        return space < 0 ? message : message.substring(0, space);
    }
}
