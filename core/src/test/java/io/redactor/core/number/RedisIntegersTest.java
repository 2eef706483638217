package io.redactor.core.number;

import static io.redactor.core.number.Corpus.ascii;
import static io.redactor.core.number.Corpus.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RedisIntegersTest {
    /** Accepted by Redis 7.0.15 ({@code SET k <s>} then {@code INCRBY k 0} replies the value). */
    @ParameterizedTest
    @ValueSource(strings = {"0", "1", "-1", "10", "1234567890", "9223372036854775807", "-9223372036854775808",
            "-1234567890123456789", "100", "-100"})
    void parsesWhatRedisAccepts(String s) {
        assertEquals(Long.parseLong(s), RedisIntegers.parseLong(bytes(s)));
        assertTrue(RedisIntegers.isLong(bytes(s)));
    }

    /** Rejected by Redis 7.0.15 with "ERR value is not an integer or out of range". */
    @ParameterizedTest
    @ValueSource(strings = {"", "-", "+1", " 1", "1 ", "01", "00", "-0", "-01", "9223372036854775808",
            "-9223372036854775809", "18446744073709551615", "18446744073709551616", "99999999999999999999",
            "000000000000000000001", "1a", "a", "1.0", "1e3", "\u0000", "1\u0000", "0x10", "-9223372036854775808 ",
            "12345678901234567890", "\u00ff", "--1", "-+1", "1-", "+", "0-", "1.", ".1", "\t1"})
    void rejectsWhatRedisRejects(String s) {
        NotANumberException e = assertThrows(NotANumberException.class, () -> RedisIntegers.parseLong(bytes(s)));
        assertSame(NotANumberException.INSTANCE, e);
        assertFalse(RedisIntegers.isLong(bytes(s)));
    }

    @Test
    void rejectsNonAsciiDigits() {
        assertFalse(RedisIntegers.isLong("\u0661".getBytes(StandardCharsets.UTF_8)));
        assertFalse(RedisIntegers.isLong(new byte[] {(byte) 0xb1}));
        assertFalse(RedisIntegers.isLong(new byte[] {'1', (byte) 0x80}));
        assertFalse(RedisIntegers.isLong(new byte[] {'1', (byte) 0xb9}));
    }

    @Test
    void rejectsLongInputs() {
        assertFalse(RedisIntegers.isLong(bytes("1".repeat(21))));
        assertFalse(RedisIntegers.isLong(bytes("1".repeat(1_000_000))));
        assertFalse(RedisIntegers.isLong(bytes("-" + "0".repeat(20))));
    }

    @Test
    void parsesASlice() {
        byte[] s = bytes("xx-12345yy");
        assertEquals(-12345, RedisIntegers.parseLong(s, 2, 6));
        assertEquals(1234, RedisIntegers.parseLong(s, 3, 4));
        assertThrows(NotANumberException.class, () -> RedisIntegers.parseLong(s, 2, 0));
        assertThrows(NotANumberException.class, () -> RedisIntegers.parseLong(s, 2, 7));
        assertThrows(NotANumberException.class, () -> RedisIntegers.parseLong(s, 1, 6));
    }

    @Test
    void theExceptionIsStacklessAndShared() {
        NotANumberException e = NotANumberException.INSTANCE;
        assertEquals(0, e.getStackTrace().length);
        e.addSuppressed(new RuntimeException());
        assertEquals(0, e.getSuppressed().length);
    }

    @Test
    void roundTripsEveryKindOfLong() {
        SplittableRandom random = new SplittableRandom(42);
        long[] edges = {0, 1, -1, 9, 10, -9, -10, 9999, 10000, -9999, Long.MAX_VALUE, Long.MIN_VALUE,
                Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, Integer.MAX_VALUE, Integer.MIN_VALUE};
        for (long v : edges) {
            checkRoundTrip(v);
        }
        for (long p = 1; ; p *= 10) {
            checkRoundTrip(p);
            checkRoundTrip(p - 1);
            checkRoundTrip(-p);
            checkRoundTrip(1 - p);
            if (p > Long.MAX_VALUE / 10) {
                break;
            }
        }
        for (int i = 0; i < 20_000; i++) {
            long v = random.nextLong() >> random.nextInt(64);
            checkRoundTrip(v);
        }
        for (long v = -20_000; v <= 20_000; v++) {
            checkRoundTrip(v);
        }
    }

    private static void checkRoundTrip(long v) {
        byte[] b = RedisIntegers.toBytes(v);
        assertEquals(Long.toString(v), ascii(b));
        assertEquals(b.length, RedisIntegers.decimalLength(v));
        assertEquals(v, RedisIntegers.parseLong(b));
    }

    @Test
    void cachesSmallValues() {
        assertSame(RedisIntegers.toBytes(-1), RedisIntegers.toBytes(-1));
        assertSame(RedisIntegers.toBytes(0), RedisIntegers.toBytes(0));
        assertSame(RedisIntegers.toBytes(9999), RedisIntegers.toBytes(9999));
        assertArrayEquals(bytes("10000"), RedisIntegers.toBytes(10000));
        assertArrayEquals(bytes("-2"), RedisIntegers.toBytes(-2));
    }

    @Test
    void decimalLengths() {
        assertEquals(1, RedisIntegers.decimalLength(0));
        assertEquals(2, RedisIntegers.decimalLength(-1));
        assertEquals(19, RedisIntegers.decimalLength(Long.MAX_VALUE));
        assertEquals(20, RedisIntegers.decimalLength(Long.MIN_VALUE));
        assertEquals(19, RedisIntegers.decimalLength(1_000_000_000_000_000_000L));
        assertEquals(18, RedisIntegers.decimalLength(999_999_999_999_999_999L));
    }

    @Test
    void parsingDoesNotAllocate() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        byte[][] inputs = {bytes("12345"), bytes("-9223372036854775808"), bytes("01"), bytes("x"), bytes("77")};
        long sink = 0;
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 200_000; i++) {
            byte[] s = inputs[i % inputs.length];
            try {
                sink += RedisIntegers.parseLong(s);
            } catch (NotANumberException e) {
                sink++;
            }
            sink += RedisIntegers.toBytes(i % 10_000).length;
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(sink != 0);
        // A single allocation per call would be megabytes; allow for JIT and measurement noise.
        assertTrue(allocated < 200_000, "allocated " + allocated + " bytes");
    }
}
