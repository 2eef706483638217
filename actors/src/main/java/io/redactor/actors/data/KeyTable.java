package io.redactor.actors.data;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.IntConsumer;
import java.util.random.RandomGenerator;

/**
 * The keyspace hash table of one database of one partition: binary keys (compared by content) to
 * opaque values, with an expire time and a 32-bit access field per entry.
 *
 * <p>Chained hashing over parallel arrays indexed by an int entry id, so an entry costs no object
 * of its own. Entry ids are stable while the entry lives; removed ids are recycled through a free
 * list threaded through {@code next}. A live entry has a non-null key. The expire arrays are only
 * allocated once some entry gets a TTL. Entry arrays grow by half and only {@link #clear()} gives
 * their memory back; the bucket array grows past load factor 1 and shrinks below 1/8.
 *
 * <p>Single-threaded: owned by one actor, no synchronization.
 */
public final class KeyTable {
    public static final long NO_EXPIRE = -1;

    private static final int MIN_BUCKETS = 16;
    private static final int MAX_BUCKETS = 1 << 30;
    private static final int MIN_CAPACITY = 16;
    private static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;
    private static final byte[][] NO_KEYS = {};
    private static final Object[] NO_VALUES = {};
    private static final int[] NO_INTS = {};

    private int[] buckets;
    private int mask;

    private byte[][] keys;
    private Object[] values;
    private int[] hashes;
    private int[] next;
    private int[] access;
    /** Null until the first TTL is set; then as long as {@code keys}. */
    private long[] expires;
    /** Position of each volatile entry in {@code volatiles}; meaningful only where expires != NO_EXPIRE. */
    private int[] volatilePos;
    /** Compact list of the entries that have a TTL. */
    private int[] volatiles;
    private int volatileCount;

    private int size;
    /** Entry ids at or above this were never used. */
    private int top;
    private int freeHead;
    /** The state a snapshot is saving, while it is under way; null otherwise. */
    private TableFreeze freeze;
    /** Scratch list for {@link #scan}. */
    private int[] chain = new int[8];
    /** The last key object hashed and its hash (see {@link #hash}). */
    private byte[] lastHashedKey;
    private int lastHash;

    /** Where this table's changes in size are counted. */
    private MemoryMeter meter;
    /** Bytes of the table's own arrays. */
    private long overheadBytes;
    /** Bytes of the keys and values in the table. */
    private long dataBytes;

    public KeyTable() {
        this(MemoryMeter.NONE);
    }

    public KeyTable(MemoryMeter meter) {
        this.meter = meter;
        reset();
    }

    /** Keys, values and the table's arrays, in bytes (what the table adds to its partition's memory). */
    public long memoryBytes() {
        return overheadBytes + dataBytes;
    }

    /** Keys and values only. */
    public long dataBytes() {
        return dataBytes;
    }

    /** The arrays that keep the expire times (a part of {@link #overheadBytes}). */
    public long expiresOverheadBytes() {
        return array(volatiles.length, 4)
                + (expires == null ? 0 : array(expires.length, 8) + array(volatilePos.length, 4));
    }

    /** The table's own arrays only. */
    public long overheadBytes() {
        return overheadBytes;
    }

    /** The table leaves its partition (FLUSHDB, FLUSHALL): its memory is no longer counted there. */
    public void detachMeter() {
        meter.used -= memoryBytes();
        meter.overhead -= overheadBytes;
        meter = MemoryMeter.NONE;
    }

    private void countData(long delta) {
        dataBytes += delta;
        meter.used += delta;
    }

    private void countOverhead() {
        long now = estimatedOverheadBytes();
        meter.used += now - overheadBytes;
        meter.overhead += now - overheadBytes;
        overheadBytes = now;
    }

    /** Bytes a key holds. */
    public static long keyBytes(byte[] key) {
        return JvmLayout.bytes(key.length);
    }

    /** Bytes a value holds, as the table counts it. */
    public static long valueBytes(Object value) {
        return switch (value) {
            case byte[] bytes -> JvmLayout.bytes(bytes.length);
            case SizedValue sized -> sized.memoryBytes();
            case FloatString text -> JvmLayout.object(1, 0) + JvmLayout.bytes(text.bytes().length);
            case null -> 0;
            default -> 0;
        };
    }

    private long attach(Object value) {
        if (value instanceof SizedValue sized) {
            sized.owner = this;
            sized.counted = sized.memoryBytes();
            // a command may fill the value after adding it (HSET on a new key): read it again at the settle
            meter.touched(sized);
            return sized.counted;
        }
        return valueBytes(value);
    }

    private long detach(Object value) {
        if (value instanceof SizedValue sized) {
            if (sized.owner == this) {
                sized.owner = null;
            }
            return sized.counted;
        }
        return valueBytes(value);
    }

