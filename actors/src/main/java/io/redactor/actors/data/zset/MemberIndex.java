package io.redactor.actors.data.zset;

import io.redactor.actors.data.JvmLayout;
import io.redactor.actors.data.KeyHash;

import java.util.Arrays;

/**
 * Members to scores: a chained hash table over parallel arrays indexed by entry id, so an entry costs no object
 * of its own (about 24 bytes: member reference, score, hash, chain link, and a bucket). Removed ids are reused
 * through a free list; the entry arrays grow by half and are compacted when they become mostly free. Buckets
 * are a power of two, grown past load factor 1 and shrunk below 1/8, and {@link #scan} walks them with Redis's
 * reverse-binary cursor, which survives both. Single-threaded.
 */
final class MemberIndex {
    private static final int MIN_BUCKETS = 4;
    private static final int MIN_CAPACITY = 4;
    private static final int[] NO_INTS = {};
    private static final double[] NO_DOUBLES = {};
    private static final byte[][] NO_MEMBERS = {};

    private int[] buckets;
    private int mask;
    private byte[][] members = NO_MEMBERS;
    private double[] scores = NO_DOUBLES;
    private int[] hashes = NO_INTS;
    private int[] next = NO_INTS;
    private int size;
    /** Entry ids at or above this were never used. */
    private int top;
    private int freeHead = -1;
    /** Scratch list for {@link #scan}. */
    private int[] chain;

    MemberIndex() {
        this(0);
    }

    /** Bytes of the index's arrays (the members are counted by the tree that shares them). */
    long memoryBytes() {
        return JvmLayout.object(6, 6 * 4) + JvmLayout.array(buckets.length, 4) + JvmLayout.refs(members.length)
                + JvmLayout.array(scores.length, 8) + JvmLayout.array(hashes.length, 4)
                + JvmLayout.array(next.length, 4) + (chain == null ? 0 : JvmLayout.array(chain.length, 4));
    }

    /** An index sized for {@code expected} members. */
    MemberIndex(int expected) {
        int n = MIN_BUCKETS;
        while (n < expected && n < (1 << 30)) {
            n <<= 1;
        }
        buckets = emptyBuckets(n);
        mask = n - 1;
        if (expected > 0) {
            allocate(Math.max(MIN_CAPACITY, expected));
        }
    }

    int size() {
        return size;
    }

    /** The entry id of {@code member}, or -1. */
    int find(byte[] member) {
        return find(member, KeyHash.hash(member));
    }

    private int find(byte[] member, int h) {
        for (int e = buckets[h & mask]; e >= 0; e = next[e]) {
            if (hashes[e] == h && Arrays.equals(members[e], member)) {
                return e;
            }
        }
        return -1;
    }

    double score(int entry) {
        return scores[entry];
    }

    byte[] member(int entry) {
        return members[entry];
    }

    void setScore(int entry, double score) {
        scores[entry] = score;
    }

    /** Adds a member the caller knows is absent; the index keeps the array, which must not change. */
    int insert(byte[] member, double score) {
        int h = KeyHash.hash(member);
        int e;
        if (freeHead >= 0) {
            e = freeHead;
            freeHead = next[e];
        } else {
            if (top == members.length) {
                allocate(Math.max(MIN_CAPACITY, top + (top >> 1)));
            }
            e = top++;
        }
        members[e] = member;
        scores[e] = score;
        hashes[e] = h;
        int b = h & mask;
        next[e] = buckets[b];
        buckets[b] = e;
        size++;
        if (size > buckets.length && buckets.length < (1 << 30)) {
            rehash(buckets.length << 1);
        }
        return e;
    }

    /** Removes a member; its entry id, or -1 when it was absent. */
    int remove(byte[] member) {
        int h = KeyHash.hash(member);
        int b = h & mask;
        int previous = -1;
        for (int e = buckets[b]; e >= 0; previous = e, e = next[e]) {
            if (hashes[e] == h && Arrays.equals(members[e], member)) {
                if (previous < 0) {
                    buckets[b] = next[e];
                } else {
                    next[previous] = next[e];
                }
                members[e] = null;
                next[e] = freeHead;
                freeHead = e;
                size--;
                shrinkIfSparse();
                return e;
            }
        }
        return -1;
    }

    /**
     * Visits the entries of the bucket the cursor names and returns the next cursor (0 when done), as Redis's
     * dictScan: every member present from the first call to the last is visited at least once, whatever the
     * table does in between.
     */
    long scan(long cursor, EntryVisitor visitor) {
        if (size == 0) {
            return 0;
        }
        long m = mask;
        int n = 0;
        int[] list = chain == null ? (chain = new int[8]) : chain;
        for (int e = buckets[(int) (cursor & m)]; e >= 0; e = next[e]) {
            if (n == list.length) {
                list = chain = Arrays.copyOf(list, n << 1);
            }
            list[n++] = e;
        }
        for (int i = 0; i < n; i++) {
            visitor.visit(members[list[i]], scores[list[i]]);
        }
        return Long.reverse(Long.reverse(cursor | ~m) + 1);
    }

    /** An independent copy (member arrays are shared: nobody mutates them). */
    MemberIndex copy() {
        MemberIndex copy = new MemberIndex(size);
        for (int e = 0; e < top; e++) {
            if (members[e] != null) {
                copy.insert(members[e], scores[e]);
            }
        }
        return copy;
    }

    /** Visits every entry, in no particular order. */
    void forEach(EntryVisitor visitor) {
        for (int e = 0; e < top; e++) {
            if (members[e] != null) {
                visitor.visit(members[e], scores[e]);
            }
        }
    }

    private void allocate(int capacity) {
        members = Arrays.copyOf(members, capacity);
        scores = Arrays.copyOf(scores, capacity);
        hashes = Arrays.copyOf(hashes, capacity);
        next = Arrays.copyOf(next, capacity);
    }

    private void shrinkIfSparse() {
        if (buckets.length > MIN_BUCKETS && size < buckets.length >>> 3) {
            rehash(Math.max(MIN_BUCKETS, Integer.highestOneBit(Math.max(1, size)) << 1));
        }
        if (members.length > 64 && size < members.length >>> 2) {
            compact();
        }
    }

    /** Renumbers the live entries from 0 and gives back the free space; buckets keep their places. */
    private void compact() {
        int capacity = Math.max(MIN_CAPACITY, size + (size >> 1));
        byte[][] newMembers = new byte[capacity][];
        double[] newScores = new double[capacity];
        int[] newHashes = new int[capacity];
        int[] newNext = new int[capacity];
        Arrays.fill(buckets, -1);
        int n = 0;
        for (int e = 0; e < top; e++) {
            if (members[e] != null) {
                newMembers[n] = members[e];
                newScores[n] = scores[e];
                newHashes[n] = hashes[e];
                int b = hashes[e] & mask;
                newNext[n] = buckets[b];
                buckets[b] = n;
                n++;
            }
        }
        members = newMembers;
        scores = newScores;
        hashes = newHashes;
        next = newNext;
        top = n;
        freeHead = -1;
    }

    private void rehash(int bucketCount) {
        buckets = emptyBuckets(bucketCount);
        mask = bucketCount - 1;
        for (int e = 0; e < top; e++) {
            if (members[e] != null) {
                int b = hashes[e] & mask;
                next[e] = buckets[b];
                buckets[b] = e;
            }
        }
    }

    private static int[] emptyBuckets(int n) {
        int[] b = new int[n];
        Arrays.fill(b, -1);
        return b;
    }
}
