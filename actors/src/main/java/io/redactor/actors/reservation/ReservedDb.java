package io.redactor.actors.reservation;

import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyCounts;

import java.util.function.Consumer;
import java.util.function.ToIntFunction;
import java.util.random.RandomGenerator;

/** One database across reserved partitions: key operations go to the owning partition's database. */
final class ReservedDb implements Db {
    private final int index;
    private final Db[] parts;
    private final ToIntFunction<byte[]> owner;

    ReservedDb(int index, Db[] parts, ToIntFunction<byte[]> owner) {
        this.index = index;
        this.parts = parts;
        this.owner = owner;
    }

    private Db of(byte[] key) {
        return parts[owner.applyAsInt(key)];
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public Object lookup(byte[] key, int flags) {
        return of(key).lookup(key, flags);
    }

    @Override
    public void add(byte[] key, Object value) {
        of(key).add(key, value);
    }

    @Override
    public void overwrite(byte[] key, Object value) {
        of(key).overwrite(key, value);
    }

    @Override
    public void set(byte[] key, Object value, boolean keepTtl) {
        of(key).set(key, value, keepTtl);
    }

    @Override
    public boolean delete(byte[] key) {
        return of(key).delete(key);
    }

    @Override
    public boolean deleteStored(byte[] key) {
        return of(key).deleteStored(key);
    }

    @Override
    public boolean stored(byte[] key) {
        return of(key).stored(key);
    }

    @Override
    public boolean isExpired(byte[] key) {
        return of(key).isExpired(key);
    }

    @Override
    public long expireAt(byte[] key) {
        return of(key).expireAt(key);
    }

    @Override
    public void setExpireAt(byte[] key, long unixMs) {
        of(key).setExpireAt(key, unixMs);
    }

    @Override
    public boolean persist(byte[] key) {
        return of(key).persist(key);
    }

    @Override
    public int accessBits(byte[] key) {
        return of(key).accessBits(key);
    }

    @Override
    public void setAccessBits(byte[] key, int bits) {
        of(key).setAccessBits(key, bits);
    }

    @Override
    public void signalModified(byte[] key) {
        of(key).signalModified(key);
    }

    @Override
    public void dirty(long changes) {
        // the reserved partitions record to the reservation's unit, which counts for them all
        parts[0].dirty(changes);
    }

    @Override
    public void notify(int eventClass, String event, byte[] key) {
        of(key).notify(eventClass, event, key);
    }

    @Override
    public long memoryUsage(byte[] key) {
        return of(key).memoryUsage(key);
    }

    @Override
    public long mainTableBytes() {
        long sum = 0;
        for (Db part : parts) {
            sum += part == null ? 0 : part.mainTableBytes();
        }
        return sum;
    }

    @Override
    public long expiresTableBytes() {
        long sum = 0;
        for (Db part : parts) {
            sum += part == null ? 0 : part.expiresTableBytes();
        }
        return sum;
    }

    @Override
    public long size() {
        long total = 0;
        for (Db part : parts) {
            total += part.size();
        }
        return total;
    }

    @Override
    public long volatileSize() {
        long total = 0;
        for (Db part : parts) {
            total += part.volatileSize();
        }
        return total;
    }

    @Override
    public long sampleAverageTtl(int samples, RandomGenerator random) {
        long average = 0;
        long weight = 0;
        for (Db part : parts) {
            long volatileKeys = part.volatileSize();
            average = KeyCounts.weightedAverage(average, weight, part.sampleAverageTtl(samples, random), volatileKeys);
            weight += volatileKeys;
        }
        return average;
    }

    /** Picks a partition with probability proportional to its size, then a key in it. */
    @Override
    public byte[] randomKey(RandomGenerator random) {
        for (int attempt = 0; attempt < 3; attempt++) {
            long total = size();
            if (total == 0) {
                return null;
            }
            long pick = random.nextLong(total);
            for (Db part : parts) {
                long size = part.size();
                if (pick < size) {
                    byte[] key = part.randomKey(random);
                    if (key != null) {
                        return key;
                    }
                    break;
                }
                pick -= size;
            }
        }
        return null;
    }

    @Override
    public void forEachKey(Consumer<byte[]> action) {
        for (Db part : parts) {
            part.forEachKey(action);
        }
    }

    @Override
    public long clear() {
        long removed = 0;
        for (Db part : parts) {
            removed += part.clear();
        }
        return removed;
    }
}
