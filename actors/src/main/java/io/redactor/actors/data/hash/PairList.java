package io.redactor.actors.data.hash;

import io.redactor.actors.data.JvmLayout;
import io.redactor.actors.data.PackedBytes;

import java.util.Arrays;

/**
 * The small encoding of a hash ("listpack"): fields and values alternating, packed in one byte array
 * ({@link PackedBytes}), in insertion order, found by linear search as Redis searches its listpacks. One array
 * instead of one per field and value keeps a small hash a single object for the collector (a loaded data set of
 * small hashes is mostly such arrays). Replacing a value keeps the field's place; removing a field closes the gap.
 * Reads return copies. Single-threaded.
 */
final class PairList {
    private static final byte[] EMPTY = {};

    /** Field, value, field, value... packed ({@link PackedBytes}). */
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
        return contentBytes + 10L * pairs <= PackedBytes.MAX_ARRAY;
    }

    /** An empty list with room for {@code pairs} pairs of {@code contentBytes} bytes in all, each under 128 bytes. */
    static PairList withRoom(int pairs, long contentBytes) {
        PairList list = new PairList();
        long room = contentBytes + 2L * pairs;
        if (pairs > 0 && room <= PackedBytes.MAX_ARRAY) {
            list.data = new byte[(int) room];
        }
        return list;
    }

    /** Whether a pair of {@code field} and {@code value} can be added without passing the size limit. */
    boolean hasRoomFor(byte[] field, byte[] value) {
        return fits(1, (long) used + field.length + value.length);
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
        int p = 0;
        for (int i = 0; i < size; i++) {
            if (PackedBytes.equalsAt(data, p, field)) {
                cursorIndex = i;
                cursorOffset = p;
                return i;
            }
            p = PackedBytes.skip(data, PackedBytes.skip(data, p));
        }
        return -1;
    }

    byte[] field(int index) {
        return PackedBytes.copyAt(data, offsetOf(index));
    }

    byte[] value(int index) {
        return PackedBytes.copyAt(data, PackedBytes.skip(data, offsetOf(index)));
    }

    /** Visits every pair in order. */
    void forEach(HashValue.PairVisitor visitor) {
        int p = 0;
        for (int i = 0; i < size; i++) {
            int valueAt = PackedBytes.skip(data, p);
            visitor.visit(PackedBytes.copyAt(data, p), PackedBytes.copyAt(data, valueAt));
            p = PackedBytes.skip(data, valueAt);
        }
    }

    void setValue(int index, byte[] value) {
        int at = PackedBytes.skip(data, offsetOf(index));
        int end = PackedBytes.skip(data, at);
        int length = PackedBytes.packedSize(value.length);
        int tail = used - end;
        int newUsed = at + length + tail;
        if (newUsed > data.length) {
            byte[] grown = new byte[PackedBytes.grownLength(data.length, newUsed)];
            System.arraycopy(data, 0, grown, 0, at);
            System.arraycopy(data, end, grown, at + length, tail);
            data = grown;
        } else {
            System.arraycopy(data, end, data, at + length, tail);
        }
        PackedBytes.write(data, at, value);
        used = newUsed;
    }

    /** Appends a field the caller knows is absent. */
    void append(byte[] field, byte[] value) {
        int needed = used + PackedBytes.packedSize(field.length) + PackedBytes.packedSize(value.length);
        if (needed > data.length) {
            data = Arrays.copyOf(data, PackedBytes.grownLength(data.length, needed));
        }
        used = PackedBytes.write(data, PackedBytes.write(data, used, field), value);
        size++;
    }

    void removeAt(int index) {
        int at = offsetOf(index);
        int end = PackedBytes.skip(data, PackedBytes.skip(data, at));
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
            p = PackedBytes.skip(data, PackedBytes.skip(data, p));
        }
        cursorIndex = index;
        cursorOffset = p;
        return p;
    }
}
