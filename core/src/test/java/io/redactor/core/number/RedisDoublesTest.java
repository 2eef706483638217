package io.redactor.core.number;

import static io.redactor.core.number.Corpus.ascii;
import static io.redactor.core.number.Corpus.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RedisDoublesTest {
    /**
     * {@code ZADD z <input> m} then {@code ZSCORE z m} in Redis 7.0.15 with a skiplist-encoded set
     * (so the reply is {@code %.17g} of the parsed double); null where ZADD replied
     * "ERR value is not a valid float".
     */
    private static final String[][] ZADD = {
        {"1.5", "1.5"}, {"1e20", "1e+20"}, {"-0", "-0"}, {"0", "0"}, {"-0.0", "-0"}, {"+0", "0"},
        {"inf", "inf"}, {"-inf", "-inf"}, {"+inf", "inf"}, {"INF", "inf"}, {"Infinity", "inf"}, {"-infinity", "-inf"},
        {"infinit", null}, {"nan", null}, {"-nan", null}, {"NaN", null}, {"nan(1)", null},
        {"1e400", null}, {"-1e400", null}, {"1e-400", null}, {"-1e-400", null},
        {"4e-324", "4.9406564584124654e-324"}, {"-4e-324", "-4.9406564584124654e-324"}, {"2e-324", null},
        {"2.4703282292062327e-324", null}, {"2.4703282292062328e-324", "4.9406564584124654e-324"},
        {"3e-324", "4.9406564584124654e-324"}, {"1e-320", "9.9998886718268301e-321"},
        {"2.2250738585072011e-308", "2.2250738585072009e-308"}, {"2.2250738585072012e-308", "2.2250738585072014e-308"},
        {"2.2250738585072014e-308", "2.2250738585072014e-308"}, {"4.9406564584124654e-324", "4.9406564584124654e-324"},
        {" 1", null}, {"1 ", null}, {"\t1", null}, {"\n1", null}, {"", null}, {"1\u0000", null}, {"\u0000", null},
        {"\u00001", null}, {"0x10", "16"}, {"0X1p4", "16"}, {"0x1.8p3", "12"}, {"0x.8", "0.5"}, {"0x1p-1075", null},
        {"0x1p-1074", "4.9406564584124654e-324"}, {"0x1.0000000000001p-1075", "4.9406564584124654e-324"},
        {"0x1.fffffffffffffp1023", "1.7976931348623157e+308"}, {"0x1.fffffffffffff8p1023", null}, {"0x1p1024", null},
        {"0x", null}, {"0x1p", null}, {"0xp1", null},
        {"1.7976931348623157e308", "1.7976931348623157e+308"}, {"1.7976931348623158e308", "1.7976931348623157e+308"},
        {"1.797693134862315807e308", "1.7976931348623157e+308"}, {"1.7976931348623159e308", null},
        {"0.1", "0.10000000000000001"}, {"0.3", "0.29999999999999999"}, {"1e16", "10000000000000000"},
        {"9007199254740993", "9007199254740992"}, {"9007199254740993.0000000001", "9007199254740994"},
        {"9007199254740992.5", "9007199254740992"}, {"9007199254740993.5", "9007199254740994"},
        {"123456789012345678", "1.2345678901234568e+17"}, {"3.0", "3"}, {"1e-5", "1.0000000000000001e-05"},
        {"0.0001", "0.0001"}, {"+5", "5"}, {".5", "0.5"}, {"5.", "5"}, {"-.5", "-0.5"}, {"0.1e1", "1"},
        {".", null}, {"-", null}, {"+", null}, {"1e", null}, {"1e+", null}, {"1E5", "100000"}, {"1.e5", "100000"},
        {".e5", null}, {"1..2", null}, {"1,5", null}, {"abc", null}, {"1f", null}, {"1d", null}, {"00012", "12"},
        {"1_0", null}, {"\u00ff", null}, {"1e1.5", null}, {"++1", null}, {"--1", null},
        {"0e99999999999", "0"}, {"1e-99999999999", null}, {"1e99999999999", null},
        {"0.000000000000000000000000000000000000001e39", "1"},
        {"1.00000000000000011102230246251565404236316680908203125", "1"},
        {"1.00000000000000011102230246251565404236316680908203124", "1"},
        {"1.00000000000000011102230246251565404236316680908203126", "1.0000000000000002"},
        {"1" + "0".repeat(308), "1e+308"}, {"1" + "0".repeat(309), null}, {"0." + "0".repeat(400) + "1e401", "1"},
        {"1." + "0".repeat(10000), "1"}, {"0".repeat(10000), "0"}, {"1".repeat(10000) + "e-9990", "1111111111.1111112"},
    };

    @Test
    void parsesAsRedisZadd() {
        for (String[] row : ZADD) {
            String label = Corpus.label(row[0]);
            if (row[1] == null) {
                NotANumberException e = assertThrows(NotANumberException.class,
                        () -> RedisDoubles.parseDouble(bytes(row[0])), label);
                assertSame(NotANumberException.INSTANCE, e);
            } else {
                assertEquals(row[1], RedisDoubles.formatG(RedisDoubles.parseDouble(bytes(row[0])), 17), label);
            }
        }
    }

    /** Where Java's correctly rounded parser and strtod agree: plain decimals within range. */
    /**
     * glibc 2.36's {@code strtod} on x86-64 (errno reset before each call), as SORT uses it: the value where it
     * converts the whole C string without setting ERANGE, null where it leaves text or sets ERANGE.
     */
    private static final String[][] STRTOD_WITHOUT_RANGE_ERROR = {
        {"0x1p-1074", "4.9406564584124654e-324"}, {"4.9406564584124654e-324", null}, {"1e-310", null},
        {"2.2250738585072014e-308", "2.2250738585072014e-308"}, {"2.2250738585072011e-308", null},
        {"2.2250738585072013e-308", "2.2250738585072014e-308"}, {"2.2250738585072012e-308", null},
        {"2.225073858507201136e-308", null}, {"0x1.fffffffffffffp-1023", null},
        {"0x1.fffffffffffff8p-1023", "2.2250738585072014e-308"}, {"0x1.ffffffffffffffp-1023", "2.2250738585072014e-308"},
        {"0x0.00000000000008p-1022", null}, {"0x0.0000000000000cp-1022", null}, {"2.4703282292062328e-324", null},
        {"0x1p-1022", "2.2250738585072014e-308"}, {"0x1.8p-1073", "1.4821969375237396e-323"},
        {"1e308", "1e+308"}, {"1.7976931348623158e308", "1.7976931348623157e+308"}, {"1.7976931348623159e308", null},
        {"1.8e308", null}, {"0x1p1024", null}, {"0e-999999", "0"}, {"1e-999999", null}, {"-1e-999999", null},
        {" 5", "5"}, {"\t\n5", "5"}, {"", "0"}, {"  ", null}, {"-", null}, {"inf", "inf"}, {"-Infinity", "-inf"},
        {"nan", null}, {"0x", null}, {"1e", null}, {".5", "0.5"}, {"5.", "5"}, {"5\u0000abc", "5"}, {"5 ", null},
        {"0x10", "16"}, {"-0", "-0"}, {"1.5", "1.5"},
    };

    @Test
    void parsesAsSortWeights() {
        for (String[] c : STRTOD_WITHOUT_RANGE_ERROR) {
            if (c[1] == null) {
                assertThrows(NotANumberException.class, () -> RedisDoubles.parseStrtodWithoutRangeError(bytes(c[0])),
                        c[0]);
            } else {
                assertEquals(c[1], RedisDoubles.formatG(RedisDoubles.parseStrtodWithoutRangeError(bytes(c[0])), 17),
                        c[0]);
            }
        }
    }

    @Test
    void agreesWithJavaOnPlainDecimals() {
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            StringBuilder sb = new StringBuilder();
            if (random.nextBoolean()) {
                sb.append('-');
            }
            int intDigits = random.nextInt(25);
            int fracDigits = random.nextInt(25);
            if (intDigits + fracDigits == 0) {
                intDigits = 1;
            }
            for (int k = 0; k < intDigits; k++) {
                sb.append((char) ('0' + random.nextInt(10)));
            }
            if (fracDigits > 0 || random.nextBoolean()) {
                sb.append('.');
            }
            for (int k = 0; k < fracDigits; k++) {
                sb.append((char) ('0' + random.nextInt(10)));
            }
            if (random.nextBoolean()) {
                sb.append('e').append(random.nextInt(-300, 300));
            }
            String s = sb.toString();
            double expected = Double.parseDouble(s);
            if (Double.isInfinite(expected) || expected == 0) {
                continue;
            }
            double actual = RedisDoubles.parseDouble(bytes(s));
            assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual), s);
        }
    }

    @Test
    void parsesASlice() {
        byte[] s = bytes("xx-1.5e1yy");
        assertEquals(-15.0, RedisDoubles.parseDouble(s, 2, 6));
        assertThrows(NotANumberException.class, () -> RedisDoubles.parseDouble(s, 2, 7));
        assertThrows(NotANumberException.class, () -> RedisDoubles.parseDouble(s, 2, 0));
    }

    @Test
    void survivesHostileInput() {
        SplittableRandom random = new SplittableRandom(11);
        byte[] alphabet = bytes("0123456789.eEpPxX+-infaINFAtyTY \t\u0000\u00ff");
        for (int i = 0; i < 20_000; i++) {
            byte[] s = new byte[random.nextInt(12)];
            for (int k = 0; k < s.length; k++) {
                s[k] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : alphabet[random.nextInt(alphabet.length)];
            }
            try {
                double v = RedisDoubles.parseDouble(s);
                assertTrue(!Double.isNaN(v), ascii(s));
            } catch (NotANumberException expected) {
                // fine
            }
        }
        // Huge inputs stay cheap: only the leading digits are converted exactly.
        assertEquals(1.0 / 9, RedisDoubles.parseDouble(bytes("0." + "1".repeat(2_000_000))));
        assertEquals(Double.POSITIVE_INFINITY,
                1 / RedisDoubles.parseDouble(bytes("0." + "0".repeat(1_000_000) + "e999999999999999999999")));
    }

    /** Every row of formatg.tsv: glibc's {@code %.<precision>g} of a double given by its bits. */
    @Test
    void formatsAsGlibc() {
        List<String> lines = Corpus.lines("formatg.tsv");
        assertTrue(lines.size() >= 1000, "corpus has " + lines.size() + " rows");
        List<String> failures = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split("\t", -1);
            double v = Double.longBitsToDouble(Long.parseUnsignedLong(f[0], 16));
            String actual = RedisDoubles.formatG(v, Integer.parseInt(f[1]));
            if (!actual.equals(f[2])) {
                failures.add(line + " but got " + actual);
            }
        }
        if (!failures.isEmpty()) {
            fail(failures.size() + " mismatches, first ones: " + failures.subList(0, Math.min(10, failures.size())));
        }
    }

    /** The 128-bit fast path must agree with the BigDecimal one wherever it answers. */
    @Test
    void fastFormattingAgreesWithExact() {
        SplittableRandom random = new SplittableRandom(13);
        int answered = 0;
        for (int i = 0; i < 20_000; i++) {
            double a;
            switch (i % 4) {
                case 0 -> a = Double.longBitsToDouble(random.nextLong() & Long.MAX_VALUE);
                case 1 -> a = Double.longBitsToDouble((long) random.nextInt(1023 - 30, 1023 + 70) << 52
                        | (random.nextLong() & 0xfffffffffffffL));
                case 2 -> a = Math.pow(10, random.nextInt(-10, 25)) * (1 + (random.nextInt(3) - 1) * 0x1p-52);
                default -> a = (random.nextLong(2_000_000_000_000L) + 0.5) / Math.pow(10, random.nextInt(0, 12));
            }
            if (!Double.isFinite(a) || a == 0) {
                continue;
            }
            for (int p : new int[] {random.nextInt(1, 18), 17, 14}) {
                String fast = RedisDoubles.formatFast(a, false, p);
                if (fast != null) {
                    answered++;
                    assertEquals(RedisDoubles.formatExact(a, false, p), fast, a + " at %." + p + "g");
                }
            }
        }
        assertTrue(answered > 20_000, "fast path answered " + answered);
    }

    @Test
    void formatG() {
        assertEquals("0.10000000000000001", RedisDoubles.formatG(0.1, 17));
        assertEquals("0.1", RedisDoubles.formatG(0.1, 14));
        assertEquals("1e+20", RedisDoubles.formatG(1e20, 17));
        assertEquals("100000", RedisDoubles.formatG(1e5, 6));
        assertEquals("1e+06", RedisDoubles.formatG(1e6, 6));
        assertEquals("0.0001", RedisDoubles.formatG(1e-4, 17));
        assertEquals("1.0000000000000001e-05", RedisDoubles.formatG(1e-5, 17));
        assertEquals("2", RedisDoubles.formatG(2.5, 1));
        assertEquals("2", RedisDoubles.formatG(2.5, 0));
        assertEquals("-0", RedisDoubles.formatG(-0.0, 17));
        assertEquals("inf", RedisDoubles.formatG(Double.POSITIVE_INFINITY, 17));
        assertEquals("-inf", RedisDoubles.formatG(Double.NEGATIVE_INFINITY, 17));
        assertEquals("nan", RedisDoubles.formatG(Double.NaN, 17));
        assertEquals("-nan", RedisDoubles.formatG(Double.longBitsToDouble(0xfff8000000000000L), 17));
        assertEquals("4.9406564584124654e-324", RedisDoubles.formatG(Double.MIN_VALUE, 17));
        assertEquals("1.7976931348623157e+308", RedisDoubles.formatG(Double.MAX_VALUE, 17));
        assertEquals("1e+100", RedisDoubles.formatG(1e100, 14));
        assertEquals("1.2345678901234568e+29", RedisDoubles.formatG(123456789012345678901234567890.0, 17));
        assertEquals("123456789012345677877719597056", RedisDoubles.formatG(123456789012345678901234567890.0, 40));
        assertThrows(IllegalArgumentException.class, () -> RedisDoubles.formatG(1, -1));
    }

    @Test
    void toRedisStringIsD2string() {
        assertEquals("1.5", ascii(RedisDoubles.toRedisString(1.5)));
        assertEquals("1e+20", ascii(RedisDoubles.toRedisString(1e20)));
        assertEquals("0.10000000000000001", ascii(RedisDoubles.toRedisString(0.1)));
        assertEquals("3", ascii(RedisDoubles.toRedisString(3.0)));
        assertEquals("-3", ascii(RedisDoubles.toRedisString(-3.0)));
        assertEquals("0", ascii(RedisDoubles.toRedisString(0.0)));
        // Redis 7.0.15 keeps a -0 score in a listpack as "0" (a skiplist keeps -0: ZSCORE replies "-0").
        assertEquals("0", ascii(RedisDoubles.toRedisString(-0.0)));
        assertEquals("inf", ascii(RedisDoubles.toRedisString(Double.POSITIVE_INFINITY)));
        assertEquals("-inf", ascii(RedisDoubles.toRedisString(Double.NEGATIVE_INFINITY)));
        assertEquals("nan", ascii(RedisDoubles.toRedisString(Double.NaN)));
        assertEquals("nan", ascii(RedisDoubles.toRedisString(Double.longBitsToDouble(0xfff8000000000000L))));
        assertEquals("4503599627370495", ascii(RedisDoubles.toRedisString(4503599627370495.0)));
        assertEquals("4503599627370496", ascii(RedisDoubles.toRedisString(4503599627370496.0)));
        assertEquals("-4503599627370495", ascii(RedisDoubles.toRedisString(-4503599627370495.0)));
        assertEquals("-4503599627370494", ascii(RedisDoubles.toRedisString(-4503599627370494.0)));
        assertEquals("9007199254740992", ascii(RedisDoubles.toRedisString(9007199254740992.0)));
        assertEquals("1e+17", ascii(RedisDoubles.toRedisString(1e17)));
        assertEquals("12345", ascii(RedisDoubles.toRedisString(12345.0)));
        assertEquals("2.4999999999999999e-07", ascii(RedisDoubles.toRedisString(2.5e-7)));
    }

    @Test
    void toRedisStringRoundTripsThroughParseDouble() {
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 5_000; i++) {
            double v = Double.longBitsToDouble(random.nextLong());
            if (Double.isNaN(v)) {
                continue;
            }
            double back = RedisDoubles.parseDouble(RedisDoubles.toRedisString(v));
            assertEquals(v == 0 ? 0.0 : v, back, Double.toString(v));
        }
    }
}
