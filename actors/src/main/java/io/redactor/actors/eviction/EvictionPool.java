package io.redactor.actors.eviction;

import java.util.Arrays;

/**
 * Redis's eviction pool: the best candidates seen so far across samples, kept in ascending score order, so that
 * each eviction takes the best key of many samples rather than of the last few. It holds 64 where Redis's holds 16:
 * a round here samples many partitions at once and evicts up to a pool's worth, so a larger pool lets one round
 * evict more keys without taking worse ones. Entries name a key by partition,
 * database and key object; the key may be gone by the time it is evicted, which the eviction finds out.
 */
final class EvictionPool {
    static final int SIZE = 64;

    /** {@code entry}: the key's entry id in its table when sampled, which spares hashing the key to evict it. */
    record Candidate(int partition, int db, int entry, byte[] key, long score) {
    }

    private final Candidate[] entries = new Candidate[SIZE];
    private int count;

    int size() {
        return count;
    }

    /**
     * Offers a candidate: kept when the pool has room or it beats the worst. A key already in the pool (the same key
     * object, sampled again) is updated.
     */
    void offer(Candidate candidate) {
        if (count == SIZE && candidate.score() <= entries[0].score()) {
            return;
        }
        for (int i = 0; i < count; i++) {
            if (entries[i].key() == candidate.key()) {
                System.arraycopy(entries, i + 1, entries, i, count - i - 1);
                count--;
                break;
            }
        }
        if (count == SIZE) {
            System.arraycopy(entries, 1, entries, 0, --count);
        }
        int at = count;
        while (at > 0 && entries[at - 1].score() > candidate.score()) {
            entries[at] = entries[at - 1];
            at--;
        }
        entries[at] = candidate;
        count++;
    }

    /** Removes and returns the best candidate, or null when the pool is empty. */
    Candidate takeBest() {
        if (count == 0) {
            return null;
        }
        Candidate best = entries[--count];
        entries[count] = null;
        return best;
    }

    void clear() {
        Arrays.fill(entries, null);
        count = 0;
    }
}
