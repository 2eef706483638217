package io.redactor.lua.libs;

import org.junit.jupiter.api.Test;
import org.luaj.vm2.LuaString;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The C number conversions the libraries rest on. Expected values are what glibc prints and parses (checked with
 * C's printf/strtod and, for the Lua conversions, with Redis's Lua); the corpora cover them again through Redis.
 */
class CNumbersTest {
    @Test
    void formatsLikePrintfG() {
        assertEquals("0.33333333333333", CFormat.g(1.0 / 3, 14));
        assertEquals("1e+15", CFormat.g(1e15, 14));
        assertEquals("99999999999999", CFormat.g(99999999999999.0, 14));
        assertEquals("1.2345678901234e+14", CFormat.g(123456789012345.0, 14));
        assertEquals("1e-05", CFormat.g(1e-5, 14));
        assertEquals("0.0001", CFormat.g(1e-4, 14));
        assertEquals("4.9406564584125e-324", CFormat.g(Double.MIN_VALUE, 14));
        assertEquals("0.10000000000000001", CFormat.g(0.1, 17));
        assertEquals("-0", CFormat.g(-0.0, 14));
        assertEquals("0", CFormat.g(0.0, 1));
        assertEquals("1e+100", CFormat.g(1e100, 14));
    }

    @Test
    void roundsExactTiesToEven() {
        assertEquals("0.12", CFormat.g(0.125, 2));
        assertEquals("2", CFormat.g(2.5, 1));
        assertEquals("4", CFormat.g(3.5, 1));
        assertEquals("1e+02", CFormat.g(95, 1));
        assertEquals("0.2", CFormat.g(0.25, 1));
    }

    @Test
    void printsNonFiniteValuesAsGlibc() {
        assertEquals("inf", CFormat.g(Double.POSITIVE_INFINITY, 14));
        assertEquals("-inf", CFormat.g(Double.NEGATIVE_INFINITY, 14));
        assertEquals("nan", CFormat.g(Double.NaN, 14));
        assertEquals("-nan", CFormat.g(Double.longBitsToDouble(0xfff8000000000000L), 14));
    }

    @Test
    void strtodReadsThePrefixGlibcReads() {
        assertParsed("1.5e3x", 1500, 5);
        assertParsed("1e", 1, 1);
        assertParsed("1e+", 1, 1);
        assertParsed("-.5", -0.5, 3);
        assertParsed("  +7", 7, 4);
        assertParsed("0x1.8p3", 12, 7);
        assertParsed("0x", 0, 1);
        assertParsed("0xg", 0, 1);
        assertParsed("0x1p", 1, 3);
        assertParsed("Infinity", Double.POSITIVE_INFINITY, 8);
        assertParsed("infinit", Double.POSITIVE_INFINITY, 3);
        assertParsed("-INF", Double.NEGATIVE_INFINITY, 4);
        assertParsed("nan(12_ab)", Double.NaN, 10);
        assertParsed("nan(1", Double.NaN, 3);
        assertParsed("1e400", Double.POSITIVE_INFINITY, 5);
        assertParsed("1e-400", 0, 6);
        assertParsed("12\0" + "34", 12, 2);
        assertParsed(".", 0, 0);
        assertParsed("-", 0, 0);
        assertParsed("e5", 0, 0);
        assertParsed("", 0, 0);
    }

    @Test
    void strtodKeepsTheSignOfNan() {
        byte[] minusNan = "-nan".getBytes();
        assertEquals(0xfff8000000000000L,
                Double.doubleToRawLongBits(CStrtod.parse(minusNan, 0, minusNan.length).value));
    }

    @Test
    void luaReadsStringsAsNumbersLikeLua51() {
        assertEquals(16.0, Lua51.stringToNumber(LuaString.valueOf(" 0x10 ")));
        assertEquals(16.0, Lua51.stringToNumber(LuaString.valueOf("0x1p4")));
        assertEquals(5.0, Lua51.stringToNumber(LuaString.valueOf("  5  \n")));
        assertEquals(5.0, Lua51.stringToNumber(LuaString.valueOf("5\0garbage")));
        assertEquals(Double.POSITIVE_INFINITY, Lua51.stringToNumber(LuaString.valueOf("inf")));
        assertNull(Lua51.stringToNumber(LuaString.valueOf("1e")));
        assertNull(Lua51.stringToNumber(LuaString.valueOf("0x")));
        assertNull(Lua51.stringToNumber(LuaString.valueOf("")));
        assertNull(Lua51.stringToNumber(LuaString.valueOf("12a")));
    }

    @Test
    void castsDoublesToIntegersAsX8664Does() {
        assertEquals(-1, Lua51.toInt64(-1.9));
        assertEquals(Long.MIN_VALUE, Lua51.toInt64(0x1p63));
        assertEquals(Long.MIN_VALUE, Lua51.toInt64(Double.NaN));
        assertEquals(Integer.MIN_VALUE, Lua51.toInt32(0x1p31));
        assertEquals(Integer.MAX_VALUE, Lua51.toInt32(0x1p31 - 0.5));
        assertEquals(Long.MIN_VALUE, Lua51.toUint64(0x1p63));
        assertEquals(0, Lua51.toUint64(0x1p64));
        assertEquals(0, Lua51.toUint64(Double.POSITIVE_INFINITY));
        assertEquals(Long.MIN_VALUE, Lua51.toUint64(Double.NaN));
        assertEquals(-2048L, Lua51.toUint64(0x1p64 - 2048));
        assertEquals(0x1p64, Lua51.uint64ToDouble(-1L));
        assertEquals(0x1p63, Lua51.uint64ToDouble(Long.MIN_VALUE));
    }

    private static void assertParsed(String text, double value, int end) {
        byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        CStrtod parsed = CStrtod.parse(bytes, 0, bytes.length);
        assertEquals(end, parsed.end, "end of " + text);
        if (end > 0) {
            assertEquals(value, parsed.value, "value of " + text);
        }
    }
}
