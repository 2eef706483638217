package io.redactor.e2e.bitmaps;

import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Bit offsets against proto-max-bulk-len, on a private server whose limit is 1 MB: a bit whose byte is within the
 * limit may be set, one past it is refused before anything is allocated, for reads and writes alike.
 */
class BitmapLimitsTest {
    private static final long LIMIT_BITS = 8L * 1024 * 1024;
    private static final String BAD_OFFSET = "-ERR bit offset is not an integer or out of range\r\n";
    private static TestRedactor server;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of("redactor.redis.proto-max-bulk-len", "1mb"));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void offsetsStopAtTheLimit() {
        try (RawClient raw = server.raw()) {
            assertEquals(":0\r\n", raw.call("SETBIT", "b", Long.toString(LIMIT_BITS - 1), "1"));
            assertEquals(":" + (LIMIT_BITS / 8) + "\r\n", raw.call("STRLEN", "b"));
            assertEquals(BAD_OFFSET, raw.call("SETBIT", "b", Long.toString(LIMIT_BITS), "1"));
            assertEquals(BAD_OFFSET, raw.call("GETBIT", "b", Long.toString(LIMIT_BITS)));
            assertEquals(BAD_OFFSET, raw.call("BITFIELD", "b", "GET", "u8", Long.toString(LIMIT_BITS)));
            assertEquals(BAD_OFFSET, raw.call("BITFIELD", "b", "SET", "u8", "#" + (LIMIT_BITS / 8), "1"));
            assertEquals(BAD_OFFSET, raw.call("SETBIT", "new", Long.toString(LIMIT_BITS), "1"));
            assertEquals("*1\r\n:1\r\n", raw.call("BITFIELD", "b", "SET", "u8", Long.toString(LIMIT_BITS - 8), "7"));
            assertEquals(":0\r\n", raw.call("EXISTS", "new"));
            assertEquals(":1\r\n", raw.call("DEL", "b"));
        }
    }
}
