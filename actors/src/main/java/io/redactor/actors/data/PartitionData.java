package io.redactor.actors.data;

import io.redactor.actors.blocking.BlockedKeys;
import io.redactor.actors.watch.Watches;

/** Everything one partition owns: its slice of each of the 16 databases. */
public final class PartitionData implements Keyspace {
    private final Database[] databases = new Database[DATABASES];
    private final int partition;
    private final CommandClock clock = new CommandClock();

    private final Watches watches;
    private final BlockedKeys blocked;

    public PartitionData(int partition, DataEnvironment env, KeyObserver observer, Watches watches,
                         BlockedKeys blocked) {
        this.partition = partition;
        this.watches = watches;
        this.blocked = blocked;
        for (int i = 0; i < DATABASES; i++) {
            databases[i] = new Database(i, env, clock, observer);
        }
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

    public CommandClock clock() {
        return clock;
    }

}
