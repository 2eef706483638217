package io.redactor.actors.data;

import java.util.Arrays;

/**
 * Byte strings packed one after another in one array, each as its length (7 bits a byte, low bits first, the high
 * bit set while more follow) then its bytes. Small hashes and sets keep their members so: one array for the
 * collector to copy instead of one per member.
 */
public final class PackedBytes {
    /** The longest array a packed collection grows to (Redis's safety limit of a listpack). */
    public static final long MAX_ARRAY = 1L << 30;

    private PackedBytes() {
    }

    /** The bytes {@code length} bytes take packed, their length included. */
    public static int packedSize(int length) {
        return header(length) + length;
    }

    /** The length of the string at {@code p}. */
    public static int lengthAt(byte[] packed, int p) {
        int b = packed[p];
        if (b >= 0) {
            return b;
        }
        int length = b & 0x7f;
        for (int shift = 7; ; shift += 7) {
            b = packed[++p];
            length |= (b & 0x7f) << shift;
            if (b >= 0) {
                return length;
            }
        }
    }

    /** Where the bytes of the string at {@code p} start, given its length. */
    public static int bytesAt(int p, int length) {
        return p + header(length);
    }

    /** Where the string after the one at {@code p} starts. */
    public static int skip(byte[] packed, int p) {
        int length = lengthAt(packed, p);
        return p + header(length) + length;
    }

    /** A copy of the string at {@code p}. */
    public static byte[] copyAt(byte[] packed, int p) {
        int length = lengthAt(packed, p);
        int start = p + header(length);
        return Arrays.copyOfRange(packed, start, start + length);
    }

    /** Whether the string at {@code p} is {@code bytes}. */
    public static boolean equalsAt(byte[] packed, int p, byte[] bytes) {
        int length = lengthAt(packed, p);
        int start = p + header(length);
        return length == bytes.length && Arrays.equals(packed, start, start + length, bytes, 0, length);
    }

    /** Writes {@code bytes} at {@code p}, which has room for them; returns where they end. */
    public static int write(byte[] packed, int p, byte[] bytes) {
        int length = bytes.length;
        while (length >= 0x80) {
            packed[p++] = (byte) (length | 0x80);
            length >>>= 7;
        }
        packed[p++] = (byte) length;
        System.arraycopy(bytes, 0, packed, p, bytes.length);
        return p + bytes.length;
    }

    /**
     * A length for an array of {@code current} bytes that must hold {@code needed}: exactly that while small, as a
     * listpack is reallocated to fit (a small value keeps no spare room), and an eighth more past 4 KB, so that a big
     * array is not copied at every write; within {@link #MAX_ARRAY}.
     */
    public static int grownLength(int current, int needed) {
        long grown = needed <= 4096 ? needed : Math.max(needed, (long) current + (current >> 3));
        return (int) Math.min(grown, MAX_ARRAY + 16);
    }

    private static int header(long length) {
        return length < 1 << 7 ? 1 : length < 1 << 14 ? 2 : length < 1 << 21 ? 3 : length < 1 << 28 ? 4 : 5;
    }
}
