package io.redactor.actors.client;

/**
 * CLIENT REPLY's state for one client: replies on, off, or the next command's reply skipped, with Redis's rules (a
 * SKIP takes effect after the CLIENT REPLY SKIP command itself, ON also cancels a pending skip). Confined to the
 * client's pipeline thread: set by the command, consulted as each command's reply is written. Published messages
 * are not replies and always go out, as in Redis 7.0.
 */
public final class ReplyControl {
    private boolean off;
    /** Set by CLIENT REPLY SKIP: the reply after the one being written is dropped. */
    private boolean skipNext;
    /** The reply being written now is dropped. */
    private boolean skipCurrent;

    public void on() {
        off = false;
        skipCurrent = false;
    }

    public void off() {
        off = true;
    }

    public void skip() {
        if (!off) {
            skipNext = true;
        }
    }

    /** RESET: replies back on (a skip already in effect still drops RESET's own reply, as in Redis). */
    public void reset() {
        off = false;
        skipNext = false;
    }

    /** Whether the reply of the command now answered is written; call once per command reply, in order. */
    boolean passReply() {
        boolean pass = !off && !skipCurrent;
        skipCurrent = skipNext;
        skipNext = false;
        return pass;
    }

    /** Whether other output the client would get (MONITOR lines) is written: not while replies are off. */
    boolean passOther() {
        return !off && !skipCurrent;
    }
}
