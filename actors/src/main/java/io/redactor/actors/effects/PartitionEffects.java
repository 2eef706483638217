package io.redactor.actors.effects;

import io.redactor.persistence.aof.CommandBuffer;

import java.util.List;

/**
 * One partition's effects: each goes to the log as soon as it is recorded, before anything the command that made
 * it answers can reach a client. While an atomic operation holds the partition, everything goes to that
 * operation's {@link EffectUnit} instead. Used by the partition's thread, or by the holder's while it is held.
 */
public final class PartitionEffects implements Effects {
    private static final int KEEP_CAPACITY = 64 << 10;

    private final EffectLog log;
    private final CommandBuffer buffer = new CommandBuffer(256);
    private EffectUnit unit;
    private long dirty;

    public PartitionEffects(EffectLog log) {
        this.log = log;
    }

    @Override
    public void dirty(long changes) {
        if (unit != null) {
            unit.dirty(changes);
        } else if (changes > 0) {
            dirty += changes;
            log.changed(changes);
        }
    }

    @Override
    public long dirtyCount() {
        return unit != null ? unit.dirtyCount() : dirty;
    }

    @Override
    public void record(int db, byte[][] argv) {
        if (unit != null) {
            unit.record(db, argv);
        } else if (log.logging()) {
            buffer.command(argv);
            log.append(db, db, buffer, 0);
            buffer.clearAndTrim(KEEP_CAPACITY);
        }
    }

    @Override
    public void recordAll(int db, List<byte[][]> argvs) {
        if (unit != null || argvs.size() < 2) {
            Effects.super.recordAll(db, argvs);
        } else if (log.logging()) {
            buffer.command(EffectUnit.MULTI);
            argvs.forEach(buffer::command);
            buffer.command(EffectUnit.EXEC);
            log.append(db, db, buffer, 0);
            buffer.clearAndTrim(KEEP_CAPACITY);
        }
    }

    @Override
    public boolean logging() {
        return log.logging();
    }

    /** A unit for an atomic operation that holds this partition (and maybe others: {@link EffectUnit#hold}). */
    public EffectUnit openUnit() {
        EffectUnit unit = new EffectUnit(log);
        unit.hold(this);
        return unit;
    }

    /** From now on records go to {@code holder}'s unit, until {@link #release}. */
    void redirect(EffectUnit holder) {
        unit = holder;
    }

    void release() {
        unit = null;
    }
}
