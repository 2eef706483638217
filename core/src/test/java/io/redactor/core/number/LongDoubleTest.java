package io.redactor.core.number;

import static io.redactor.core.number.Corpus.ascii;
import static io.redactor.core.number.Corpus.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LongDoubleTest {
    private static final String NOT_A_FLOAT = "-ERR value is not a valid float";
    private static final String NAN_OR_INFINITY = "-ERR increment would produce NaN or Infinity";

    /** What Redis 7.0's INCRBYFLOAT replies, in the corpus's notation. */
    static String incrbyfloat(byte[] start, byte[] increment) {
        LongDouble value = start == null ? LongDouble.ZERO : LongDouble.parse(start);
        LongDouble incr = LongDouble.parse(increment);
        if (value == null || incr == null) {
            return NOT_A_FLOAT;
        }
        LongDouble sum = value.add(incr);
        if (!sum.isFinite()) {
            return NAN_OR_INFINITY;
        }
        return "$" + ascii(sum.toHumanString());
    }

    /** Every row of incrbyfloat.tsv: (start value, increment, reply) recorded from Redis 7.0.15. */
    @TestFactory
    Stream<DynamicTest> matchesRedisIncrbyfloat() {
        List<String> lines = Corpus.lines("incrbyfloat.tsv");
        assertTrue(lines.size() >= 150, "corpus has " + lines.size() + " rows");
        List<DynamicTest> tests = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split("\t", -1);
            assertEquals(3, f.length, line);
            byte[] start = f[0].equals("(nil)") ? null : Corpus.unescape(f[0]);
            byte[] increment = Corpus.unescape(f[1]);
            String expected = ascii(Corpus.unescape(f[2]));
            tests.add(DynamicTest.dynamicTest(Corpus.label(f[0]) + " + " + Corpus.label(f[1]),
                    () -> assertEquals(expected, incrbyfloat(start, increment))));
        }
        return tests.stream();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "10.5|0.1|10.6",
        "10.5|5.0e3|5010.5",
        "0|-0|0",
        "-0|-0|0",
        "0|-1e-18|0",
        "0|0x1p-18|0.00000381469726562",
        "1|1e-17|1.00000000000000001",
        "0x10|0|16",
        "18446744073709551615|1|18446744073709551616",
        "0.1|0|0.1",
        "3.14159265358979323846|0|3.14159265358979324",
    })
    void adds(String a, String b, String expected) {
        LongDouble sum = LongDouble.parse(bytes(a)).add(LongDouble.parse(bytes(b)));
        assertEquals(expected, ascii(sum.toHumanString()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " 1", "\t1", "\n1", "\u000b1", "\f1", "\r1", "1 ", "1\u0000", "\u0000",
        "nan", "-nan", "NAN", "nan(0x1)", "1e", "1e+", ".", "-", "+", "0x", "0xp1", "0x1p", "infinit", "infx",
        "1e5000", "-1e5000", "1e-5000", "0x1p16384", "0x1p-16446", "1.2e4932", "abc", "1,5", "1_0", "\u00ff", "++1",
        "1..2"})
    void rejects(String s) {
        assertNull(LongDouble.parse(bytes(s)));
    }

    @Test
    void acceptsInfinitiesThatThenCannotBeIncremented() {
        for (String s : new String[] {"inf", "-inf", "+INF", "Infinity", "-iNfInItY"}) {
            LongDouble v = LongDouble.parse(bytes(s));
            assertNotNull(v, s);
            assertFalse(v.isFinite(), s);
            assertFalse(v.add(LongDouble.valueOf(1)).isFinite(), s);
        }
        assertEquals("inf", ascii(LongDouble.POSITIVE_INFINITY.toHumanString()));
        assertEquals("-inf", ascii(LongDouble.NEGATIVE_INFINITY.toHumanString()));
        LongDouble nan = LongDouble.POSITIVE_INFINITY.add(LongDouble.NEGATIVE_INFINITY);
        assertFalse(nan.isFinite());
        // glibc prints the x87 default NaN, whose sign bit is set, as "-nan".
        assertEquals("-nan", ascii(nan.toHumanString()));
        assertFalse(nan.add(LongDouble.ZERO).isFinite());
        assertFalse(LongDouble.ZERO.add(nan).isFinite());
    }

    @Test
    void overflowsToInfinity() {
        LongDouble max = LongDouble.parse(bytes("0x1.fffffffffffffffep16383"));
        assertTrue(max.isFinite());
        assertFalse(max.add(max).isFinite());
        // The largest significand is odd, so adding half an ulp (2^16319) ties to even: up, to infinity.
        assertEquals(max, max.add(LongDouble.parse(bytes("0x1.fffffp16318"))));
        assertFalse(max.add(LongDouble.parse(bytes("0x1p16319"))).isFinite());
    }

    @Test
    void keepsSubnormals() {
        LongDouble min = LongDouble.parse(bytes("0x1p-16445"));
        assertNotNull(min);
        assertEquals(LongDouble.parse(bytes("0x1p-16444")), min.add(min));
        assertEquals(LongDouble.ZERO, min.add(LongDouble.parse(bytes("-0x1p-16445"))));
        assertEquals("0", ascii(min.toHumanString()));
        // Half of the smallest subnormal rounds to zero (rejected), a bit more rounds up to it.
        assertNull(LongDouble.parse(bytes("0x1p-16446")));
        assertEquals(min, LongDouble.parse(bytes("0x1.00000000001p-16446")));
    }

    @Test
    void roundsAdditionToSixtyFourBitsTiesToEven() {
        // From 2^64 up the ulp is 2.
        LongDouble big = LongDouble.parse(bytes("0x1p64"));
        String[] expected = {"18446744073709551616", "18446744073709551616", "18446744073709551618",
            "18446744073709551620", "18446744073709551620", "18446744073709551620", "18446744073709551622"};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], ascii(big.add(LongDouble.valueOf(i)).toHumanString()), "2^64 + " + i);
        }
        assertEquals("18446744073709551615", ascii(big.add(LongDouble.valueOf(-1)).toHumanString()));
        assertEquals(LongDouble.parse(bytes("0x1.0000000000000004p64")), big.add(LongDouble.valueOf(3)));
    }

    @Test
    void valueOfIsExactAndCanonical() {
        long[] values = {1, -1, 2, 1000, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 123456789012345L};
        for (long v : values) {
            LongDouble d = LongDouble.valueOf(v);
            assertEquals(LongDouble.parse(bytes(Long.toString(v))), d, Long.toString(v));
            assertEquals(d.hashCode(), LongDouble.parse(bytes(Long.toString(v))).hashCode());
            assertEquals(Long.toString(v), ascii(d.toHumanString()));
        }
        assertEquals(LongDouble.ZERO, LongDouble.valueOf(0));
    }

    /** A double converts exactly, as C converts it to a long double; GEOPOS prints its coordinates so. */
    @Test
    void valueOfDoubleIsExact() {
        double[] values = {1.5, -0.1, 13.361389338970184, 38.115556395496299, 180, -85.05112877980659, 0x1p-1074,
            Double.MAX_VALUE, 1e-5, 123456789.125};
        for (double v : values) {
            assertEquals(LongDouble.parse(bytes(new BigDecimal(v).toPlainString())), LongDouble.valueOf(v),
                    Double.toString(v));
        }
        assertEquals("13.36138933897018433", ascii(LongDouble.valueOf(13.361389338970184).toHumanString()));
        assertEquals("0.00001", ascii(LongDouble.valueOf(1e-5).toHumanString()));
        assertEquals("-0.10000000000000001", ascii(LongDouble.valueOf(-0.1).toHumanString()));
        assertEquals("0", ascii(LongDouble.valueOf(-0.0).toHumanString()));
        assertEquals("0", ascii(LongDouble.valueOf(-1e-20).toHumanString()));
        assertEquals("180", ascii(LongDouble.valueOf(180.0).toHumanString()));
        assertEquals("inf", ascii(LongDouble.valueOf(Double.POSITIVE_INFINITY).toHumanString()));
        assertEquals("-inf", ascii(LongDouble.valueOf(Double.NEGATIVE_INFINITY).toHumanString()));
        assertEquals(LongDouble.valueOf(3), LongDouble.valueOf(3.0));
    }

    @Test
    void parsesASlice() {
        byte[] s = bytes("xx-1.5e1yy");
        assertEquals(LongDouble.valueOf(-15), LongDouble.parse(s, 2, 6));
        assertNull(LongDouble.parse(s, 2, 7));
        assertNull(LongDouble.parse(s, 2, 0));
    }

    @Test
    void lengthLimitIsRedisBuffer() {
        assertNotNull(LongDouble.parse(bytes("1." + "0".repeat(5117))));
        assertNull(LongDouble.parse(bytes("1." + "0".repeat(5118))));
        assertNull(LongDouble.parse(bytes("1".repeat(1_000_000))));
    }

    @Test
    void survivesHostileInput() {
        SplittableRandom random = new SplittableRandom(7);
        byte[] alphabet = bytes("0123456789.eEpPxX+-infaINFAtyTY \t\u0000\u00ff");
        for (int i = 0; i < 20_000; i++) {
            byte[] s = new byte[random.nextInt(12)];
            for (int k = 0; k < s.length; k++) {
                s[k] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : alphabet[random.nextInt(alphabet.length)];
            }
            LongDouble v = LongDouble.parse(s);
            if (v != null) {
                // Whatever parses also adds and prints.
                assertNotNull(v.add(v).toHumanString());
            }
        }
    }

    @Test
    void printsHugeValuesExactly() {
        LongDouble max = LongDouble.parse(bytes("0x1.fffffffffffffffep16383"));
        String text = ascii(max.toHumanString());
        assertEquals(4933, text.length());
        assertTrue(text.startsWith("118973149535723176502126385303097020516906332229462420044032373389173700552297"));
        assertEquals("-" + text, ascii(LongDouble.parse(bytes("-0x1.fffffffffffffffep16383")).toHumanString()));
    }

    @Test
    void equalityAndToString() {
        assertEquals(LongDouble.parse(bytes("1")), LongDouble.parse(bytes("1.0")));
        assertEquals(LongDouble.parse(bytes("0.5")), LongDouble.parse(bytes("0x.8")));
        assertFalse(LongDouble.parse(bytes("0")).equals(LongDouble.parse(bytes("-0"))));
        assertFalse(LongDouble.ZERO.equals("0"));
        assertEquals("0x8000000000000000p-63", LongDouble.valueOf(1).toString());
        assertEquals("-inf", LongDouble.NEGATIVE_INFINITY.toString());
    }

    /** {@code (long long) ceill(strtold(s) * 1000.0L)}, as compiled by gcc on x86-64: Redis 7.0's timeouts. */
    @ParameterizedTest
    @CsvSource({"-0.001, 0", "0.001, 1", "-0.0011, -1", "0.0001, 1", "1e18, -9223372036854775808",
            "9.2e15, 9200000000000000000", "9.3e15, -9223372036854775808", "inf, -9223372036854775808",
            "-inf, -9223372036854775808", "1e-300, 1", "0.0015, 2", "1.0005, 1001",
            "9223372036854775.807, 9223372036854775807", "-9223372036854775.808, -9223372036854775807",
            "-9223372036854775.809, -9223372036854775808", "0x1p-20, 1", "0, 0", "-0, 0", "7, 7000"})
    void millisecondsAsRedisComputesTimeouts(String seconds, long expected) {
        LongDouble thousand = LongDouble.valueOf(1000);
        assertEquals(expected, LongDouble.parse(bytes(seconds)).times(thousand).ceilToLong());
    }

    @Test
    void productsOfInfinitiesAndZeros() {
        LongDouble zero = LongDouble.ZERO;
        assertFalse(LongDouble.POSITIVE_INFINITY.times(zero).isFinite());
        assertEquals("-inf", LongDouble.NEGATIVE_INFINITY.times(LongDouble.valueOf(3)).toString());
        assertEquals("inf", LongDouble.NEGATIVE_INFINITY.times(LongDouble.valueOf(-3)).toString());
        assertEquals(LongDouble.valueOf(-6), LongDouble.valueOf(2).times(LongDouble.valueOf(-3)));
    }
}
