package io.redactor.actors.data.hash;

import io.redactor.actors.data.JvmLayout;

import java.util.Arrays;

/**
 * The small encoding of a hash ("listpack"): fields and values alternating in one byte array, in insertion order,
 * found by linear search as Redis searches its listpacks. One array instead of one per field and value keeps a
 * small hash a single object for the collector (a loaded data set of small hashes is mostly such arrays).
 * Replacing a value keeps the field's place; removing a field closes the gap. Reads return copies. Single-threaded.
 */
final class PairList {
    private static final byte[] EMPTY = {};
    /** Redis's safety limit of a listpack: a hash that would grow past it moves to the table. */
    private static final long MAX_BYTES = 1L << 30;

    /** Field, value, field, value...: each its length (7 bits a byte, low bits first, high bit: more) then its bytes. */
    private byte[] data;
    private int used;
    private int size;
    /** Where pair {@code cursorIndex} starts: consecutive and repeated reads by index do not search from the start. */
    private int cursorIndex;
    private int cursorOffset;

    PairList() {
        data = EMPTY;
    }

    private PairList(byte[] data, int used, int size) {
        this.data = data;
        this.used = used;
        this.size = size;
    }

    /** Whether {@code pairs} pairs of {@code contentBytes} bytes in all stay within the size limit. */
    static boolean fits(int pairs, long contentBytes) {
        return contentBytes + 10L * pairs <= MAX_BYTES;
    }

    /** An empty list with room for {@code pairs} pairs of {@code contentBytes} bytes in all, each under 128 bytes. */
    static PairList withRoom(int pairs, long contentBytes) {
        PairList list = new PairList();
        long room = contentBytes + 2L * pairs;
        if (pairs > 0 && room <= MAX_BYTES) {
            list.data = new byte[(int) room];
        }
        return list;
    }

    /** Whether a pair of {@code field} and {@code value} can be added without passing the size limit. */
    boolean hasRoomFor(byte[] field, byte[] value) {
        return (long) used + field.length + value.length + 10 <= MAX_BYTES;
    }

    PairList copy() {
        return new PairList(Arrays.copyOf(data, used), used, size);
    }

    long memoryBytes() {
        return JvmLayout.object(1, 4 * 4) + JvmLayout.bytes(data.length);
    }

    int size() {
        return size;
    }

    /** The position of {@code field}, or -1. */
    int indexOf(byte[] field) {
        byte[] d = data;
        int p = 0;
        for (int i = 0; i < size; i++) {
            int length = lengthAt(p);
            int start = p + entryHeader(length);
            if (length == field.length && Arrays.equals(d, start, start + length, field, 0, length)) {
                cursorIndex = i;
                cursorOffset = p;
                return i;
            }
            p = skip(start + length);
        }
        return -1;
    }

    byte[] field(int index) {
        return entryAt(offsetOf(index));
    }

    byte[] value(int index) {
        return entryAt(skip(offsetOf(index)));
    }

    /** Visits every pair in order. */
    void forEach(HashValue.PairVisitor visitor) {
        int p = 0;
        for (int i = 0; i < size; i++) {
            int valueAt = skip(p);
            visitor.visit(entryAt(p), entryAt(valueAt));
            p = skip(valueAt);
        }
    }

    void setValue(int index, byte[] value) {
        int at = skip(offsetOf(index));
        int end = skip(at);
        int length = entryHeader(value.length) + value.length;
        int tail = used - end;
        int newUsed = at + length + tail;
        if (newUsed > data.length) {
            byte[] grown = new byte[grownLength(newUsed)];
            System.arraycopy(data, 0, grown, 0, at);
            System.arraycopy(data, end, grown, at + length, tail);
            data = grown;
        } else {
            System.arraycopy(data, end, data, at + length, tail);
        }
        write(at, value);
        used = newUsed;
    }

    /** Appends a field the caller knows is absent. */
    void append(byte[] field, byte[] value) {
        int needed = used + entryHeader(field.length) + field.length + entryHeader(value.length) + value.length;
        if (needed > data.length) {
            data = Arrays.copyOf(data, grownLength(needed));
        }
        used = write(write(used, field), value);
        size++;
    }

    void removeAt(int index) {
        int at = offsetOf(index);
        int end = skip(skip(at));
        System.arraycopy(data, end, data, at, used - end);
        used -= end - at;
        size--;
        if (used < data.length / 4) {
            data = Arrays.copyOf(data, used);
        }
        cursorIndex = 0;
        cursorOffset = 0;
    }

    private int offsetOf(int index) {
        int i = 0;
        int p = 0;
        if (index >= cursorIndex) {
            i = cursorIndex;
            p = cursorOffset;
        }
        for (; i < index; i++) {
            p = skip(skip(p));
        }
        cursorIndex = index;
        cursorOffset = p;
        return p;
    }

    private byte[] entryAt(int p) {
        int length = lengthAt(p);
        int start = p + entryHeader(length);
        return Arrays.copyOfRange(data, start, start + length);
    }

    /** The offset after the entry at {@code p}. */
    private int skip(int p) {
        int length = lengthAt(p);
        return p + entryHeader(length) + length;
    }

    private int lengthAt(int p) {
        byte[] d = data;
        int b = d[p];
        if (b >= 0) {
            return b;
        }
        int length = b & 0x7f;
        for (int shift = 7; ; shift += 7) {
            b = d[++p];
            length |= (b & 0x7f) << shift;
            if (b >= 0) {
                return length;
            }
        }
    }

    /** Writes {@code bytes} as an entry at {@code p}; returns the offset after it. */
    private int write(int p, byte[] bytes) {
        byte[] d = data;
        int length = bytes.length;
        while (length >= 0x80) {
            d[p++] = (byte) (length | 0x80);
            length >>>= 7;
        }
        d[p++] = (byte) length;
        System.arraycopy(bytes, 0, d, p, bytes.length);
        return p + bytes.length;
    }

    private static int entryHeader(long length) {
        return length < 1 << 7 ? 1 : length < 1 << 14 ? 2 : length < 1 << 21 ? 3 : length < 1 << 28 ? 4 : 5;
    }

    private int grownLength(int needed) {
        return (int) Math.min(Math.max(needed, (long) data.length + (data.length >> 1)), MAX_BYTES + 16);
    }
}
