package io.redactor.actors.effects;

import io.redactor.persistence.aof.AppendLog;
import io.redactor.persistence.aof.CommandBuffer;
import io.redactor.persistence.aof.DurabilityWaiter;
import io.redactor.persistence.aof.FsyncPolicy;

import java.util.concurrent.atomic.LongAdder;

/**
 * The node's effect log: counts changes (for save points and {@code rdb_changes_since_last_save}) and, while the
 * append-only file is on, appends effects to it. Shared by every partition and atomic operation; thread-safe.
 */
public final class EffectLog {
    private final LongAdder changes = new LongAdder();
    private volatile AppendLog log;
    private volatile Runnable flushAllListener = () -> { };

    /** Counts one change. */
    public void changed() {
        changes.increment();
    }

    /** Counts {@code count} changes. */
    public void changed(long count) {
        changes.add(count);
    }

    /** Changes counted since the node started. */
    public long changes() {
        return changes.sum();
    }

    /** FLUSHALL emptied every database (Redis then saves at once when it has save points). */
    public void flushedAll() {
        flushAllListener.run();
    }

    /** Who is told of {@link #flushedAll}: the snapshots. */
    public void listenToFlushAll(Runnable listener) {
        flushAllListener = listener;
    }

    /** Whether effects go to a file now. */
    public boolean logging() {
        return log != null;
    }

    /** Appends encoded effects (see {@link AppendLog#append}); returns the log position after them, 0 when off. */
    public long append(int firstDb, int lastDb, CommandBuffer encoded, int offset) {
        AppendLog target = log;
        return target == null ? 0 : target.append(firstDb, lastDb, encoded.array(), offset, encoded.size() - offset);
    }

    /**
     * Records a change made outside any partition (a function library loaded or deleted): counted, and appended
     * on its own when the file is on.
     */
    public void record(int db, byte[][] argv) {
        changed();
        if (log != null) {
            CommandBuffer encoded = new CommandBuffer(64);
            encoded.command(argv);
            append(db, db, encoded, 0);
        }
    }

    /** The file effects go to from now on, or null to stop logging. */
    public void attach(AppendLog target) {
        log = target;
    }

    public AppendLog appendLog() {
        return log;
    }

    /**
     * Whether replies must wait for the disk: the file is on with {@code appendfsync always}, and something
     * appended is not flushed yet.
     */
    public boolean mustWait() {
        AppendLog target = log;
        return target != null && target.policy() == FsyncPolicy.ALWAYS && target.durableLsn() < target.appendedLsn();
    }

    /** Whether {@code position} is on the disk, or need not be waited for (the file is off, or not on always). */
    public boolean isDurable(long position) {
        AppendLog target = log;
        return target == null || target.policy() != FsyncPolicy.ALWAYS || target.durableLsn() >= position;
    }

    /** Everything appended so far, as a position; 0 when off. */
    public long position() {
        AppendLog target = log;
        return target == null ? 0 : target.appendedLsn();
    }

    /**
     * Calls {@code waiter} once {@code position} is on the disk (see {@link AppendLog#whenDurable}); false when it
     * need not wait.
     */
    public boolean whenDurable(long position, DurabilityWaiter waiter) {
        AppendLog target = log;
        return target != null && target.policy() == FsyncPolicy.ALWAYS && target.whenDurable(position, waiter);
    }
}
