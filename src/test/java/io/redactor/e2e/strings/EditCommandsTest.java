package io.redactor.e2e.strings;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** APPEND and SETRANGE (the limits of proto-max-bulk-len are in {@link StringLengthLimitTest}). */
class EditCommandsTest extends CommandTestBase {
    @Test
    void appendCreatesAndExtends() {
        String k = key("k");
        assertEquals(5, jedis.append(k, "hello"));
        assertEquals(11, jedis.append(k, " world"));
        assertEquals(11, jedis.append(k, ""));
        assertEquals("hello world", jedis.get(k));
    }

    @Test
    void appendOfNothingStillCreatesTheKey() {
        String k = key("k");
        assertEquals(0, jedis.append(k, ""));
        assertTrue(jedis.exists(k));
        assertEquals("", jedis.get(k));
    }

    @Test
    void manyAppendsKeepEveryByte() {
        String k = key("k");
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            String piece = Integer.toString(i, 36);
            expected.append(piece);
            assertEquals(expected.length(), jedis.append(k, piece));
        }
        assertEquals(expected.toString(), jedis.get(k));
        assertEquals(expected.length(), jedis.strlen(k));
    }

    @Test
    void appendEncodings() {
        String k = key("k");
        jedis.append(k, "123");
        assertEquals("int", jedis.objectEncoding(k));
        jedis.append(k, "4");
        assertEquals("raw", jedis.objectEncoding(k));
        jedis.set(k, "x");
        jedis.append(k, "");
        assertEquals("raw", jedis.objectEncoding(k));
        jedis.del(k);
        jedis.append(k, "short");
        assertEquals("embstr", jedis.objectEncoding(k));
    }

    @Test
    void setrangeOverwritesAndPads() {
        String k = key("k");
        jedis.set(k, "Hello World");
        assertEquals(11, jedis.setrange(k, 6, "Redis"));
        assertEquals("Hello Redis", jedis.get(k));
        assertEquals(11, jedis.setrange(k, 0, "J"));
        assertEquals("Jello Redis", jedis.get(k));
        assertEquals(13, jedis.setrange(k, 10, "sss"));
        assertEquals("Jello Redisss", jedis.get(k));
        assertEquals(16, jedis.setrange(k, 15, "!"));
        assertArrayEquals("Jello Redisss\0\0!".getBytes(StandardCharsets.ISO_8859_1), jedis.get(keyBytes("k")));
        assertEquals("raw", jedis.objectEncoding(k));
    }

    @Test
    void setrangeOnAMissingKeyPadsWithZeros() {
        String k = key("k");
        assertEquals(5, jedis.setrange(k, 3, "ab"));
        assertArrayEquals(new byte[] {0, 0, 0, 'a', 'b'}, jedis.get(keyBytes("k")));
        assertEquals("raw", jedis.objectEncoding(k));
    }

    @Test
    void setrangeWithAnEmptyValueChangesNothing() {
        String k = key("missing");
        assertEquals(0, jedis.setrange(k, 0, ""));
        assertEquals(0, jedis.setrange(k, 100, ""));
        assertFalse(jedis.exists(k));
        String existing = key("existing");
        jedis.set(existing, "5");
        assertEquals(1, jedis.setrange(existing, 1000, ""));
        assertEquals("5", jedis.get(existing));
        assertEquals("int", jedis.objectEncoding(existing));
    }

    @Test
    void setrangeErrors() {
        String k = key("k");
        jedis.set(k, "hello");
        assertError("ERR offset is out of range", "SETRANGE", k, "-1", "x");
        assertError("ERR offset is out of range", "SETRANGE", k, "-9223372036854775808", "x");
        assertError(NOT_INTEGER, "SETRANGE", k, "one", "x");
        assertError(NOT_INTEGER, "SETRANGE", k, "9223372036854775808", "x");
        assertError(arity("setrange"), "SETRANGE", k, "0");
        assertError(arity("setrange"), "SETRANGE", k, "0", "x", "y");
        assertError(arity("append"), "APPEND", k);
        assertError(arity("append"), "APPEND", k, "x", "y");
        assertEquals("hello", jedis.get(k));
    }

    @Test
    void setrangeOffsetsThatWouldOverflowAreTooLong() {
        String k = key("k");
        jedis.set(k, "hello");
        String tooLong = "ERR string exceeds maximum allowed size (proto-max-bulk-len)";
        assertError(tooLong, "SETRANGE", k, "9223372036854775807", "x");
        assertError(tooLong, "SETRANGE", k, "9223372036854775806", "xy");
        assertError(tooLong, "SETRANGE", key("missing"), "9223372036854775807", "x");
        assertFalse(jedis.exists(key("missing")));
        assertEquals("hello", jedis.get(k));
    }
}
