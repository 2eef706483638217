package io.redactor.actors.data.set;

import io.redactor.actors.data.JvmLayout;
import io.redactor.actors.data.KeyHash;
import io.redactor.actors.data.PackedBytes;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A hash set of binary members (Redis's hashtable set encoding), compared by content.
 *
 * <p>Chained hashing over arrays: an entry is an index into {@code entries} (its hash, the next entry of its
 * bucket, where its member is) and costs no object of its own; the members themselves are packed
 * ({@link PackedBytes}) in byte arrays of up to 1 GB, the chunks, so a small set is five objects whatever its size.
 * Entries are kept dense in {@code [0, size)}: removing one moves the last entry into its place, so a uniformly
 * random member is one array read and iteration needs no holes check. A removed member's bytes stay in its chunk
 * until removed bytes are half of all, then the chunks are rewritten. The bucket array is a power of two that grows
 * past one entry per bucket and shrinks below one in eight; {@link #scan} walks it with Redis's reverse-binary
 * cursor, so SSCAN keeps its guarantee across resizes. Members are copied in and handed out as copies.
 */
final class MemberTable {
    private static final int MIN_BUCKETS = 4;
    private static final int MAX_BUCKETS = 1 << 30;
    private static final int MIN_CAPACITY = 4;
    private static final byte[] EMPTY = {};
    /**
     * The ints of one entry: its member's hash, the next entry in its bucket (-1 at the end), the chunk its member
     * is in and where in it.
     */
    private static final int HASH = 0;
    private static final int NEXT = 1;
    private static final int CHUNK = 2;
    private static final int AT = 3;
    private static final int STRIDE = 4;

    private int[] buckets;
    private int mask;
    private int[] entries;
    /** Members are appended to the last chunk; the others are full. */
    private byte[][] chunks;
    private int lastUsed;
    /** Bytes in all chunks, and those of removed members. */
    private long used;
    private long holes;
    private int size;
    /** The size a chunk grows to before another starts (1 GB; smaller in tests). */
    private final long chunkLimit;

    /** An empty table with room for {@code expected} members of {@code expectedBytes} bytes in all. */
    MemberTable(int expected, long expectedBytes) {
        this(expected, expectedBytes, PackedBytes.MAX_ARRAY);
    }

    MemberTable(int expected, long expectedBytes, long chunkLimit) {
        this.chunkLimit = chunkLimit;
        entries = new int[STRIDE * Math.max(MIN_CAPACITY, expected)];
        long room = expectedBytes + expected;
        chunks = new byte[][] {expected == 0 || room > chunkLimit ? EMPTY : new byte[(int) room]};
        setBuckets(bucketsFor(expected));
    }

    private MemberTable(MemberTable other) {
        chunkLimit = other.chunkLimit;
        buckets = other.buckets.clone();
        mask = other.mask;
        entries = Arrays.copyOf(other.entries, STRIDE * Math.max(MIN_CAPACITY, other.size));
        chunks = other.chunks.clone();
        int last = chunks.length - 1;
        chunks[last] = Arrays.copyOf(chunks[last], other.lastUsed);
        for (int i = 0; i < last; i++) {
            chunks[i] = chunks[i].clone();
        }
        lastUsed = other.lastUsed;
        used = other.used;
        holes = other.holes;
        size = other.size;
    }

    long memoryBytes() {
        long bytes = JvmLayout.object(4, 4 * 4 + 3 * 8) + JvmLayout.array(buckets.length, 4)
                + JvmLayout.array(entries.length, 4) + JvmLayout.refs(chunks.length);
        for (byte[] chunk : chunks) {
            bytes += JvmLayout.bytes(chunk.length);
        }
        return bytes;
    }

    int size() {
        return size;
    }

    /** The member of entry {@code entry}, {@code 0 <= entry < size()}. */
    byte[] member(int entry) {
        return PackedBytes.copyAt(chunks[entries[STRIDE * entry + CHUNK]], entries[STRIDE * entry + AT]);
    }

    boolean contains(byte[] member) {
        return find(member, KeyHash.hash(member)) >= 0;
    }

    /** Adds {@code member}; false when it was already there. */
    boolean add(byte[] member) {
        int h = KeyHash.hash(member);
        if (find(member, h) >= 0) {
            return false;
        }
        if (STRIDE * size == entries.length) {
            growEntries();
        }
        int e = size;
        store(member, e);
        size++;
        int b = h & mask;
        entries[STRIDE * e + HASH] = h;
        entries[STRIDE * e + NEXT] = buckets[b];
        buckets[b] = e;
        if (size > buckets.length && buckets.length < MAX_BUCKETS) {
            rehash(buckets.length << 1);
        }
        return true;
    }

    boolean remove(byte[] member) {
        int h = KeyHash.hash(member);
        int b = h & mask;
        for (int prev = -1, e = buckets[b]; e >= 0; prev = e, e = entries[STRIDE * e + NEXT]) {
            if (entries[STRIDE * e + HASH] == h && holds(e, member)) {
                unlink(e, b, prev);
                return true;
            }
        }
        return false;
    }

    /** Removes entry {@code entry}; the last entry takes its index. */
    void removeEntry(int entry) {
        int b = entries[STRIDE * entry + HASH] & mask;
        int prev = -1;
        for (int e = buckets[b]; e != entry; e = entries[STRIDE * e + NEXT]) {
            prev = e;
        }
        unlink(entry, b, prev);
    }

    private int find(byte[] member, int h) {
        int[] es = entries;
        for (int e = buckets[h & mask]; e >= 0; e = es[STRIDE * e + NEXT]) {
            if (es[STRIDE * e + HASH] == h && holds(e, member)) {
                return e;
            }
        }
        return -1;
    }

    private boolean holds(int e, byte[] member) {
        return PackedBytes.equalsAt(chunks[entries[STRIDE * e + CHUNK]], entries[STRIDE * e + AT], member);
    }

    /** The packed size of entry {@code e}'s member. */
    private int packedSize(int e) {
        int at = entries[STRIDE * e + AT];
        return PackedBytes.skip(chunks[entries[STRIDE * e + CHUNK]], at) - at;
    }

    /**
     * Packs {@code member} as entry {@code e}'s at the end of the last chunk; when it has no room, first rewrites
     * the chunks if removed members are half of them.
     */
    private void store(byte[] member, int e) {
        int needed = PackedBytes.packedSize(member.length);
        if (holes >= needed && holes >= used >> 1 && lastUsed + needed > chunks[chunks.length - 1].length) {
            compact();
        }
        byte[] last = roomFor(needed);
        entries[STRIDE * e + CHUNK] = chunks.length - 1;
        entries[STRIDE * e + AT] = lastUsed;
        lastUsed = PackedBytes.write(last, lastUsed, member);
        used += needed;
    }

    /** The last chunk, grown or (at the chunk limit) followed by a new one so that {@code needed} more bytes fit. */
    private byte[] roomFor(int needed) {
        byte[] last = chunks[chunks.length - 1];
        if (lastUsed + (long) needed <= last.length) {
            return last;
        }
        if (lastUsed + (long) needed <= chunkLimit) {
            int grown = PackedBytes.grownLength(last.length, lastUsed + needed);
            last = Arrays.copyOf(last, (int) Math.min(chunkLimit, grown));
            chunks[chunks.length - 1] = last;
            return last;
        }
        last = new byte[(int) Math.max(needed, Math.min(chunkLimit, used))];
        chunks = Arrays.copyOf(chunks, chunks.length + 1);
        chunks[chunks.length - 1] = last;
        lastUsed = 0;
        return last;
    }

    /** Rewrites the members into new chunks without the removed members' bytes. */
    private void compact() {
        byte[][] old = chunks;
        chunks = new byte[][] {new byte[(int) Math.min(chunkLimit, used - holes)]};
        lastUsed = 0;
        used = 0;
        holes = 0;
        for (int e = 0; e < size; e++) {
            byte[] from = old[entries[STRIDE * e + CHUNK]];
            int at = entries[STRIDE * e + AT];
            int length = PackedBytes.skip(from, at) - at;
            byte[] to = roomFor(length);
            System.arraycopy(from, at, to, lastUsed, length);
            entries[STRIDE * e + CHUNK] = chunks.length - 1;
            entries[STRIDE * e + AT] = lastUsed;
            lastUsed += length;
            used += length;
        }
    }

    private void unlink(int e, int bucket, int prev) {
        holes += packedSize(e);
        if (prev < 0) {
            buckets[bucket] = entries[STRIDE * e + NEXT];
        } else {
            entries[STRIDE * prev + NEXT] = entries[STRIDE * e + NEXT];
        }
        int last = --size;
        if (e != last) {
            relocate(last, e);
        }
        shrinkIfSparse();
    }

    /** Moves entry {@code from} to the free index {@code to}, repointing whatever linked to it. */
    private void relocate(int from, int to) {
        int b = entries[STRIDE * from + HASH] & mask;
        if (buckets[b] == from) {
            buckets[b] = to;
        } else {
            int p = buckets[b];
            while (entries[STRIDE * p + NEXT] != from) {
                p = entries[STRIDE * p + NEXT];
            }
            entries[STRIDE * p + NEXT] = to;
        }
        System.arraycopy(entries, STRIDE * from, entries, STRIDE * to, STRIDE);
    }

    private void shrinkIfSparse() {
        if (size == 0) {
            chunks = new byte[][] {EMPTY};
            lastUsed = 0;
            used = 0;
            holes = 0;
        } else if (holes > 64 && holes >= used >> 1) {
            compact();
        }
        if (buckets.length > MIN_BUCKETS && size < buckets.length >>> 3) {
            rehash(bucketsFor(size));
        }
        int capacity = entries.length / STRIDE;
        if (capacity > 64 && size < capacity >>> 2) {
            entries = Arrays.copyOf(entries, STRIDE * (capacity >>> 1));
        }
    }

    /**
     * Visits the members of the bucket selected by {@code cursor} and returns the next cursor, 0 when the
     * iteration is complete. The cursor counts up over the bucket bits in reversed order, so an iteration
     * started at 0 sees every member present during all of it at least once, even if the table is resized
     * between calls.
     */
    long scan(long cursor, Consumer<byte[]> visitor) {
        if (size == 0) {
            return 0;
        }
        long m = mask;
        for (int e = buckets[(int) (cursor & m)]; e >= 0; e = entries[STRIDE * e + NEXT]) {
            visitor.accept(member(e));
        }
        // Setting the bits above the mask lets the reversed increment's carry run off the top at the end.
        return Long.reverse(Long.reverse(cursor | ~m) + 1);
    }

    MemberTable copy() {
        return new MemberTable(this);
    }

    private static int bucketsFor(int members) {
        if (members <= MIN_BUCKETS) {
            return MIN_BUCKETS;
        }
        return members >= MAX_BUCKETS ? MAX_BUCKETS : Integer.highestOneBit(members - 1) << 1;
    }

    private void setBuckets(int length) {
        buckets = new int[length];
        Arrays.fill(buckets, -1);
        mask = length - 1;
    }

    private void growEntries() {
        long capacity = entries.length / STRIDE;
        long grown = Math.min((Integer.MAX_VALUE - 8) / STRIDE, capacity + (capacity >> 1));
        if (grown <= capacity) {
            throw new IllegalStateException("set is full");
        }
        entries = Arrays.copyOf(entries, (int) (STRIDE * grown));
    }

    private void rehash(int length) {
        setBuckets(length);
        for (int e = 0; e < size; e++) {
            int b = entries[STRIDE * e + HASH] & mask;
            entries[STRIDE * e + NEXT] = buckets[b];
            buckets[b] = e;
        }
    }
}