    /** Counts what a value changed in place holds now. */
    void recount(SizedValue value) {
        long now = value.memoryBytes();
        countData(now - value.counted);
        value.counted = now;
    }

    /** Bytes entry {@code entry} costs: key, value and its share of the table (MEMORY USAGE). */
    public long entryBytes(int entry) {
        Object value = values[entry];
        long valueBytes = value instanceof SizedValue sized ? sized.memoryBytes() : valueBytes(value);
        // its slot in the entry arrays and a bucket; with a time to live, its expire time and places in the lists
        long slot = 2L * JvmLayout.REF + 3 * 4 + 4;
        long expiry = expires != null && expires[entry] != NO_EXPIRE ? 8 + 4 + 4 : 0;
        return keyBytes(keys[entry]) + valueBytes + slot + expiry;
    }

    private void reset() {
        buckets = emptyBuckets(MIN_BUCKETS);
        mask = MIN_BUCKETS - 1;
        keys = NO_KEYS;
        values = NO_VALUES;
        hashes = NO_INTS;
        next = NO_INTS;
        access = NO_INTS;
        expires = null;
        volatilePos = null;
        volatiles = NO_INTS;
        volatileCount = 0;
        size = 0;
        top = 0;
        freeHead = -1;
        countData(-dataBytes);
        countOverhead();
    }

    public int size() {
        return size;
    }

    /** Returns the entry id of {@code key}, or -1. */
    public int find(byte[] key) {
        int h = hash(key);
        for (int e = buckets[h & mask]; e >= 0; e = next[e]) {
            if (hashes[e] == h && Arrays.equals(keys[e], key)) {
                return e;
            }
        }
        return -1;
    }

    /** Remembers {@code hash}, {@link KeyHash#hash} of {@code key} computed elsewhere, as the key's hash. */
    public void hashed(byte[] key, int hash) {
        lastHashedKey = key;
        lastHash = hash;
    }

    /**
     * The key's hash, remembered for the last key object hashed: a write looks its key up and then inserts the same
     * array (SET of a new key, loading), which then hashes once. Key arrays are never changed once made.
     */
    private int hash(byte[] key) {
        if (key != lastHashedKey) {
            lastHash = KeyHash.hash(key);
            lastHashedKey = key;
        }
        return lastHash;
    }

    /**
     * The entry id of {@code key} when {@code hint} (an id it had lately) still holds that very key object, without
     * hashing it; otherwise as {@link #find}.
     */
    public int find(int hint, byte[] key) {
        return hint >= 0 && hint < top && keys[hint] == key ? hint : find(key);
    }

    public byte[] key(int entry) {
        return keys[entry];
    }

    public Object value(int entry) {
        return values[entry];
    }

    public void setValue(int entry, Object value) {
        preserve(entry);
        Object before = values[entry];
        values[entry] = value;
        countData(attach(value) - detach(before));
    }

    public long expireAt(int entry) {
        return expires == null ? NO_EXPIRE : expires[entry];
    }

    /** Sets the absolute expire time in unix ms; {@link #NO_EXPIRE} removes the TTL. */
    public void setExpireAt(int entry, long unixMs) {
        preserve(entry);
        if (unixMs == NO_EXPIRE) {
            if (expires != null && expires[entry] != NO_EXPIRE) {
                removeVolatile(entry);
                expires[entry] = NO_EXPIRE;
            }
            return;
        }
        if (expires == null) {
            expires = new long[keys.length];
            Arrays.fill(expires, NO_EXPIRE);
            volatilePos = new int[keys.length];
            countOverhead();
        }
        if (expires[entry] == NO_EXPIRE) {
            addVolatile(entry);
        }
        expires[entry] = unixMs;
    }

    public int volatileCount() {
        return volatileCount;
    }

    public int access(int entry) {
        return access[entry];
    }

    public void setAccess(int entry, int value) {
        access[entry] = value;
    }

    /**
     * Adds {@code key}, which the caller guarantees is absent, and returns its entry id (no TTL,
     * access 0). The table keeps {@code key} itself; the caller must not mutate it afterwards.
     */
    public int insert(byte[] key, Object value) {
        int h = hash(Objects.requireNonNull(key, "key"));
        int e;
        if (freeHead >= 0 && freeze == null) {
            e = freeHead;
            freeHead = next[e];
        } else {
            if (top == keys.length) {
                growEntries();
            }
            e = top++;
        }
        keys[e] = key;
        values[e] = value;
        hashes[e] = h;
        access[e] = 0;
        countData(keyBytes(key) + attach(value));
        int b = h & mask;
        next[e] = buckets[b];
        buckets[b] = e;
        if (++size > buckets.length && buckets.length < MAX_BUCKETS) {
            rehash(buckets.length << 1);
        }
        return e;
    }

