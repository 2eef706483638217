package io.redactor.actors.data.bitmap;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Counting and finding bits in a string's bytes, read as a bitmap: bit 0 is the most significant bit of byte 0, as
 * SETBIT numbers them. Whole 8-byte words are read at once.
 */
public final class BitCounts {
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private BitCounts() {
    }

    /** Whether bit {@code offset} is set; bits past the end are clear. */
    public static boolean bit(byte[] bytes, int length, long offset) {
        long index = offset >>> 3;
        return index < length && (bytes[(int) index] & (0x80 >>> (offset & 7))) != 0;
    }

    /** Set bits in bytes {@code [from, to]}, both within the string. */
    public static long count(byte[] bytes, int from, int to) {
        long count = 0;
        int i = from;
        for (; i + 8 <= to + 1; i += 8) {
            count += Long.bitCount((long) WORDS.get(bytes, i));
        }
        for (; i <= to; i++) {
            count += Integer.bitCount(bytes[i] & 0xff);
        }
        return count;
    }

    /** Set bits between bit offsets {@code [from, to]}, both within the string. */
    public static long countBits(byte[] bytes, long from, long to) {
        int first = (int) (from >>> 3);
        int last = (int) (to >>> 3);
        long count = count(bytes, first, last);
        count -= Integer.bitCount(bytes[first] & 0xff & ~(0xff >>> (from & 7)));
        count -= Integer.bitCount(bytes[last] & 0xff & (0x7f >>> (to & 7)));
        return count;
    }

    /**
     * The first bit equal to {@code bit} between bit offsets {@code [from, to]} (both within the string), or -1 if
     * there is none.
     */
    public static long position(byte[] bytes, long from, long to, boolean bit) {
        long offset = from;
        // the first partial byte, then whole words, then bytes
        while (offset <= to && (offset & 7) != 0) {
            if (matches(bytes, offset, bit)) {
                return offset;
            }
            offset++;
        }
        long skip = bit ? 0L : -1L;
        while (offset + 64 <= to + 1) {
            long word = (long) WORDS.get(bytes, (int) (offset >>> 3));
            if (word != skip) {
                return offset + Long.numberOfLeadingZeros(bit ? word : ~word);
            }
            offset += 64;
        }
        for (; offset <= to; offset++) {
            if (matches(bytes, offset, bit)) {
                return offset;
            }
        }
        return -1;
    }

    private static boolean matches(byte[] bytes, long offset, boolean bit) {
        return ((bytes[(int) (offset >>> 3)] & (0x80 >>> (offset & 7))) != 0) == bit;
    }
}
