package io.redactor.core.keys;

/**
 * Groups the 16384 hash slots into {@code count} partitions of contiguous slot ranges, so that a partition
 * can later move between nodes as one unit, like a range of Redis Cluster slots.
 */
public final class PartitionMap {
    public static final int MAX_PARTITIONS = HashSlots.COUNT;

    private final int count;

    public PartitionMap(int count) {
        if (count < 1 || count > MAX_PARTITIONS) {
            throw new IllegalArgumentException("partitions must be between 1 and " + MAX_PARTITIONS + ", got " + count);
        }
        this.count = count;
    }

    public int count() {
        return count;
    }

    public int partitionOfSlot(int slot) {
        return (int) ((long) slot * count / HashSlots.COUNT);
    }

    public int partitionOf(byte[] key) {
        return partitionOfSlot(HashSlots.slot(key));
    }

}
