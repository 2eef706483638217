package io.redactor.actors.data.bitmap;

/**
 * Integers of 1 to 64 bits at any bit offset of a string, most significant bit first (BITFIELD's layout, which is
 * big-endian when aligned to bytes), and Redis's overflow rules for storing or incrementing them.
 */
public final class BitFields {
    private BitFields() {
    }

    /** How a value that does not fit its width is stored. */
    public enum Overflow {
        /** Modulo the width (signed values wrap around to the most negative one). */
        WRAP,
        /** The largest or smallest value of the width. */
        SAT,
        /** Not stored. */
        FAIL
    }

    /** The {@code bits}-wide unsigned value at bit {@code offset}; bytes past {@code length} read as zeros. */
    public static long getUnsigned(byte[] bytes, int length, long offset, int bits) {
        long value = 0;
        for (int j = 0; j < bits; j++) {
            value = (value << 1) | (BitCounts.bit(bytes, length, offset + j) ? 1 : 0);
        }
        return value;
    }

    /** The {@code bits}-wide two's-complement value at bit {@code offset}. */
    public static long getSigned(byte[] bytes, int length, long offset, int bits) {
        long value = getUnsigned(bytes, length, offset, bits);
        return bits == 64 ? value : (value << (64 - bits)) >> (64 - bits);
    }

    /** Stores the low {@code bits} of {@code value} at bit {@code offset}, which the string must reach. */
    public static void set(byte[] bytes, long offset, int bits, long value) {
        for (int j = 0; j < bits; j++) {
            long at = offset + j;
            int index = (int) (at >>> 3);
            int mask = 0x80 >>> (at & 7);
            if (((value >>> (bits - 1 - j)) & 1) != 0) {
                bytes[index] |= (byte) mask;
            } else {
                bytes[index] &= (byte) ~mask;
            }
        }
    }

    /**
     * {@code value + increment} as an unsigned {@code bits}-wide integer (1 to 63 bits), or null when it does not
     * fit and {@code overflow} is FAIL. {@code value} is unsigned: a negative one (a SET of a negative number) is
     * too large, as Redis reads it.
     */
    public static Long addUnsigned(long value, long increment, int bits, Overflow overflow) {
        long max = (1L << bits) - 1;
        boolean over = Long.compareUnsigned(value, max) > 0 || (increment > 0 && increment > max - value);
        boolean under = !over && increment < 0 && increment < -value;
        if (!over && !under) {
            return value + increment;
        }
        return switch (overflow) {
            case WRAP -> (value + increment) & max;
            case SAT -> over ? max : 0L;
            case FAIL -> null;
        };
    }

    /**
     * {@code value + increment} as a signed {@code bits}-wide integer (1 to 64 bits), or null when it does not fit
     * and {@code overflow} is FAIL.
     */
    public static Long addSigned(long value, long increment, int bits, Overflow overflow) {
        long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
        long min = -max - 1;
        long sum = value + increment;
        boolean over;
        boolean under;
        if (bits == 64) {
            over = value >= 0 && increment > 0 && sum < 0;
            under = value < 0 && increment < 0 && sum >= 0;
        } else {
            over = value > max || increment > max - value;
            under = !over && (value < min || increment < min - value);
        }
        if (!over && !under) {
            return sum;
        }
        return switch (overflow) {
            case WRAP -> bits == 64 ? sum : (sum << (64 - bits)) >> (64 - bits);
            case SAT -> over ? max : min;
            case FAIL -> null;
        };
    }
}
