package io.redactor.actors.data.hash;

import io.redactor.actors.data.JvmLayout;
import io.redactor.actors.data.KeyHash;

import java.util.Arrays;
import java.util.function.IntConsumer;
import java.util.random.RandomGenerator;

/**
 * The big encoding of a hash ("hashtable"): binary fields to binary values, chained hashing over parallel
 * arrays indexed by an int entry id, so an entry costs no object of its own (about 20 bytes of table per field
 * besides the field and value arrays). Removed ids are recycled through a free list threaded through
 * {@code next}; a live entry has a non-null field. The bucket array doubles past load factor 1 and halves below
 * 1/8; the entry arrays grow by half and are compacted when three quarters of them are unused.
 *
 * <p>Fields and values are stored as given and never changed in place (a new value replaces the array), so
 * replies may wrap them. Single-threaded.
 */
final class FieldTable {
    private static final int MIN_BUCKETS = 8;
    private static final int MAX_BUCKETS = 1 << 30;
    private static final int MIN_CAPACITY = 8;
    private static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;

    private int[] buckets;
    private int mask;
    private byte[][] fields;
    private byte[][] values;
    private int[] hashes;
    private int[] next;
    private int size;
    /** Entry ids at or above this were never used. */
    private int top;
    private int freeHead = -1;
    /** Bytes of the field and value arrays. */
    private long contentBytes;

    FieldTable(int expectedSize) {
        int capacity = Math.max(MIN_CAPACITY, expectedSize);
        fields = new byte[capacity][];
        values = new byte[capacity][];
        hashes = new int[capacity];
        next = new int[capacity];
        int bucketCount = bucketsFor(capacity);
        buckets = emptyBuckets(bucketCount);
        mask = bucketCount - 1;
    }

    private FieldTable(FieldTable other) {
        buckets = other.buckets.clone();
        mask = other.mask;
        fields = other.fields.clone();
        values = other.values.clone();
        hashes = other.hashes.clone();
        next = other.next.clone();
        size = other.size;
        top = other.top;
        freeHead = other.freeHead;
        contentBytes = other.contentBytes;
    }

    long memoryBytes() {
        return JvmLayout.object(6, 4 * 4 + 8) + JvmLayout.array(buckets.length, 4) + JvmLayout.refs(fields.length)
                + JvmLayout.refs(values.length) + JvmLayout.array(hashes.length, 4) + JvmLayout.array(next.length, 4)
                + contentBytes;
    }

    FieldTable copy() {
        return new FieldTable(this);
    }

    int size() {
        return size;
    }

    /** The entry id of {@code field}, or -1. */
    int find(byte[] field) {
        int h = KeyHash.hash(field);
        for (int e = buckets[h & mask]; e >= 0; e = next[e]) {
            if (hashes[e] == h && Arrays.equals(fields[e], field)) {
                return e;
            }
        }
        return -1;
    }

    byte[] field(int entry) {
        return fields[entry];
    }

    byte[] value(int entry) {
        return values[entry];
    }

    void setValue(int entry, byte[] value) {
        contentBytes += JvmLayout.bytes(value.length) - JvmLayout.bytes(values[entry].length);
        values[entry] = value;
    }

    /** Sets {@code field} to {@code value}; true when the field is new. */
    boolean put(byte[] field, byte[] value) {
        int h = KeyHash.hash(field);
        for (int e = buckets[h & mask]; e >= 0; e = next[e]) {
            if (hashes[e] == h && Arrays.equals(fields[e], field)) {
                contentBytes += JvmLayout.bytes(value.length) - JvmLayout.bytes(values[e].length);
                values[e] = value;
                return false;
            }
        }
        link(h, field, value);
        return true;
    }

    /** Adds a field the caller knows is absent. */
    void insert(byte[] field, byte[] value) {
        link(KeyHash.hash(field), field, value);
    }

    private void link(int h, byte[] field, byte[] value) {
        int e;
        if (freeHead >= 0) {
            e = freeHead;
            freeHead = next[e];
        } else {
            if (top == fields.length) {
                resizeEntries(grownCapacity(fields.length));
            }
            e = top++;
        }
        fields[e] = field;
        values[e] = value;
        contentBytes += JvmLayout.bytes(field.length) + JvmLayout.bytes(value.length);
        hashes[e] = h;
        int b = h & mask;
        next[e] = buckets[b];
        buckets[b] = e;
        if (++size > buckets.length && buckets.length < MAX_BUCKETS) {
            rehash(buckets.length << 1);
        }
    }