    public boolean remove(byte[] key) {
        int h = hash(key);
        int b = h & mask;
        for (int prev = -1, e = buckets[b]; e >= 0; prev = e, e = next[e]) {
            if (hashes[e] == h && Arrays.equals(keys[e], key)) {
                unlink(e, b, prev);
                return true;
            }
        }
        return false;
    }

    public void removeEntry(int entry) {
        if (keys[entry] == null) {
            throw new IllegalArgumentException("entry " + entry + " is not live");
        }
        int b = hashes[entry] & mask;
        int prev = -1;
        for (int e = buckets[b]; e != entry; e = next[e]) {
            prev = e;
        }
        unlink(entry, b, prev);
    }

    private void unlink(int e, int bucket, int prev) {
        preserve(e);
        if (prev < 0) {
            buckets[bucket] = next[e];
        } else {
            next[prev] = next[e];
        }
        if (expires != null && expires[e] != NO_EXPIRE) {
            removeVolatile(e);
            expires[e] = NO_EXPIRE;
        }
        countData(-(keyBytes(keys[e]) + detach(values[e])));
        keys[e] = null;
        values[e] = null;
        next[e] = freeHead;
        freeHead = e;
        size--;
        if (size < buckets.length >>> 3 && buckets.length > MIN_BUCKETS) {
            rehash(Math.max(MIN_BUCKETS, Integer.highestOneBit(Math.max(1, size - 1)) << 1));
        }
    }

    /** Removes every entry and releases the arrays back to the initial capacity. */
    public void clear() {
        if (freeze != null) {
            throw new IllegalStateException("a snapshot is saving this table: replace it instead of clearing it");
        }
        for (int e = 0; e < top; e++) {
            if (values[e] instanceof SizedValue sized && sized.owner == this) {
                sized.owner = null;
            }
        }
        reset();
    }

    /**
     * Freezes the table's present state for a snapshot, at no cost now: from here on, an entry about to change
     * (written through {@link #beforeWrite}, given another value or expiry, removed) first keeps a copy of what it
     * was, until the snapshot has visited it; new entries take fresh ids, so that ids below the freeze's top only
     * ever name entries that were there or free at the freeze.
     */
    public TableFreeze freeze() {
        if (freeze != null) {
            throw new IllegalStateException("the table is already frozen for a snapshot");
        }
        freeze = new TableFreeze(this, top);
        return freeze;
    }

    /** The snapshot is done with the table (or given up): entries change freely again. */
    void thaw(TableFreeze done) {
        if (freeze == done) {
            freeze = null;
        }
    }

    /** A command is about to change the value of {@code entry} in place. */
    public void beforeWrite(int entry) {
        preserve(entry);
    }

    private void preserve(int entry) {
        if (values[entry] instanceof SizedValue sized) {
            meter.touched(sized);
        }
        if (freeze != null) {
            freeze.preserve(entry);
        }
    }

    /**
     * Visits the live entries of the bucket selected by {@code cursor} and returns the next cursor,
     * 0 when the iteration is complete. The cursor advances in reversed-bit order over the bucket
     * index bits, so an iteration started at 0 sees every entry present during the whole iteration
     * at least once, even when the bucket array is resized between calls. The visitor may remove
     * the entry it is visiting.
     */
    public long scan(long cursor, IntConsumer visitor) {
        if (size == 0) {
            return 0;
        }
        long m = mask;
        int n = 0;
        int[] list = chain;
        for (int e = buckets[(int) (cursor & m)]; e >= 0; e = next[e]) {
            if (n == list.length) {
                list = chain = Arrays.copyOf(list, n << 1);
            }
            list[n++] = e;
        }
        for (int i = 0; i < n; i++) {
            int e = list[i];
            if (keys[e] != null) {
                visitor.accept(e);
            }
        }
        // Increment the masked bits as a reversed number: the high bits are set so the carry
        // runs through them and drops off the top when the last bucket has been visited.
        return Long.reverse(Long.reverse(cursor | ~m) + 1);
    }

    /** A random live entry, or -1 if the table is empty. */
    public int randomEntry(RandomGenerator random) {
        if (size == 0) {
            return -1;
        }
        if (size >= top >>> 1) {
            // Dense entry ids: uniform, at most two probes expected.
            while (true) {
                int e = random.nextInt(top);
                if (keys[e] != null) {
                    return e;
                }
            }
        }
        // Many recycled ids: pick a non-empty bucket (at least 1/8 loaded), then a chain element.
        while (true) {
            int e = buckets[random.nextInt(buckets.length)];
            if (e >= 0) {
                int len = 0;
                for (int c = e; c >= 0; c = next[c]) {
                    len++;
                }
                for (int k = random.nextInt(len); k > 0; k--) {
                    e = next[e];
                }
                return e;
            }
        }
    }

