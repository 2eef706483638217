package io.redactor.actors.data.stream;

import io.redactor.actors.data.JvmLayout;

import java.util.Arrays;

/**
 * A stream's nodes in the order of their master IDs: what Redis keeps in a radix tree keyed by the 128-bit
 * big-endian master ID, here in parallel arrays searched by binary search. Appending (XADD) and removing the first
 * nodes (trimming) are O(1); removing a node in the middle (XDEL of its last entry) shifts the ones after it.
 */
final class StreamNodes {
    private long[] ms;
    private long[] seq;
    private byte[][] listpacks;
    /** The first node's slot: trimmed nodes leave room at the front until the next growth. */
    private int start;
    private int size;
    /** Bytes of the listpack arrays. */
    private long listpackBytes;

    StreamNodes() {
        this(4);
    }

    private StreamNodes(int capacity) {
        ms = new long[capacity];
        seq = new long[capacity];
        listpacks = new byte[capacity][];
    }

    long memoryBytes() {
        return JvmLayout.object(3, 2 * 4 + 8) + 2 * JvmLayout.array(ms.length, 8) + JvmLayout.refs(listpacks.length)
                + listpackBytes;
    }

    int size() {
        return size;
    }

    StreamId masterId(int node) {
        return new StreamId(ms[start + node], seq[start + node]);
    }

    byte[] listpack(int node) {
        return listpacks[start + node];
    }

    void setListpack(int node, byte[] lp) {
        listpackBytes += JvmLayout.bytes(lp.length) - JvmLayout.bytes(listpacks[start + node].length);
        listpacks[start + node] = lp;
    }

    /** The last node whose master ID is at most {@code id}, or -1 when every node starts after it. */
    int floor(StreamId id) {
        int lo = 0;
        int hi = size - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int cmp = compare(mid, id);
            if (cmp <= 0) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /**
     * Adds a node in master ID order; false when a node with that master ID is already there (Redis's
     * raxTryInsert, which a corrupt RDB file can fail).
     */
    boolean insert(StreamId master, byte[] lp) {
        int at = floor(master) + 1;
        if (at > 0 && compare(at - 1, master) == 0) {
            return false;
        }
        if (start + size == ms.length) {
            grow();
        }
        int slot = start + at;
        int moved = size - at;
        System.arraycopy(ms, slot, ms, slot + 1, moved);
        System.arraycopy(seq, slot, seq, slot + 1, moved);
        System.arraycopy(listpacks, slot, listpacks, slot + 1, moved);
        ms[slot] = master.ms();
        seq[slot] = master.seq();
        listpacks[slot] = lp;
        listpackBytes += JvmLayout.bytes(lp.length);
        size++;
        return true;
    }

    void remove(int node) {
        listpackBytes -= JvmLayout.bytes(listpacks[start + node].length);
        if (node == 0) {
            listpacks[start] = null;
            start++;
        } else {
            int slot = start + node;
            int moved = size - node - 1;
            System.arraycopy(ms, slot + 1, ms, slot, moved);
            System.arraycopy(seq, slot + 1, seq, slot, moved);
            System.arraycopy(listpacks, slot + 1, listpacks, slot, moved);
            listpacks[start + size - 1] = null;
        }
        size--;
        if (size == 0) {
            start = 0;
        }
    }

    /** A deep copy: every listpack copied at its size. */
    StreamNodes copy() {
        StreamNodes copy = new StreamNodes(Math.max(4, size));
        for (int i = 0; i < size; i++) {
            copy.ms[i] = ms[start + i];
            copy.seq[i] = seq[start + i];
            byte[] lp = listpacks[start + i];
            copy.listpacks[i] = Arrays.copyOf(lp, io.redactor.core.listpack.Listpack.totalBytes(lp));
            copy.listpackBytes += JvmLayout.bytes(copy.listpacks[i].length);
        }
        copy.size = size;
        return copy;
    }

    private int compare(int node, StreamId id) {
        int byMs = Long.compareUnsigned(ms[start + node], id.ms());
        return byMs != 0 ? byMs : Long.compareUnsigned(seq[start + node], id.seq());
    }

    private void grow() {
        int capacity = size < ms.length / 2 ? ms.length : ms.length * 2;
        long[] newMs = new long[capacity];
        long[] newSeq = new long[capacity];
        byte[][] newListpacks = new byte[capacity][];
        System.arraycopy(ms, start, newMs, 0, size);
        System.arraycopy(seq, start, newSeq, 0, size);
        System.arraycopy(listpacks, start, newListpacks, 0, size);
        ms = newMs;
        seq = newSeq;
        listpacks = newListpacks;
        start = 0;
    }
}
