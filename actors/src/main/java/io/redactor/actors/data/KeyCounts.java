package io.redactor.actors.data;

import java.util.random.RandomGenerator;

/** Keys, keys with a time to live, and the sampled average TTL, per database (INFO keyspace). */
public record KeyCounts(long[] keys, long[] volatileKeys, long[] averageTtlMillis) {
    private static final int TTL_SAMPLES = 20;

    public static KeyCounts of(Keyspace keyspace, RandomGenerator random) {
        long[] keys = new long[Keyspace.DATABASES];
        long[] volatileKeys = new long[Keyspace.DATABASES];
        long[] averageTtl = new long[Keyspace.DATABASES];
        for (int db = 0; db < Keyspace.DATABASES; db++) {
            keys[db] = keyspace.db(db).size();
            volatileKeys[db] = keyspace.db(db).volatileSize();
            averageTtl[db] = keyspace.db(db).sampleAverageTtl(TTL_SAMPLES, random);
        }
        return new KeyCounts(keys, volatileKeys, averageTtl);
    }

    /** Counts of two disjoint keyspaces together; the average TTLs weighted by their keys with a TTL. */
    public KeyCounts plus(KeyCounts other) {
        long[] sumKeys = new long[Keyspace.DATABASES];
        long[] sumVolatile = new long[Keyspace.DATABASES];
        long[] averageTtl = new long[Keyspace.DATABASES];
        for (int db = 0; db < Keyspace.DATABASES; db++) {
            sumKeys[db] = keys[db] + other.keys[db];
            sumVolatile[db] = volatileKeys[db] + other.volatileKeys[db];
            averageTtl[db] = weightedAverage(averageTtlMillis[db], volatileKeys[db],
                    other.averageTtlMillis[db], other.volatileKeys[db]);
        }
        return new KeyCounts(sumKeys, sumVolatile, averageTtl);
    }

    public static KeyCounts empty() {
        long[] zeros = new long[Keyspace.DATABASES];
        return new KeyCounts(zeros, zeros, zeros);
    }

    public static long weightedAverage(long first, long firstWeight, long second, long secondWeight) {
        long weight = firstWeight + secondWeight;
        return weight == 0 ? 0 : Math.round(((double) first * firstWeight + (double) second * secondWeight) / weight);
    }
}