    /** A random entry that has a TTL, or -1 if there is none. */
    public int randomVolatileEntry(RandomGenerator random) {
        return volatileCount == 0 ? -1 : volatiles[random.nextInt(volatileCount)];
    }

    /** Visits every live entry once; the visitor may remove the entry it is visiting. */
    public void forEach(IntConsumer visitor) {
        for (int e = 0; e < top; e++) {
            if (keys[e] != null) {
                visitor.accept(e);
            }
        }
    }

    /** Bytes held by the table's own arrays (not the key and value objects). */
    public long estimatedOverheadBytes() {
        long bytes = JvmLayout.object(12, 5 * 4 + 2 * 8)
                + array(buckets.length, 4)
                + array(keys.length, JvmLayout.REF)
                + array(values.length, JvmLayout.REF)
                + array(hashes.length, 4)
                + array(next.length, 4)
                + array(access.length, 4)
                + array(volatiles.length, 4);
        if (expires != null) {
            bytes += array(expires.length, 8) + array(volatilePos.length, 4);
        }
        return bytes;
    }

    int bucketCount() {
        return buckets.length;
    }

    int maxChainLength() {
        int max = 0;
        for (int head : buckets) {
            int len = 0;
            for (int e = head; e >= 0; e = next[e]) {
                len++;
            }
            max = Math.max(max, len);
        }
        return max;
    }

    /** An array's bytes; the empty arrays of an empty table are shared constants and cost nothing. */
    private static long array(int length, int elementBytes) {
        return length == 0 ? 0 : JvmLayout.array(length, elementBytes);
    }

    private static int[] emptyBuckets(int length) {
        int[] b = new int[length];
        Arrays.fill(b, -1);
        return b;
    }

    /**
     * Makes room for {@code entries} entries in all, and buckets for {@code keys} keys, so that adding that many
     * keys neither grows the entry arrays nor rehashes: what a snapshot's loader asks for when the file says how
     * many keys follow.
     */
    public void reserve(int entries, int keys) {
        int n = Math.min(MAX_CAPACITY, entries);
        if (n > this.keys.length) {
            growEntries(n);
        }
        int wanted = Math.min(MAX_BUCKETS, Integer.highestOneBit(Math.max(MIN_BUCKETS, keys) - 1) << 1);
        if (wanted > buckets.length) {
            rehash(wanted);
        }
    }

    private void growEntries() {
        int cap = keys.length;
        if (cap >= MAX_CAPACITY) {
            throw new IllegalStateException("KeyTable is full");
        }
        growEntries(Math.max(MIN_CAPACITY, (int) Math.min(MAX_CAPACITY, cap + (long) (cap >> 1))));
    }

    private void growEntries(int n) {
        int cap = keys.length;
        keys = Arrays.copyOf(keys, n);
        values = Arrays.copyOf(values, n);
        hashes = Arrays.copyOf(hashes, n);
        next = Arrays.copyOf(next, n);
        access = Arrays.copyOf(access, n);
        if (expires != null) {
            expires = Arrays.copyOf(expires, n);
            Arrays.fill(expires, cap, n, NO_EXPIRE);
            volatilePos = Arrays.copyOf(volatilePos, n);
        }
        countOverhead();
    }

    /** Relinks every chain into a new bucket array of {@code length} (a power of two). */
    private void rehash(int length) {
        int[] old = buckets;
        int[] nb = emptyBuckets(length);
        int m = length - 1;
        for (int head : old) {
            for (int e = head, nx; e >= 0; e = nx) {
                nx = next[e];
                int b = hashes[e] & m;
                next[e] = nb[b];
                nb[b] = e;
            }
        }
        buckets = nb;
        mask = m;
        countOverhead();
    }

    private void addVolatile(int e) {
        if (volatileCount == volatiles.length) {
            int len = volatiles.length;
            volatiles = Arrays.copyOf(volatiles, Math.max(MIN_CAPACITY, len + (len >> 1)));
            countOverhead();
        }
        volatilePos[e] = volatileCount;
        volatiles[volatileCount++] = e;
    }

    private void removeVolatile(int e) {
        int p = volatilePos[e];
        int last = volatiles[--volatileCount];
        volatiles[p] = last;
        volatilePos[last] = p;
        if (volatiles.length > 64 && volatileCount < volatiles.length >>> 2) {
            volatiles = Arrays.copyOf(volatiles, volatiles.length >>> 1);
            countOverhead();
        }
    }
}
