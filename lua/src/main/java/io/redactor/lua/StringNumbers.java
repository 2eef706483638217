package io.redactor.lua;

import org.luaj.vm2.LuaString;

/**
 * Lua 5.1's coercion of strings to numbers in arithmetic, made cheap for the common case: scripts multiply the
 * strings commands return (LRANGE of numbers) over and over. Plain decimals with at most 15 significant digits and
 * 22 decimals convert exactly with one division (both operands are exact doubles, so the quotient is correctly
 * rounded, as strtod's result is); anything else goes through the full strtod. Results are remembered per script
 * run by the string's bytes, so a string used a hundred times is parsed once, and so are equal strings (LRANGE
gives each element a string of its own). Per run, not per thread: async scripts
 * run on virtual threads, one each, and a cache per thread would cost each of them its size.
 */
final class StringNumbers {
    /** What {@link #of} returns for a string that is not a number: a NaN no parse produces. */
    static final double NOT_A_NUMBER = Double.longBitsToDouble(0x7ff4_dead_beef_0001L);
    private static final double UNDECIDED = Double.longBitsToDouble(0x7ff4_dead_beef_0002L);
    private static final double[] POWERS_OF_TEN = new double[23];
    private static final long MAX_EXACT = 1L << 53;
    private static final int CACHE_SIZE = 1024;

    static {
        double p = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = p;
            p *= 10;
        }
    }

    private StringNumbers() {
    }

    static boolean isNumber(double value) {
        return Double.doubleToRawLongBits(value) != Double.doubleToRawLongBits(NOT_A_NUMBER);
    }

    /** The number {@code s} converts to, or {@link #NOT_A_NUMBER}. */
    static double of(LuaString s) {
        return of(s, ScriptRun.numberCache());
    }

    /** {@link #of(LuaString)} with the run's cache at hand (null: none). */
    static double of(LuaString s, Cache cache) {
        if (cache == null) {
            return parse(s.m_bytes, s.m_offset, s.m_length);
        }
        int slot = s.hashCode() & (CACHE_SIZE - 1);
        LuaString cached = cache.strings[slot];
        if (cached == s || (cached != null && cached.raweq(s))) {
            return cache.values[slot];
        }
        double value = parse(s.m_bytes, s.m_offset, s.m_length);
        cache.strings[slot] = s;
        cache.values[slot] = value;
        return value;
    }

    static double parse(byte[] bytes, int offset, int length) {
        double fast = plainDecimal(bytes, offset, length);
        if (Double.doubleToRawLongBits(fast) != Double.doubleToRawLongBits(UNDECIDED)) {
            return fast;
        }
        Double full = Lua51Numbers.parse(bytes, offset, length);
        return full == null ? NOT_A_NUMBER : full;
    }

    private static double plainDecimal(byte[] s, int offset, int length) {
        int i = offset;
        int end = offset + length;
        boolean negative = false;
        if (i < end && (s[i] == '-' || s[i] == '+')) {
            negative = s[i] == '-';
            i++;
        }
        long mantissa = 0;
        int significant = 0;
        int decimals = 0;
        boolean digits = false;
        boolean point = false;
        for (; i < end; i++) {
            byte b = s[i];
            if (b >= '0' && b <= '9') {
                digits = true;
                mantissa = mantissa * 10 + (b - '0');
                if (mantissa != 0 && ++significant > 15) {
                    return UNDECIDED;
                }
                if (point) {
                    decimals++;
                }
            } else if (b == '.' && !point) {
                point = true;
            } else {
                return UNDECIDED;
            }
        }
        if (!digits || decimals >= POWERS_OF_TEN.length || mantissa >= MAX_EXACT) {
            return UNDECIDED;
        }
        double value = decimals == 0 ? mantissa : mantissa / POWERS_OF_TEN[decimals];
        return negative ? -value : value;
    }

    static final class Cache {
        final LuaString[] strings = new LuaString[CACHE_SIZE];
        final double[] values = new double[CACHE_SIZE];
    }
}
