package io.redactor.actors.effects;

import io.redactor.persistence.aof.CommandBuffer;

import java.util.ArrayList;
import java.util.List;

/**
 * The effects of one atomic operation that may make several (a transaction, a script, a command across partitions),
 * collected while it holds its partitions and appended as one when it ends: a single effect as it is, several
 * between {@code MULTI} and {@code EXEC}, so that recovery never applies half of the operation.
 */
public final class EffectUnit implements Effects {
    static final byte[][] MULTI = {{'M', 'U', 'L', 'T', 'I'}};
    static final byte[][] EXEC = {{'E', 'X', 'E', 'C'}};

    private final EffectLog log;
    private final CommandBuffer buffer = new CommandBuffer(256);
    private final int multiLength;
    private final List<PartitionEffects> held = new ArrayList<>(4);
    private int firstDb = -1;
    private int currentDb;
    private int commands;
    private long dirty;

    public EffectUnit(EffectLog log) {
        this.log = log;
        buffer.command(MULTI);
        multiLength = buffer.size();
    }

    /** Records of {@code partition} come here until {@link #commit}. */
    public void hold(PartitionEffects partition) {
        partition.redirect(this);
        held.add(partition);
    }

    @Override
    public void dirty(long changes) {
        if (changes > 0) {
            dirty += changes;
            log.changed(changes);
        }
    }

    @Override
    public long dirtyCount() {
        return dirty;
    }

    @Override
    public void record(int db, byte[][] argv) {
        if (!log.logging()) {
            return;
        }
        if (firstDb < 0) {
            firstDb = db;
            currentDb = db;
        } else if (db != currentDb) {
            buffer.select(db);
            currentDb = db;
        }
        buffer.command(argv);
        commands++;
    }

    @Override
    public boolean logging() {
        return log.logging();
    }

    /**
     * Appends what was recorded and gives the held partitions their records back. Must run before the partitions
     * are released, so that nothing they do next lands in the log before this.
     */
    public void commit() {
        for (PartitionEffects partition : held) {
            partition.release();
        }
        held.clear();
        if (commands == 1) {
            log.append(firstDb, currentDb, buffer, multiLength);
        } else if (commands > 1) {
            buffer.command(EXEC);
            log.append(firstDb, currentDb, buffer, 0);
        }
        buffer.clearAndTrim(256);
        buffer.command(MULTI);
        firstDb = -1;
        commands = 0;
    }
}
