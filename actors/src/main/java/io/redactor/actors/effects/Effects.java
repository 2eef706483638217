package io.redactor.actors.effects;

import java.util.List;

/**
 * Where the changes commands make are accounted for: each change counts towards the snapshot save points (Redis's
 * {@code server.dirty}), and each effect, a command that replays a change, goes to the append-only file. A
 * partition records to its own; while an atomic operation (a transaction, a script, a command across partitions)
 * holds partitions, they record to that operation's unit, which lands in the log as one.
 */
public interface Effects {
    /** Data changed (Redis's {@code server.dirty++}). */
    default void dirty() {
        dirty(1);
    }

    /** {@code changes} changes (Redis's {@code server.dirty += changes}); nothing when 0. */
    void dirty(long changes);

    /** How many changes were counted here so far: a command compares it before and after it runs. */
    long dirtyCount();

    /** Records an effect: {@code argv} replays a change in database {@code db}. */
    void record(int db, byte[][] argv);

    /**
     * Records the effects of one command that made several (Redis's also-propagated commands: XREADGROUP's XCLAIMs),
     * which land together, between MULTI and EXEC, as Redis wraps them.
     */
    default void recordAll(int db, List<byte[][]> argvs) {
        for (byte[][] argv : argvs) {
            record(db, argv);
        }
    }

    /** Whether effects are logged at all (when not, commands need not build rewritten ones). */
    boolean logging();

    /** Counts nothing, logs nothing: data outside a partition (tests, load-time staging). */
    Effects NONE = new Effects() {
        @Override
        public void dirty(long changes) {
        }

        @Override
        public long dirtyCount() {
            return 0;
        }

        @Override
        public void record(int db, byte[][] argv) {
        }

        @Override
        public boolean logging() {
            return false;
        }
    };
}
