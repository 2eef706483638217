package io.redactor.e2e.tracking;

import io.redactor.testing.Eventually;
import io.redactor.testing.InfoFields;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.nio.file.Files;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Client-side caching told of evictions, side by side with Redis 7.0.15: a RESP3 client tracking the keys it read gets
 * one invalidation push per key evicted, and a RESP2 client redirecting to a subscriber of __redis__:invalidate has
 * one message published per key evicted; nothing for the keys that stay, nor for the evicted keys nobody read.
 */
class EvictionInvalidationTest {
    private static final int TRACKED = 200;
    private static final int FILL = 300;

    private static TestRedactor redactor;
    private static RealRedis redis;

    @BeforeAll
    static void start() throws Exception {
        redactor = TestRedactor.start(Map.of());
        redis = RealRedis.startIn(Files.createTempDirectory("redactor-tracking-redis"), "--save", "", "--appendonly",
                "no");
    }

    @AfterAll
    static void stop() {
        redactor.close();
        redis.close();
    }

    @Test
    void redisInvalidatesEvictedKeys() {
        evictedKeysReadAreInvalidated("Redis", redis::raw, redis::jedis);
    }

    @Test
    void redactorInvalidatesEvictedKeysAsRedisDoes() {
        evictedKeysReadAreInvalidated("Redactor", redactor::raw, redactor::jedis);
    }

    private static void evictedKeysReadAreInvalidated(String server, Supplier<RawClient> connect,
                                                      Supplier<Jedis> jedis) {
        try (RawClient resp3 = connect.get(); RawClient subscriber = connect.get(); RawClient resp2 = connect.get();
             Jedis writer = jedis.get()) {
            writer.configSet("maxmemory", "0");
            writer.flushAll();
            Pipeline pipeline = writer.pipelined();
            for (int i = 0; i < TRACKED; i++) {
                pipeline.set(key(i), "v".repeat(100));
            }
            pipeline.sync();

            resp3.call("HELLO", "3");
            assertEquals("+OK\r\n", resp3.call("CLIENT", "TRACKING", "on"));
            String id = subscriber.call("CLIENT", "ID").substring(1).strip();
            subscriber.call("SUBSCRIBE", "__redis__:invalidate");
            assertEquals("+OK\r\n", resp2.call("CLIENT", "TRACKING", "on", "REDIRECT", id));
            for (int i = 0; i < TRACKED; i++) {
                assertEquals("$100\r\n" + "v".repeat(100) + "\r\n", resp3.call("GET", key(i)));
                resp2.call("GET", key(i));
            }

            // random eviction takes tracked keys as well as the fill written after them, which nobody read
            long max = usedMemory(writer) + 20_000;
            writer.configSet("maxmemory-policy", "allkeys-random");
            writer.configSet("maxmemory", Long.toString(max));
            pipeline = writer.pipelined();
            for (int i = 0; i < FILL; i++) {
                pipeline.set("fill:" + i, "f".repeat(100));
            }
            pipeline.sync();
            Eventually.until("under maxmemory", Duration.ofSeconds(20), () -> usedMemory(writer) <= max);
            long[] last = {-1};
            Eventually.until("evictions settled", Duration.ofSeconds(20), () -> {
                long now = evicted(writer);
                boolean settled = now == last[0];
                last[0] = now;
                return settled;
            });
            // no more evictions while the keys are looked at (Redis evicts before any command while over the limit)
            writer.configSet("maxmemory", "0");
            Set<String> gone = new HashSet<>();
            for (int i = 0; i < TRACKED; i++) {
                if (!writer.exists(key(i))) {
                    gone.add(key(i));
                }
            }
            assertFalse(gone.isEmpty(), server + " evicted no tracked key");
            assertTrue(gone.size() < TRACKED, server + " evicted every tracked key");

            Set<String> pushed = new HashSet<>();
            for (int i = 0; i < gone.size(); i++) {
                String push = resp3.readReplyText();
                assertTrue(push.startsWith(">2\r\n$10\r\ninvalidate\r\n*1\r\n"), server + ": " + push);
                assertTrue(pushed.add(lastBulk(push)), server + ": twice " + push);
            }
            assertEquals(gone, pushed, server + ": RESP3 pushes");
            assertEquals("+PONG\r\n", resp3.call("PING"), server + ": nothing more for the RESP3 client");

            Set<String> published = new HashSet<>();
            for (int i = 0; i < gone.size(); i++) {
                String message = subscriber.readReplyText();
                assertTrue(message.startsWith("*3\r\n$7\r\nmessage\r\n$20\r\n__redis__:invalidate\r\n*1\r\n"),
                        server + ": " + message);
                assertTrue(published.add(lastBulk(message)), server + ": twice " + message);
            }
            assertEquals(gone, published, server + ": messages to the RESP2 client's redirection");
            assertEquals("*2\r\n$4\r\npong\r\n$0\r\n\r\n", subscriber.call("PING"),
                    server + ": nothing more for the subscriber");

            writer.configSet("maxmemory-policy", "noeviction");
            writer.flushAll();
        }
    }

    private static String key(int i) {
        return "tracked:" + i;
    }

    /** The last bulk string of a reply: the key an invalidation names. */
    private static String lastBulk(String reply) {
        return reply.substring(reply.lastIndexOf("\r\n", reply.length() - 3) + 2, reply.length() - 2);
    }

    private static long usedMemory(Jedis jedis) {
        return Long.parseLong(InfoFields.of(jedis.info("memory")).get("used_memory"));
    }

    private static long evicted(Jedis jedis) {
        return Long.parseLong(InfoFields.of(jedis.info("stats")).get("evicted_keys"));
    }
}
