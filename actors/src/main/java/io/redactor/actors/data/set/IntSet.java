package io.redactor.actors.data.set;

import io.redactor.actors.data.JvmLayout;

import java.util.Arrays;

/**
 * The members of a small all-integer set (Redis's intset encoding): distinct longs kept sorted in an array,
 * found by binary search. Inserts and removals shift the tail, which is cheap at the sizes this encoding is
 * used for (set-max-intset-entries, 512 by default).
 */
final class IntSet {
    private static final long[] EMPTY = {};

    private long[] values;
    private int size;

    IntSet() {
        values = EMPTY;
    }

    private IntSet(long[] values, int size) {
        this.values = values;
        this.size = size;
    }

    long memoryBytes() {
        return JvmLayout.object(1, 4) + JvmLayout.array(values.length, 8);
    }

    int size() {
        return size;
    }

    /** The {@code index}-th smallest member. */
    long get(int index) {
        return values[index];
    }

    boolean contains(long value) {
        return Arrays.binarySearch(values, 0, size, value) >= 0;
    }

    /** Adds {@code value}; false when it was already there. */
    boolean add(long value) {
        int at = Arrays.binarySearch(values, 0, size, value);
        if (at >= 0) {
            return false;
        }
        at = -at - 1;
        if (size == values.length) {
            values = Arrays.copyOf(values, size < 4 ? 4 : size + (size >> 1));
        }
        System.arraycopy(values, at, values, at + 1, size - at);
        values[at] = value;
        size++;
        return true;
    }

    boolean remove(long value) {
        int at = Arrays.binarySearch(values, 0, size, value);
        if (at < 0) {
            return false;
        }
        removeAt(at);
        return true;
    }

    void removeAt(int index) {
        size--;
        System.arraycopy(values, index + 1, values, index, size - index);
        if (values.length > 16 && size < values.length >>> 2) {
            values = Arrays.copyOf(values, values.length >>> 1);
        }
    }

    IntSet copy() {
        return new IntSet(Arrays.copyOf(values, size), size);
    }
}
