package io.redactor.core.reply;

/**
 * An error reply. {@code message} starts with the error code, as Redis sends it:
 * {@code "ERR syntax error"}, {@code "WRONGTYPE Operation against a key holding the wrong kind of value"}.
 * {@code alreadyCounted}: the error was counted in the error statistics where it arose (a command a script called,
 * whose error the script raised), so the reply that carries it to the client does not count it again, as Redis's
 * ERR_REPLY_FLAG_NO_STATS_UPDATE. Two error replies are equal when their messages are.
 */
public record ErrorReply(String message, boolean alreadyCounted) implements Reply {
    /** An error is one line: CR and LF that a client put in it (a key, a user name) become spaces, as in Redis. */
    public ErrorReply(String message) {
        this(message, false);
    }

    public ErrorReply {
        if (message.indexOf('\r') >= 0 || message.indexOf('\n') >= 0) {
            message = message.replace('\r', ' ').replace('\n', ' ');
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ErrorReply error && error.message.equals(message);
    }

    @Override
    public int hashCode() {
        return message.hashCode();
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
