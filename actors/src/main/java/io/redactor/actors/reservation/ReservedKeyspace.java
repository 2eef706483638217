package io.redactor.actors.reservation;

import io.redactor.actors.blocking.BlockedKeys;
import io.redactor.actors.data.Db;
import io.redactor.actors.effects.Effects;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.watch.Watches;
import io.redactor.core.keys.PartitionMap;

import java.util.Arrays;

/** The union of the reserved partitions' data, seen as one keyspace: each key goes to its owner. */
final class ReservedKeyspace implements Keyspace {
    private final int[] partitions;
    private final PartitionData[] data;
    private final PartitionMap partitionMap;
    private final ReservedDb[] databases = new ReservedDb[DATABASES];

    ReservedKeyspace(int[] partitions, PartitionData[] data, PartitionMap partitionMap) {
        this.partitions = partitions;
        this.data = data;
        this.partitionMap = partitionMap;
    }

    @Override
    public Db db(int index) {
        ReservedDb db = databases[index];
        if (db == null) {
            Db[] parts = new Db[data.length];
            for (int i = 0; i < data.length; i++) {
                parts[i] = data[i].db(index);
            }
            db = databases[index] = new ReservedDb(index, parts, this::ownerIndex);
        }
        return db;
    }

    @Override
    public void swap(int first, int second) {
        for (PartitionData partition : data) {
            partition.swap(first, second);
        }
        Arrays.fill(databases, null);
    }

    @Override
    public Keyspace partition(int partition) {
        int index = Arrays.binarySearch(partitions, partition);
        if (index < 0) {
            throw new IllegalStateException("partition " + partition + " is outside the reservation "
                    + Arrays.toString(partitions));
        }
        return data[index];
    }

    @Override
    public Watches watchesOf(byte[] key) {
        return data[ownerIndex(key)].watches();
    }

    @Override
    public BlockedKeys blockedOf(byte[] key) {
        return data[ownerIndex(key)].blocked();
    }

    /** The partitions' own records all lead to the unit of the operation holding them. */
    @Override
    public Effects effects() {
        return data[0].effects();
    }

    private int ownerIndex(byte[] key) {
        int partition = partitionMap.partitionOf(key);
        int index = Arrays.binarySearch(partitions, partition);
        if (index < 0) {
            throw new IllegalStateException("key of partition " + partition + " is outside the reservation "
                    + Arrays.toString(partitions));
        }
        return index;
    }
}
