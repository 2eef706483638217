package io.redactor.lua.libs;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;

/**
 * Lua 5.1's conversions between strings and numbers ({@code lua_tonumber}, {@code lua_tolstring}) and C's numeric
 * casts as gcc compiles them for x86-64, which Redis's C libraries apply to Lua numbers (doubles).
 */
public final class Lua51 {
    /** {@code LUAI_MAXCSTACK}: stack slots a C function may use; the libraries' "stack overflow" limits. */
    public static final int MAX_C_STACK = 8000;

    private Lua51() {
    }

    /** {@code lua_tonumber}: a number, a string Lua 5.1 reads as a number, or null. */
    public static Double toNumber(LuaValue value) {
        if (value.type() == LuaValue.TNUMBER) {
            return value.todouble();
        }
        if (value instanceof LuaString s) {
            return stringToNumber(s);
        }
        return null;
    }

    /** {@code luaO_str2d}: strtod, then only white space up to the end (a zero byte ends the string). */
    public static Double stringToNumber(LuaString s) {
        int start = s.m_offset;
        int limit = start + s.m_length;
        CStrtod parsed = CStrtod.parse(s.m_bytes, start, limit);
        if (parsed.end == start) {
            return null;
        }
        int p = parsed.end;
        while (p < limit && CStrtod.isSpace(s.m_bytes[p])) {
            p++;
        }
        if (p < limit && s.m_bytes[p] != 0) {
            return null;
        }
        return parsed.value;
    }

    /** {@code lua_tolstring}: a string as it is, a number as {@code %.14g}, or null. */
    public static LuaString toLuaString(LuaValue value) {
        if (value instanceof LuaString s) {
            return s;
        }
        if (value.type() == LuaValue.TNUMBER) {
            return LuaString.valueOf(CFormat.luaNumber(value.todouble()));
        }
        return null;
    }

    /** {@code (int64_t) d}: truncation; NaN and out-of-range values give the "integer indefinite" 2^63. */
    public static long toInt64(double d) {
        return d >= -0x1p63 && d < 0x1p63 ? (long) d : Long.MIN_VALUE;
    }

    /** {@code (int32_t) d}: truncation; NaN and out-of-range values give {@code INT_MIN}. */
    public static int toInt32(double d) {
        return d > -0x1p31 - 1 && d < 0x1p31 ? (int) d : Integer.MIN_VALUE;
    }

    /** {@code (uint64_t) d} as gcc emits it: values from 2^63 up are converted less 2^63, then the top bit set. */
    public static long toUint64(double d) {
        if (!(d >= 0x1p63)) {
            return toInt64(d);
        }
        return toInt64(d - 0x1p63) ^ Long.MIN_VALUE;
    }

    /** {@code (double) (uint64_t) v}, rounded to nearest like the C conversion. */
    public static double uint64ToDouble(long v) {
        if (v >= 0) {
            return v;
        }
        return ((double) ((v >>> 1) | (v & 1))) * 2.0;
    }
}
