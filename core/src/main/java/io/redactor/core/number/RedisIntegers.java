package io.redactor.core.number;

/**
 * Redis 7.0's integer text rules: {@code string2ll} for parsing and {@code ll2string} for printing.
 *
 * <p>Parsing is strict, unlike {@link Long#parseLong}: the accepted strings are exactly the ones
 * {@link #toBytes} produces, so a value survives a text round trip unchanged. Neither direction
 * allocates except for the one result array of {@link #toBytes} outside its cache.
 */
public final class RedisIntegers {
    /** Redis's LONG_STR_SIZE: no valid string is this long or longer. */
    private static final int MAX_LENGTH = 21;

    private static final int CACHE_MIN = -1;
    private static final int CACHE_MAX = 9999;
    private static final byte[][] CACHE = new byte[CACHE_MAX - CACHE_MIN + 1][];
    private static final byte[] MIN_VALUE_BYTES = format(Long.MIN_VALUE);

    static {
        for (int v = CACHE_MIN; v <= CACHE_MAX; v++) {
            CACHE[v - CACHE_MIN] = format(v);
        }
    }

    private RedisIntegers() {
    }

    /**
     * Parses {@code s} as Redis's {@code string2ll} does: an optional {@code -}, then decimal digits
     * without leading zeros ({@code "0"} alone excepted, {@code "-0"} rejected), nothing else, within
     * the range of a {@code long}.
     *
     * @throws NotANumberException ({@link NotANumberException#INSTANCE}) when {@code s} is not such a number
     */
    public static long parseLong(byte[] s) {
        return parseLong(s, 0, s.length);
    }

    /** {@link #parseLong(byte[])} on {@code s[off, off + len)}. */
    public static long parseLong(byte[] s, int off, int len) {
        if (len <= 0 || len >= MAX_LENGTH) {
            throw NotANumberException.INSTANCE;
        }
        int i = off;
        int end = off + len;
        boolean negative = false;
        if (s[i] == '-') {
            negative = true;
            if (++i == end) {
                throw NotANumberException.INSTANCE;
            }
        }
        int d = s[i] - '0';
        if (d < 1 || d > 9) {
            if (d == 0 && len == 1) {
                return 0;
            }
            throw NotANumberException.INSTANCE;
        }
        // Accumulate negatively so that Long.MIN_VALUE, whose magnitude has no positive long, fits.
        long acc = -d;
        while (++i < end) {
            d = s[i] - '0';
            if (d < 0 || d > 9 || acc < Long.MIN_VALUE / 10) {
                throw NotANumberException.INSTANCE;
            }
            acc *= 10;
            if (acc < Long.MIN_VALUE + d) {
                throw NotANumberException.INSTANCE;
            }
            acc -= d;
        }
        if (negative) {
            return acc;
        }
        if (acc == Long.MIN_VALUE) {
            throw NotANumberException.INSTANCE;
        }
        return -acc;
    }

    /** Whether {@link #parseLong(byte[])} would accept {@code s}. */
    public static boolean isLong(byte[] s) {
        try {
            parseLong(s, 0, s.length);
            return true;
        } catch (NotANumberException e) {
            return false;
        }
    }

    /**
     * The decimal ASCII form of {@code v}, as Redis's {@code ll2string} writes it.
     *
     * <p>The result may be shared (values from -1 to 9999 come from a cache), so callers must never
     * modify it: it is meant for replies and stored values, which are never written in place.
     */
    public static byte[] toBytes(long v) {
        if (v >= CACHE_MIN && v <= CACHE_MAX) {
            return CACHE[(int) v - CACHE_MIN];
        }
        if (v == Long.MIN_VALUE) {
            return MIN_VALUE_BYTES;
        }
        return format(v);
    }

    /** The length of {@link #toBytes(long)}'s result, the minus sign included. */
    public static int decimalLength(long v) {
        if (v < 0) {
            return v == Long.MIN_VALUE ? 20 : 1 + digits(-v);
        }
        return digits(v);
    }

    private static int digits(long v) {
        long p = 10;
        for (int n = 1; n < 19; n++) {
            if (v < p) {
                return n;
            }
            p *= 10;
        }
        return 19;
    }

    private static byte[] format(long v) {
        int len = decimalLength(v);
        byte[] out = new byte[len];
        // Work with the non-positive value: it has room for Long.MIN_VALUE.
        long m = v < 0 ? v : -v;
        int i = len;
        do {
            out[--i] = (byte) ('0' - (int) (m % 10));
            m /= 10;
        } while (m != 0);
        if (v < 0) {
            out[0] = '-';
        }
        return out;
    }
}
