package io.redactor.actors.data.set;

import io.redactor.actors.data.JvmLayout;
import io.redactor.actors.data.KeyHash;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A hash set of binary members (Redis's hashtable set encoding), compared by content.
 *
 * <p>Chained hashing over parallel arrays: an entry is an index into {@code members}, {@code hashes} and
 * {@code next}, and costs no object of its own. Entries are kept dense in {@code [0, size)}: removing one moves
 * the last entry into its place, so a uniformly random member is one array read and iteration needs no holes
 * check. The bucket array is a power of two that grows past one entry per bucket and shrinks below one in
 * eight; {@link #scan} walks it with Redis's reverse-binary cursor, so SSCAN keeps its guarantee across
 * resizes. Members are stored as given and never modified.
 */
final class MemberTable {
    private static final int MIN_BUCKETS = 4;
    private static final int MAX_BUCKETS = 1 << 30;
    private static final int MIN_CAPACITY = 4;

    private int[] buckets;
    private int mask;
    private byte[][] members;
    private int[] hashes;
    private int[] next;
    private int size;
    /** Bytes of the member arrays. */
    private long contentBytes;

    /** An empty table with room for {@code expected} members before it grows. */
    MemberTable(int expected) {
        int capacity = Math.max(MIN_CAPACITY, expected);
        members = new byte[capacity][];
        hashes = new int[capacity];
        next = new int[capacity];
        setBuckets(bucketsFor(expected));
    }

    private MemberTable(MemberTable other) {
        buckets = other.buckets.clone();
        mask = other.mask;
        members = Arrays.copyOf(other.members, Math.max(MIN_CAPACITY, other.size));
        hashes = Arrays.copyOf(other.hashes, members.length);
        next = Arrays.copyOf(other.next, members.length);
        size = other.size;
        contentBytes = other.contentBytes;
    }

    long memoryBytes() {
        return JvmLayout.object(4, 2 * 4 + 8) + JvmLayout.array(buckets.length, 4) + JvmLayout.refs(members.length)
                + JvmLayout.array(hashes.length, 4) + JvmLayout.array(next.length, 4) + contentBytes;
    }

    int size() {
        return size;
    }

    /** The member of entry {@code entry}, {@code 0 <= entry < size()}. */
    byte[] member(int entry) {
        return members[entry];
    }

    boolean contains(byte[] member) {
        int h = KeyHash.hash(member);
        for (int e = buckets[h & mask]; e >= 0; e = next[e]) {
            if (hashes[e] == h && Arrays.equals(members[e], member)) {
                return true;
            }
        }
        return false;
    }

    /** Adds {@code member} (kept as is: the caller must never modify it); false when it was already there. */
    boolean add(byte[] member) {
        int h = KeyHash.hash(member);
        int b = h & mask;
        for (int e = buckets[b]; e >= 0; e = next[e]) {
            if (hashes[e] == h && Arrays.equals(members[e], member)) {
                return false;
            }
        }
        if (size == members.length) {
            growEntries();
        }
        int e = size++;
        members[e] = member;
        contentBytes += JvmLayout.bytes(member.length);
        hashes[e] = h;
        next[e] = buckets[b];
        buckets[b] = e;
        if (size > buckets.length && buckets.length < MAX_BUCKETS) {
            rehash(buckets.length << 1);
        }
        return true;
    }

    boolean remove(byte[] member) {
        int h = KeyHash.hash(member);
        int b = h & mask;
        for (int prev = -1, e = buckets[b]; e >= 0; prev = e, e = next[e]) {
            if (hashes[e] == h && Arrays.equals(members[e], member)) {
                unlink(e, b, prev);
                return true;
            }
        }
        return false;
    }

    /** Removes entry {@code entry}; the last entry takes its index. */
    void removeEntry(int entry) {
        int b = hashes[entry] & mask;
        int prev = -1;
        for (int e = buckets[b]; e != entry; e = next[e]) {
            prev = e;
        }
        unlink(entry, b, prev);
    }

    private void unlink(int e, int bucket, int prev) {
        contentBytes -= JvmLayout.bytes(members[e].length);
        if (prev < 0) {
            buckets[bucket] = next[e];
        } else {
            next[prev] = next[e];
        }
        int last = --size;
        if (e != last) {
            relocate(last, e);
        }
        members[last] = null;
        shrinkIfSparse();
    }

    /** Moves entry {@code from} to the free index {@code to}, repointing whatever linked to it. */
    private void relocate(int from, int to) {
        int b = hashes[from] & mask;
        if (buckets[b] == from) {
            buckets[b] = to;
        } else {
            int p = buckets[b];
            while (next[p] != from) {
                p = next[p];
            }
            next[p] = to;
        }
        members[to] = members[from];
        hashes[to] = hashes[from];
        next[to] = next[from];
    }

    private void shrinkIfSparse() {
        if (buckets.length > MIN_BUCKETS && size < buckets.length >>> 3) {
            rehash(bucketsFor(size));
        }
        if (members.length > 64 && size < members.length >>> 2) {
            int capacity = members.length >>> 1;
            members = Arrays.copyOf(members, capacity);
            hashes = Arrays.copyOf(hashes, capacity);
            next = Arrays.copyOf(next, capacity);
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
        for (int e = buckets[(int) (cursor & m)]; e >= 0; e = next[e]) {
            visitor.accept(members[e]);
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
        int capacity = members.length;
        int grown = (int) Math.min(Integer.MAX_VALUE - 8, capacity + (long) (capacity >> 1));
        if (grown <= capacity) {
            throw new IllegalStateException("set is full");
        }
        members = Arrays.copyOf(members, grown);
        hashes = Arrays.copyOf(hashes, grown);
        next = Arrays.copyOf(next, grown);
    }

    private void rehash(int length) {
        setBuckets(length);
        for (int e = 0; e < size; e++) {
            int b = hashes[e] & mask;
            next[e] = buckets[b];
            buckets[b] = e;
        }
    }
}
