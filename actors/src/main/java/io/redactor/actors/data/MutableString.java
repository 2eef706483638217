package io.redactor.actors.data;

import java.util.Arrays;

/**
 * A string value that has been changed in place (APPEND, SETRANGE), with spare capacity so that repeated
 * appends are amortised O(1) like Redis's sds. Never shared: readers get a copy ({@link #toBytes()}).
 * Redis reports such strings with the "raw" encoding.
 */
public final class MutableString {
    private byte[] buffer;
    private int length;

    public MutableString(byte[] initial, int extraCapacity) {
        this.buffer = Arrays.copyOf(initial, initial.length + extraCapacity);
        this.length = initial.length;
    }

    public int length() {
        return length;
    }

    public byte[] toBytes() {
        return Arrays.copyOf(buffer, length);
    }

    public void append(byte[] bytes) {
        ensureCapacity((long) length + bytes.length);
        System.arraycopy(bytes, 0, buffer, length, bytes.length);
        length += bytes.length;
    }

    /** Writes {@code bytes} at {@code offset}, padding with zero bytes when the string is shorter. */
    public void writeAt(int offset, byte[] bytes) {
        long end = (long) offset + bytes.length;
        ensureCapacity(end);
        if (offset > length) {
            Arrays.fill(buffer, length, offset, (byte) 0);
        }
        System.arraycopy(bytes, 0, buffer, offset, bytes.length);
        length = (int) Math.max(length, end);
    }

    public byte[] range(int from, int toInclusive) {
        return Arrays.copyOfRange(buffer, from, toInclusive + 1);
    }

    private void ensureCapacity(long needed) {
        if (needed > buffer.length) {
            // Like sds: double small strings, add 1 MB to big ones.
            long grown = needed < 1024 * 1024 ? needed * 2 : needed + 1024 * 1024;
            buffer = Arrays.copyOf(buffer, (int) Math.min(grown, Integer.MAX_VALUE - 8));
        }
    }
}
