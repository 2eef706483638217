package io.redactor.actors.data;

import io.redactor.actors.effects.Effects;

import io.redactor.actors.blocking.BlockedKeys;
import io.redactor.actors.watch.Watches;

/**
 * The data a command may touch: one partition's databases, or the union of several reserved partitions.
 */
public interface Keyspace {
    int DATABASES = 16;

    Db db(int index);

    /** Exchanges two databases (SWAPDB) in every partition this keyspace spans. */
    void swap(int first, int second);

    /** The WATCH registry of the partition that owns {@code key}. */
    Watches watchesOf(byte[] key);

    /**
     * The part of this keyspace that is partition {@code partition}'s own data, for commands confined to one
     * partition's tables (SCAN); a single partition's keyspace is its own part.
     */
    default Keyspace partition(int partition) {
        return this;
    }

    /** The clients blocked on keys of the partition that owns {@code key}. */
    BlockedKeys blockedOf(byte[] key);

    /** Where commands on this keyspace record their changes. */
    Effects effects();
}
