package io.redactor.e2e.server;

import io.redactor.testing.Eventually;
import io.redactor.testing.InfoFields;
import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.exceptions.JedisDataException;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * maxmemory and its policies on a server of its own: keys are evicted until used_memory is under maxmemory again,
 * which kinds go (all keys or those with a time to live; the nearest expiry first under volatile-ttl), evicted_keys and
 * the evicted notifications, and Redis's OOM error for writes (also queued in MULTI, and inside a script) when nothing
 * can be evicted.
 */
class EvictionTest {
    private static final String OOM = "OOM command not allowed when used memory > 'maxmemory'.";
    private static TestRedactor server;
    private Jedis jedis;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void reset() {
        jedis = server.jedis();
        jedis.configSet("maxmemory", "0");
        jedis.configSet("maxmemory-policy", "noeviction");
        jedis.flushAll();
    }

    private long used() {
        return Long.parseLong(InfoFields.of(jedis.info("memory")).get("used_memory"));
    }

    private long evicted() {
        return Long.parseLong(InfoFields.of(jedis.info("stats")).get("evicted_keys"));
    }

    /** Sets maxmemory to what is used now plus {@code room} bytes, once the figure has settled. */
    private long limitAbove(long room) {
        long used = used();
        long max = used + room;
        jedis.configSet("maxmemory", Long.toString(max));
        return max;
    }

    @Test
    void allKeysLruEvictsUntilUnderMaxmemory() {
        long before = evicted();
        long max = limitAbove(500_000);
        jedis.configSet("maxmemory-policy", "allkeys-lru");
        for (int i = 0; i < 20_000; i++) {
            jedis.set("key:" + i, "x".repeat(100));
        }
        Eventually.until("under maxmemory", Duration.ofSeconds(20), () -> used() <= max);
        assertTrue(evicted() - before > 5_000, "evicted " + (evicted() - before));
        assertTrue(jedis.dbSize() < 20_000);
    }

    @Test
    void volatilePoliciesEvictOnlyKeysWithATimeToLive() {
        for (int i = 0; i < 2_000; i++) {
            jedis.set("keep:" + i, "x".repeat(100));
        }
        long max = limitAbove(200_000);
        jedis.configSet("maxmemory-policy", "volatile-ttl");
        for (int i = 0; i < 6_000; i++) {
            jedis.setex("ttl:" + i, 10_000 + i, "x".repeat(100));
        }
        Eventually.until("under maxmemory", Duration.ofSeconds(20), () -> used() <= max);
        for (int i = 0; i < 2_000; i++) {
            assertTrue(jedis.exists("keep:" + i), "keep:" + i);
        }
        // the nearest expiries went first: the latest keys (longest TTL) are the ones left
        long earlyLeft = 0;
        long lateLeft = 0;
        for (int i = 0; i < 1_000; i++) {
            earlyLeft += jedis.exists("ttl:" + i) ? 1 : 0;
            lateLeft += jedis.exists("ttl:" + (5_000 + i)) ? 1 : 0;
        }
        assertTrue(lateLeft > earlyLeft, "early " + earlyLeft + ", late " + lateLeft);
    }

    @Test
    void nothingToEvictRefusesWritesAsRedis() {
        for (int i = 0; i < 1_000; i++) {
            jedis.set("persistent:" + i, "x".repeat(100));
        }
        jedis.configSet("maxmemory", "1");
        jedis.configSet("maxmemory-policy", "volatile-lru");
        Eventually.until("writes refused", () -> {
            try {
                jedis.set("more", "x");
                return false;
            } catch (JedisDataException refused) {
                return refused.getMessage().equals(OOM);
            }
        });
        for (int i = 0; i < 1_000; i++) {
            assertTrue(jedis.exists("persistent:" + i), "no key without a TTL is evicted");
        }
        assertEquals("x".repeat(100), jedis.get("persistent:1"), "reads go on");
        assertEquals(1, jedis.del("persistent:1"), "so do deletes");
        try (RawClient raw = server.raw()) {
            assertEquals("+OK\r\n", raw.call("MULTI"));
            assertEquals("-" + OOM + "\r\n", raw.call("SET", "a", "b"));
            assertEquals("-EXECABORT Transaction discarded because of previous errors.\r\n", raw.call("EXEC"));
            String script = raw.call("EVAL", "return redis.call('set', 'a', 'b')", "0");
            assertTrue(script.startsWith("-" + OOM), script);
        }
        jedis.configSet("maxmemory-policy", "noeviction");
        assertEquals(OOM, assertThrows(JedisDataException.class, () -> jedis.lpush("list", "x")).getMessage());
        jedis.configSet("maxmemory", "0");
        assertEquals("OK", jedis.set("more", "x"));
    }

    /**
     * Redis's unit/multi cases: memory running out after a write was queued aborts the EXEC with the reason; in MULTI
     * every command but EXEC, DISCARD, QUIT and RESET is refused then, reads too, since queueing takes memory.
     */
    @Test
    void transactionsWhenMemoryRunsOutAreRefusedAsRedisRefusesThem() {
        jedis.set("filler", "x");
        try (RawClient raw = server.raw()) {
            assertEquals("+OK\r\n", raw.call("MULTI"));
            assertEquals("+QUEUED\r\n", raw.call("SET", "x", "1"));
            assertEquals("+QUEUED\r\n", raw.call("GET", "x"));
            jedis.configSet("maxmemory", "1");
            jedis.configSet("maxmemory-policy", "noeviction");
            assertEquals("-EXECABORT Transaction discarded because of: " + OOM + "\r\n", raw.call("EXEC"));
            assertEquals("+OK\r\n", raw.call("MULTI"));
            assertEquals("-" + OOM + "\r\n", raw.call("GET", "x"));
            assertEquals("-EXECABORT Transaction discarded because of previous errors.\r\n", raw.call("EXEC"));
            assertEquals("+OK\r\n", raw.call("MULTI"));
            assertEquals("+OK\r\n", raw.call("DISCARD"));
            assertEquals("$-1\r\n", raw.call("GET", "x"), "reads outside MULTI go on");
        } finally {
            jedis.configSet("maxmemory", "0");
        }
    }

    @Test
    void evictionsAreNotifiedAsEvicted() throws Exception {
        jedis.configSet("notify-keyspace-events", "Ee");
        List<String> evictedKeys = new CopyOnWriteArrayList<>();
        JedisPubSub listener = new JedisPubSub() {
            @Override
            public void onPMessage(String pattern, String channel, String message) {
                if (channel.endsWith(":evicted")) {
                    evictedKeys.add(message);
                }
            }
        };
        Thread subscriber = new Thread(() -> {
            try (Jedis sub = server.jedis()) {
                sub.psubscribe(listener, "__keyevent@0__:*");
            }
        });
        subscriber.start();
        Eventually.until("subscribed", listener::isSubscribed);
        try {
            long max = limitAbove(100_000);
            jedis.configSet("maxmemory-policy", "allkeys-random");
            for (int i = 0; i < 5_000; i++) {
                jedis.set("n:" + i, "x".repeat(100));
            }
            Eventually.until("under maxmemory", Duration.ofSeconds(20), () -> used() <= max);
            Eventually.until("evicted notified", () -> !evictedKeys.isEmpty());
            assertTrue(evictedKeys.getFirst().startsWith("n:"), evictedKeys.getFirst());
        } finally {
            listener.punsubscribe();
            subscriber.join(5000);
            jedis.configSet("notify-keyspace-events", "");
        }
    }
}
