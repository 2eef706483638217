package io.redactor.actors.data;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The memory each partition's data holds, as its actor last published it ({@link MemoryMeter#used}): INFO, MEMORY
 * and eviction read the node's total here without a message to any partition. One cache line per partition, so
 * that partitions publishing side by side do not slow each other down.
 */
public final class MemoryLedger {
    private static final int STRIDE = 8;
    private final AtomicLongArray totals;
    private final int partitions;

    public MemoryLedger(int partitions) {
        this.partitions = partitions;
        this.totals = new AtomicLongArray(partitions * STRIDE);
    }

    private final AtomicLong peak = new AtomicLong();

    /** Partition {@code partition}'s data holds {@code bytes}, {@code overhead} of them its key tables' arrays. */
    public void publish(int partition, long bytes, long overhead) {
        totals.setRelease(partition * STRIDE, bytes);
        totals.setRelease(partition * STRIDE + 1, overhead);
    }

    /** The key tables' own arrays over the node, in bytes. */
    public long overhead() {
        long sum = 0;
        for (int p = 0; p < partitions; p++) {
            sum += totals.getAcquire(p * STRIDE + 1);
        }
        return sum;
    }

    /** Notes {@code used} as used memory now; returns the highest noted. */
    public long peak(long used) {
        return peak.accumulateAndGet(used, Math::max);
    }

    public long partition(int partition) {
        return totals.getAcquire(partition * STRIDE);
    }

    /** The data set of the whole node, in bytes. */
    public long total() {
        long sum = 0;
        for (int p = 0; p < partitions; p++) {
            sum += totals.getAcquire(p * STRIDE);
        }
        return sum;
    }
}
