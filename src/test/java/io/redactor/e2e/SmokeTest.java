package io.redactor.e2e;

import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SmokeTest {
    @Test
    void setAndGetOverJedis() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            assertEquals("OK", jedis.set("smoke", "value"));
            assertEquals("value", jedis.get("smoke"));
        }
    }

    @Test
    void realRedisAnswersTheSame() {
        try (var ours = TestRedactor.shared().raw(); var theirs = RealRedis.shared().raw()) {
            for (String[] command : new String[][] {{"SET", "k", "v"}, {"GET", "k"}, {"INCR", "k"}, {"GETRANGE", "k", "0", "-1"}}) {
                assertEquals(theirs.call(command), ours.call(command), String.join(" ", command));
            }
        }
    }
}