    boolean remove(byte[] field) {
        int h = KeyHash.hash(field);
        int b = h & mask;
        for (int prev = -1, e = buckets[b]; e >= 0; prev = e, e = next[e]) {
            if (hashes[e] == h && Arrays.equals(fields[e], field)) {
                if (prev < 0) {
                    buckets[b] = next[e];
                } else {
                    next[prev] = next[e];
                }
                contentBytes -= JvmLayout.bytes(fields[e].length) + JvmLayout.bytes(values[e].length);
                fields[e] = null;
                values[e] = null;
                next[e] = freeHead;
                freeHead = e;
                size--;
                shrinkIfSparse();
                return true;
            }
        }
        return false;
    }

    /** Visits every live entry once, in entry id order. */
    void forEach(IntConsumer visitor) {
        for (int e = 0; e < top; e++) {
            if (fields[e] != null) {
                visitor.accept(e);
            }
        }
    }

    /**
     * Visits the entries of the bucket selected by {@code cursor} and returns the next cursor, 0 when the
     * iteration is complete. The cursor counts in reversed-bit order over the bucket index, so an iteration
     * started at 0 returns every entry present during the whole iteration at least once even when the bucket
     * array is resized between calls (the guarantee of Redis's SCAN family). The visitor must not change the
     * table.
     */
    long scan(long cursor, IntConsumer visitor) {
        long m = mask;
        for (int e = buckets[(int) (cursor & m)]; e >= 0; e = next[e]) {
            visitor.accept(e);
        }
        // Increment the masked bits as a reversed number: setting the bits above the mask lets the carry run
        // through them and drop off the top after the last bucket.
        return Long.reverse(Long.reverse(cursor | ~m) + 1);
    }

    /** A uniformly random live entry, or -1 if the table is empty. */
    int randomEntry(RandomGenerator random) {
        if (size == 0) {
            return -1;
        }
        // Compaction keeps at least a quarter of the used ids live: a few probes on average.
        while (true) {
            int e = random.nextInt(top);
            if (fields[e] != null) {
                return e;
            }
        }
    }

    private void shrinkIfSparse() {
        if (size < buckets.length >>> 3 && buckets.length > MIN_BUCKETS) {
            rehash(bucketsFor(size));
        }
        if (fields.length > 4 * MIN_CAPACITY && size < fields.length >>> 2) {
            compact();
        }
    }

    /** Renumbers the live entries densely from 0 into arrays sized for half again as many. */
    private void compact() {
        int capacity = Math.max(MIN_CAPACITY, size + (size >> 1));
        byte[][] newFields = new byte[capacity][];
        byte[][] newValues = new byte[capacity][];
        int[] newHashes = new int[capacity];
        int n = 0;
        for (int e = 0; e < top; e++) {
            if (fields[e] != null) {
                newFields[n] = fields[e];
                newValues[n] = values[e];
                newHashes[n] = hashes[e];
                n++;
            }
        }
        fields = newFields;
        values = newValues;
        hashes = newHashes;
        next = new int[capacity];
        top = n;
        freeHead = -1;
        int[] nb = emptyBuckets(buckets.length);
        for (int e = 0; e < n; e++) {
            int b = hashes[e] & mask;
            next[e] = nb[b];
            nb[b] = e;
        }
        buckets = nb;
    }

    private static int grownCapacity(int capacity) {
        if (capacity >= MAX_CAPACITY) {
            throw new IllegalStateException("hash is full");
        }
        return (int) Math.min(MAX_CAPACITY, Math.max(MIN_CAPACITY, capacity + (long) (capacity >> 1)));
    }

    private void resizeEntries(int capacity) {
        fields = Arrays.copyOf(fields, capacity);
        values = Arrays.copyOf(values, capacity);
        hashes = Arrays.copyOf(hashes, capacity);
        next = Arrays.copyOf(next, capacity);
    }

    /** Relinks every chain into a new bucket array of {@code length} (a power of two). */
    private void rehash(int length) {
        int[] nb = emptyBuckets(length);
        int m = length - 1;
        for (int head : buckets) {
            for (int e = head, nx; e >= 0; e = nx) {
                nx = next[e];
                int b = hashes[e] & m;
                next[e] = nb[b];
                nb[b] = e;
            }
        }
        buckets = nb;
        mask = m;
    }

    /** The smallest power of two at least {@code entries} (load factor at most 1). */
    private static int bucketsFor(int entries) {
        if (entries <= MIN_BUCKETS) {
            return MIN_BUCKETS;
        }
        return (int) Math.min(MAX_BUCKETS, (long) Integer.highestOneBit(entries - 1) << 1);
    }

    private static int[] emptyBuckets(int length) {
        int[] b = new int[length];
        Arrays.fill(b, -1);
        return b;
    }

    int bucketCount() {
        return buckets.length;
    }

    int capacity() {
        return fields.length;
    }
}
