package io.redactor.e2e.strings;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Keys and values are bytes: every byte value, CR LF and NUL inside, empty strings, strings of megabytes. */
class BinaryValuesTest extends CommandTestBase {
    private static byte[] allBytes() {
        byte[] bytes = new byte[256];
        for (int i = 0; i < 256; i++) {
            bytes[i] = (byte) i;
        }
        return bytes;
    }

    private byte[] binaryKey(byte[] suffix) {
        byte[] prefix = keyBytes("");
        byte[] key = Arrays.copyOf(prefix, prefix.length + suffix.length);
        System.arraycopy(suffix, 0, key, prefix.length, suffix.length);
        return key;
    }

    @Test
    void everyByteValueAsValueAndAsKey() {
        byte[] all = allBytes();
        byte[] k = binaryKey(all);
        assertEquals("OK", jedis.set(k, all));
        assertArrayEquals(all, jedis.get(k));
        assertEquals(256, jedis.strlen(k));
        assertArrayEquals(Arrays.copyOfRange(all, 10, 20), jedis.getrange(k, 10, 19));
        assertEquals(512, jedis.append(k, all));
        assertArrayEquals(all, jedis.getrange(k, 256, -1));
    }

    @Test
    void eachSingleByteIsItsOwnKey() {
        byte[][] keysAndValues = new byte[512][];
        byte[][] keys = new byte[256][];
        for (int i = 0; i < 256; i++) {
            keys[i] = binaryKey(new byte[] {(byte) i});
            keysAndValues[2 * i] = keys[i];
            keysAndValues[2 * i + 1] = new byte[] {(byte) i, (byte) (255 - i)};
        }
        jedis.mset(keysAndValues);
        List<byte[]> values = jedis.mget(keys);
        for (int i = 0; i < 256; i++) {
            assertArrayEquals(new byte[] {(byte) i, (byte) (255 - i)}, values.get(i), "byte " + i);
        }
    }

    @Test
    void protocolCharactersInsideValues() {
        byte[] k = binaryKey("\r\n*1\r\n$4\r\nPING\r\n\0".getBytes(StandardCharsets.ISO_8859_1));
        byte[] value = "$-1\r\n\0\0+OK\r\n-ERR x\r\n".getBytes(StandardCharsets.ISO_8859_1);
        jedis.set(k, value);
        assertArrayEquals(value, jedis.get(k));
        assertArrayEquals(value, jedis.getDel(k));
        assertEquals(3, jedis.setrange(k, 1, "\r\n".getBytes(StandardCharsets.ISO_8859_1)));
        assertArrayEquals(new byte[] {0, '\r', '\n'}, jedis.get(k));
    }

    @Test
    void nulBytesDoNotEndNumbers() {
        byte[] k = binaryKey("n".getBytes(StandardCharsets.ISO_8859_1));
        jedis.set(k, "12\0".getBytes(StandardCharsets.ISO_8859_1));
        assertError(NOT_INTEGER, "INCR", key("n"));
        assertError(NOT_FLOAT, "INCRBYFLOAT", key("n"), "1");
        assertError(NOT_INTEGER, "INCRBY", key("m"), "1\0");
        assertError(NOT_FLOAT, "INCRBYFLOAT", key("m"), "1.5\0");
    }

    @Test
    void nulBytesEndOptionKeywords() {
        // Redis compares SET, GETEX and LCS options as C strings: "NX\0..." is NX.
        String k = key("k");
        assertReply(OK, "SET", k, "v", "NX\0");
        assertReply(NIL, "SET", k, "w", "nx\0garbage");
        assertReply(bulk("v"), "SET", k, "w", "GET\0", "KEEPTTL\0zz");
        assertReply(bulk("w"), "GETEX", k, "PERSIST\0");
        assertReply(":0\r\n", "LCS", k, key("missing"), "LEN\0");
        assertError(SYNTAX, "SET", k, "v", "\0NX");
    }

    @Test
    void emptyValues() {
        byte[] empty = new byte[0];
        byte[] k = keyBytes("k");
        jedis.set(k, empty);
        assertArrayEquals(empty, jedis.get(k));
        assertEquals(0, jedis.strlen(k));
        assertEquals("embstr", jedis.objectEncoding(key("k")));
        assertReply("$0\r\n\r\n", "GETRANGE", key("k"), "0", "-1");
        assertReply(":0\r\n", "APPEND", key("k"), "");
        assertReply(":1\r\n", "APPEND", key("k"), "x");
        assertReply(bulk("x"), "GETSET", key("k"), "");
        assertReply("$0\r\n\r\n", "GETDEL", key("k"));
    }

    @Test
    void theEmptyKey() {
        byte[] empty = new byte[0];
        try {
            assertEquals("OK", jedis.set(empty, "v".getBytes(StandardCharsets.ISO_8859_1)));
            assertReply(bulk("v"), "GET", "");
            assertReply(":2\r\n", "APPEND", "", "w");
            assertReply(bulk("vw"), "GETRANGE", "", "0", "-1");
        } finally {
            jedis.del(empty);
        }
    }

    @Test
    void largeValues() {
        byte[] big = new byte[5 * 1024 * 1024];
        new Random(42).nextBytes(big);
        byte[] k = binaryKey("big".getBytes(StandardCharsets.ISO_8859_1));
        jedis.set(k, big);
        assertArrayEquals(big, jedis.get(k));
        assertEquals(big.length, jedis.strlen(k));
        assertArrayEquals(Arrays.copyOfRange(big, 3_000_000, 3_000_100), jedis.getrange(k, 3_000_000, 3_000_099));
        assertEquals(2L * big.length, jedis.append(k, big));
        assertArrayEquals(Arrays.copyOfRange(big, big.length - 10, big.length), jedis.getrange(k, -10, -1));
        assertEquals(2L * big.length, jedis.setrange(k, 100, big));
        byte[] expected = Arrays.copyOf(big, 2 * big.length);
        System.arraycopy(big, 0, expected, big.length, big.length);
        System.arraycopy(big, 0, expected, 100, big.length);
        assertArrayEquals(expected, jedis.get(k));
        assertArrayEquals(expected, jedis.getDel(k));
        byte[] padded = binaryKey("padded".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(4_000_001L, jedis.setrange(padded, 4_000_000, new byte[] {7}));
        byte[] value = jedis.get(padded);
        assertEquals(0, value[3_999_999]);
        assertEquals(7, value[4_000_000]);
    }
}
