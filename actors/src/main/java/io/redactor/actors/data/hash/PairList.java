package io.redactor.actors.data.hash;

import io.redactor.actors.data.JvmLayout;

import java.util.Arrays;

/**
 * The small encoding of a hash ("listpack"): fields and values alternating in one array, in insertion order,
 * found by linear search as Redis searches its listpacks. Replacing a value keeps the field's place; removing a
 * field closes the gap. Arrays are stored as given and never changed in place. Single-threaded.
 */
final class PairList {
    private static final byte[][] EMPTY = {};

    /** Field of pair i at 2i, its value at 2i + 1. */
    private byte[][] items;
    private int size;
    /** Bytes of the field and value arrays. */
    private long contentBytes;

    PairList() {
        items = EMPTY;
    }

    private PairList(byte[][] items, int size, long contentBytes) {
        this.items = items;
        this.size = size;
        this.contentBytes = contentBytes;
    }

    PairList copy() {
        return new PairList(Arrays.copyOf(items, 2 * size), size, contentBytes);
    }

    long memoryBytes() {
        return JvmLayout.object(1, 4 + 8) + JvmLayout.refs(items.length) + contentBytes;
    }

    int size() {
        return size;
    }

    /** An empty list with room for {@code pairs} pairs before it grows. */
    static PairList withRoom(int pairs) {
        PairList list = new PairList();
        if (pairs > 0) {
            list.items = new byte[2 * pairs][];
        }
        return list;
    }

    /** The position of {@code field}, or -1. */
    int indexOf(byte[] field) {
        byte[][] a = items;
        for (int i = 0, end = 2 * size; i < end; i += 2) {
            if (Arrays.equals(a[i], field)) {
                return i >> 1;
            }
        }
        return -1;
    }

    byte[] field(int index) {
        return items[2 * index];
    }

    byte[] value(int index) {
        return items[2 * index + 1];
    }

    void setValue(int index, byte[] value) {
        contentBytes += JvmLayout.bytes(value.length) - JvmLayout.bytes(items[2 * index + 1].length);
        items[2 * index + 1] = value;
    }

    /** Appends a field the caller knows is absent. */
    void append(byte[] field, byte[] value) {
        int at = 2 * size;
        if (at == items.length) {
            items = Arrays.copyOf(items, 2 * Math.max(4, size + (size >> 1)));
        }
        items[at] = field;
        items[at + 1] = value;
        contentBytes += JvmLayout.bytes(field.length) + JvmLayout.bytes(value.length);
        size++;
    }

    void removeAt(int index) {
        int at = 2 * index;
        int end = 2 * size;
        contentBytes -= JvmLayout.bytes(items[at].length) + JvmLayout.bytes(items[at + 1].length);
        System.arraycopy(items, at + 2, items, at, end - at - 2);
        items[end - 2] = null;
        items[end - 1] = null;
        size--;
    }
}
