package io.redactor.actors.data;

import java.util.random.RandomGenerator;

/**
 * Keys, keys with a time to live, the sampled average TTL, and the bytes of the key tables' arrays (for expire times
 * and the rest), per database (INFO keyspace, MEMORY STATS).
 */
public record KeyCounts(long[] keys, long[] volatileKeys, long[] averageTtlMillis, long[] mainTableBytes,
                        long[] expiresTableBytes) {
    private static final int TTL_SAMPLES = 20;

    public KeyCounts(long[] keys, long[] volatileKeys, long[] averageTtlMillis) {
        this(keys, volatileKeys, averageTtlMillis, new long[Keyspace.DATABASES], new long[Keyspace.DATABASES]);
    }

    public static KeyCounts of(Keyspace keyspace, RandomGenerator random) {
        long[] keys = new long[Keyspace.DATABASES];
        long[] volatileKeys = new long[Keyspace.DATABASES];
        long[] averageTtl = new long[Keyspace.DATABASES];
        long[] main = new long[Keyspace.DATABASES];
        long[] expires = new long[Keyspace.DATABASES];
        for (int db = 0; db < Keyspace.DATABASES; db++) {
            Db d = keyspace.db(db);
            keys[db] = d.size();
            volatileKeys[db] = d.volatileSize();
            averageTtl[db] = d.sampleAverageTtl(TTL_SAMPLES, random);
            main[db] = d.mainTableBytes();
            expires[db] = d.expiresTableBytes();
        }
        return new KeyCounts(keys, volatileKeys, averageTtl, main, expires);
    }

    /** Counts of two disjoint keyspaces together; the average TTLs weighted by their keys with a TTL. */
    public KeyCounts plus(KeyCounts other) {
        long[] sumKeys = new long[Keyspace.DATABASES];
        long[] sumVolatile = new long[Keyspace.DATABASES];
        long[] averageTtl = new long[Keyspace.DATABASES];
        long[] main = new long[Keyspace.DATABASES];
        long[] expires = new long[Keyspace.DATABASES];
        for (int db = 0; db < Keyspace.DATABASES; db++) {
            sumKeys[db] = keys[db] + other.keys[db];
            sumVolatile[db] = volatileKeys[db] + other.volatileKeys[db];
            averageTtl[db] = weightedAverage(averageTtlMillis[db], volatileKeys[db],
                    other.averageTtlMillis[db], other.volatileKeys[db]);
            main[db] = mainTableBytes[db] + other.mainTableBytes[db];
            expires[db] = expiresTableBytes[db] + other.expiresTableBytes[db];
        }
        return new KeyCounts(sumKeys, sumVolatile, averageTtl, main, expires);
    }

    public static KeyCounts empty() {
        long[] zeros = new long[Keyspace.DATABASES];
        return new KeyCounts(zeros, zeros, zeros, zeros, zeros);
    }

    public static long weightedAverage(long first, long firstWeight, long second, long secondWeight) {
        long weight = firstWeight + secondWeight;
        return weight == 0 ? 0 : Math.round(((double) first * firstWeight + (double) second * secondWeight) / weight);
    }
}
