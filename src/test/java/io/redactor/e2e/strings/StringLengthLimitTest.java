package io.redactor.e2e.strings;

import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * APPEND, SETRANGE, LCS and bit offsets against proto-max-bulk-len, on a private server whose limit is 1 MB (so the
 * strings involved stay small) and that other tests cannot reconfigure.
 */
class StringLengthLimitTest {
    private static final int LIMIT = 1024 * 1024;
    private static final String TOO_LONG = "-ERR string exceeds maximum allowed size (proto-max-bulk-len)\r\n";
    private static TestRedactor server;

    private Jedis jedis;
    private RawClient raw;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of("redactor.redis.proto-max-bulk-len", "1mb"));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void connect() {
        jedis = server.jedis();
        raw = server.raw();
        jedis.flushAll();
    }

    @AfterEach
    void disconnect() {
        jedis.close();
        raw.close();
    }

    @Test
    void setrangeMayReachTheLimitButNotPassIt() {
        assertEquals(":" + LIMIT + "\r\n", raw.call("SETRANGE", "k", Integer.toString(LIMIT - 1), "x"));
        assertEquals(TOO_LONG, raw.call("SETRANGE", "k", Integer.toString(LIMIT), "x"));
        assertEquals(TOO_LONG, raw.call("SETRANGE", "k", Integer.toString(LIMIT - 1), "xy"));
        assertEquals(TOO_LONG, raw.call("SETRANGE", "new", Integer.toString(LIMIT), "x"));
        assertFalse(jedis.exists("new"));
        assertEquals(LIMIT, jedis.strlen("k"));
        // An empty value never grows the string, so no limit applies.
        assertEquals(":" + LIMIT + "\r\n", raw.call("SETRANGE", "k", Integer.toString(10 * LIMIT), ""));
    }

    @Test
    void appendMayReachTheLimitButNotPassIt() {
        jedis.set("k", "x".repeat(LIMIT - 2));
        assertEquals(":" + LIMIT + "\r\n", raw.call("APPEND", "k", "yy"));
        assertEquals(TOO_LONG, raw.call("APPEND", "k", "z"));
        assertEquals(":" + LIMIT + "\r\n", raw.call("APPEND", "k", ""));
        assertEquals(LIMIT, jedis.strlen("k"));
        assertEquals("yy", jedis.getrange("k", -2, -1));
    }

    @Test
    void aStringOfExactlyTheLimitCanBeSet() {
        jedis.set("k", "z".repeat(LIMIT));
        assertEquals(TOO_LONG, raw.call("APPEND", "k", "1"));
        assertEquals(TOO_LONG, raw.call("SETRANGE", "k", Integer.toString(LIMIT), "1"));
        assertEquals(":" + LIMIT + "\r\n", raw.call("SETRANGE", "k", "0", "a"));
    }

    @Test
    void lcsRefusesTablesLargerThanTheLimit() {
        // The table has (|a| + 1) * (|b| + 1) cells of 4 bytes.
        jedis.set("a", "a".repeat(511));
        assertEquals(":511\r\n", raw.call("LCS", "a", "a", "LEN"));
        jedis.set("b", "a".repeat(600));
        assertEquals("-ERR Insufficient memory, transient memory for LCS exceeds proto-max-bulk-len\r\n",
                raw.call("LCS", "b", "b", "LEN"));
        assertEquals(":0\r\n", raw.call("LCS", "b", "missing", "LEN"));
    }

    @Test
    void configSetChangesTheLimitAtRuntime() {
        try {
            assertEquals("+OK\r\n", raw.call("CONFIG", "SET", "proto-max-bulk-len", "2mb"));
            assertEquals(":" + 2 * LIMIT + "\r\n", raw.call("SETRANGE", "k", Integer.toString(2 * LIMIT - 1), "x"));
            assertEquals(TOO_LONG, raw.call("APPEND", "k", "x"));
        } finally {
            raw.call("CONFIG", "SET", "proto-max-bulk-len", "1mb");
        }
        assertEquals(TOO_LONG, raw.call("SETRANGE", "other", Integer.toString(LIMIT), "x"));
    }

    /** A bit whose byte is within the limit may be set; one past it is refused before anything is made. */
    @Test
    void bitOffsetsStopAtTheLimit() {
        long bits = 8L * LIMIT;
        String badOffset = "-ERR bit offset is not an integer or out of range\r\n";
        assertEquals(":0\r\n", raw.call("SETBIT", "b", Long.toString(bits - 1), "1"));
        assertEquals(":" + LIMIT + "\r\n", raw.call("STRLEN", "b"));
        assertEquals(badOffset, raw.call("SETBIT", "b", Long.toString(bits), "1"));
        assertEquals(badOffset, raw.call("GETBIT", "b", Long.toString(bits)));
        assertEquals(badOffset, raw.call("BITFIELD", "b", "GET", "u8", Long.toString(bits)));
        assertEquals(badOffset, raw.call("BITFIELD", "b", "SET", "u8", "#" + LIMIT, "1"));
        assertEquals(badOffset, raw.call("SETBIT", "new", Long.toString(bits), "1"));
        assertEquals("*1\r\n:1\r\n", raw.call("BITFIELD", "b", "SET", "u8", Long.toString(bits - 8), "7"));
        assertFalse(jedis.exists("new"));
    }
}
