package io.redactor.e2e.server;

import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimeTest {
    @Test
    void timeIsTheServerClockInSecondsAndMicroseconds() {
        try (Jedis jedis = TestRedactor.shared().jedis(); RawClient raw = TestRedactor.shared().raw()) {
            long before = System.currentTimeMillis();
            List<String> time = jedis.time();
            long after = System.currentTimeMillis();
            assertEquals(2, time.size());
            long seconds = Long.parseLong(time.get(0));
            long micros = Long.parseLong(time.get(1));
            assertTrue(micros >= 0 && micros < 1_000_000, "microseconds " + micros);
            long millis = seconds * 1000 + micros / 1000;
            assertTrue(millis >= before - 1 && millis <= after + 1, millis + " not in [" + before + ", " + after + "]");
            assertEquals("-ERR wrong number of arguments for 'time' command\r\n", raw.call("TIME", "now"));
        }
    }
}
