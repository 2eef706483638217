package io.redactor.actors.partition;

import io.redactor.actors.data.Database;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;

import java.util.SplittableRandom;

/**
 * Redis's active expiry cycle for one partition: sample keys that have a time to live, delete the expired
 * ones, and keep going on a database while more than a quarter of a sample was expired, within a time budget.
 */
final class ActiveExpiry {
    private static final int SAMPLE = 20;
    private static final int REPEAT_ABOVE = SAMPLE / 4;

    private final SplittableRandom random = new SplittableRandom();
    private int nextDb;

    /** Runs one cycle; returns the number of keys removed. */
    int cycle(PartitionData data, long budgetNanos) {
        long deadline = System.nanoTime() + budgetNanos;
        data.clock().set(System.currentTimeMillis());
        int removed = 0;
        for (int visited = 0; visited < Keyspace.DATABASES; visited++) {
            Database db = data.db(nextDb);
            nextDb = (nextDb + 1) % Keyspace.DATABASES;
            int expired;
            int rounds = 0;
            do {
                expired = db.expireSample(SAMPLE, random);
                removed += expired;
                if ((++rounds & 15) == 0 && System.nanoTime() > deadline) {
                    return removed;
                }
            } while (expired > REPEAT_ABOVE);
            if (System.nanoTime() > deadline) {
                break;
            }
        }
        return removed;
    }
}
