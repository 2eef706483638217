package io.redactor.actors.data;

import java.util.Arrays;
import java.util.function.Function;

/**
 * A string value that has been changed in place (APPEND, SETRANGE), with spare capacity so that repeated
 * appends are amortised O(1) like Redis's sds. Never shared: readers get a copy ({@link #toBytes()}).
 * Redis reports such strings with the "raw" encoding.
 */
public final class MutableString extends SizedValue {
    private byte[] buffer;
    private int length;

    public MutableString(byte[] initial, int extraCapacity) {
        this.buffer = Arrays.copyOf(initial, initial.length + extraCapacity);
        this.length = initial.length;
    }

    /** A string whose buffer is {@code bytes}, all of them, which the caller gives up (no copy is made). */
    public static MutableString wrap(byte[] bytes) {
        MutableString string = new MutableString(new byte[0], 0);
        string.buffer = bytes;
        string.length = bytes.length;
        return string;
    }

    public int length() {
        return length;
    }

    @Override
    public long memoryBytes() {
        return shell(1, 4) + JvmLayout.bytes(buffer.length);
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

    /**
     * Grows the string with zero bytes to at least {@code minLength}, then lets {@code writer} change its bytes in
     * place: it gets the buffer, valid up to {@link #length()}, and must not keep it. Returns what it returns.
     */
    public <R> R update(int minLength, Function<byte[], R> writer) {
        if (minLength > length) {
            ensureCapacity(minLength);
            Arrays.fill(buffer, length, minLength, (byte) 0);
            length = minLength;
        }
        return writer.apply(buffer);
    }

    /**
     * The array holding the bytes, the first {@link #length()} of them: for code that reads or changes them in
     * place. Bytes beyond the length are zero unless that code wrote there. The array is replaced when the string
     * grows, so it must be asked for again after {@link #setLength}, and never kept beyond the command.
     */
    public byte[] buffer() {
        return buffer;
    }

    /**
     * Makes the string {@code newLength} bytes long, as Redis changes an sds string's length in place: growing appends
     * zero bytes, shrinking drops the last bytes (zeroed in the array), and the array keeps a zero byte right after
     * the last, where a C string has its terminating zero (code that reads the string as Redis does may look at it).
     */
    public void setLength(int newLength) {
        ensureCapacity((long) newLength + 1);
        Arrays.fill(buffer, Math.min(length, newLength), Math.max(length, newLength), (byte) 0);
        buffer[newLength] = 0;
        length = newLength;
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
