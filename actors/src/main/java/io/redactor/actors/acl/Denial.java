package io.redactor.actors.acl;

/**
 * Why a user may not run a command: the command itself, or the argument at {@code position} (a key or a channel).
 * When every selector denies, the one reported is the most specific (a channel before a key before the command)
 * and, among those, the last argument, as Redis reports it.
 */
public record Denial(Reason reason, int position) {
    static final Denial COMMAND = new Denial(Reason.COMMAND, 0);

    /** In Redis's order of preference, least specific first. */
    public enum Reason {
        COMMAND("command"),
        KEY("key"),
        CHANNEL("channel");

        private final String logName;

        Reason(String logName) {
            this.logName = logName;
        }

        /** As ACL LOG names it. */
        public String logName() {
            return logName;
        }
    }

    static Denial key(int position) {
        return new Denial(Reason.KEY, position);
    }

    static Denial channel(int position) {
        return new Denial(Reason.CHANNEL, position);
    }

    boolean moreRelevantThan(Denial other) {
        int order = reason.compareTo(other.reason);
        return order > 0 || order == 0 && position > other.position;
    }
}
