package io.redactor.e2e.server;

import io.redactor.api.server.Training;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The training run bin/redactor records its start-up cache with: every command it sends is served. */
class TrainingTest {
    @Test
    void everyTrainingCommandIsServed() throws Exception {
        try (TestRedactor server = TestRedactor.start(Map.of()); Jedis jedis = server.jedis()) {
            Training.run(server.port(), 2, Duration.ofMillis(300));
            assertTrue(jedis.exists("training:0:0"), "the clients wrote their keys");
            assertEquals("hash", jedis.type("training:1:hash"));
            assertTrue(Long.parseLong(jedis.get("training:0:counter")) > 0);
        }
    }

    @Test
    void theMixedKeysAreOfEveryType() throws Exception {
        try (TestRedactor server = TestRedactor.start(Map.of()); Jedis jedis = server.jedis()) {
            Training.writeMixedKeys(server.port(), 100);
            assertEquals(100, jedis.dbSize());
            assertEquals(100, jedis.get("mixed:string:0").length());
            assertEquals(10, jedis.llen("mixed:list:0"));
            assertEquals("e1-3", jedis.hget("mixed:hash:1", "f3"));
            assertEquals(10, jedis.scard("mixed:set:2"));
            assertEquals(4.5, jedis.zscore("mixed:zset:3", "e3-3"));
        }
    }
}
