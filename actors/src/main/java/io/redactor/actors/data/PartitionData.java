package io.redactor.actors.data;

import io.redactor.actors.blocking.BlockedKeys;
import io.redactor.actors.effects.PartitionEffects;
import io.redactor.actors.watch.Watches;

/** Everything one partition owns: its slice of each of the 16 databases. */
public final class PartitionData implements Keyspace {
    private final Database[] databases = new Database[DATABASES];
    private final int partition;
    private final CommandClock clock = new CommandClock();
    private final MemoryMeter meter = new MemoryMeter();

    private final Watches watches;
    private final BlockedKeys blocked;

    private final PartitionEffects effects;

    public PartitionData(int partition, DataEnvironment env, KeyObserver observer, Watches watches,
                         BlockedKeys blocked, PartitionEffects effects) {
        this.partition = partition;
        this.watches = watches;
        this.blocked = blocked;
        this.effects = effects;
        for (int i = 0; i < DATABASES; i++) {
            databases[i] = new Database(i, env, clock, observer, effects, meter);
        }
    }

    @Override
    public PartitionEffects effects() {
        return effects;
    }

    public int partition() {
        return partition;
    }

    @Override
    public Database db(int index) {
        return databases[index];
    }

    @Override
    public void swap(int first, int second) {
        databases[first].swapContents(databases[second]);
    }

    @Override
    public Watches watchesOf(byte[] key) {
        return watches;
    }

    public Watches watches() {
        return watches;
    }

    @Override
    public BlockedKeys blockedOf(byte[] key) {
        return blocked;
    }

    public BlockedKeys blocked() {
        return blocked;
    }

    /** Freezes every database's present state for a snapshot, in database order. */
    public TableFreeze[] freeze() {
        TableFreeze[] frozen = new TableFreeze[DATABASES];
        for (int i = 0; i < DATABASES; i++) {
            frozen[i] = databases[i].freeze();
        }
        return frozen;
    }

    /** The memory this partition's data holds (see {@link MemoryMeter}). */
    public MemoryMeter meter() {
        return meter;
    }

    public CommandClock clock() {
        return clock;
    }

}
