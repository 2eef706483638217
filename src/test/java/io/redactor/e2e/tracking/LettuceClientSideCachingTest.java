package io.redactor.e2e.tracking;

import io.lettuce.core.RedisClient;
import io.lettuce.core.TrackingArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.support.caching.CacheAccessor;
import io.lettuce.core.support.caching.CacheFrontend;
import io.lettuce.core.support.caching.ClientSideCaching;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lettuce's client-side cache ({@link ClientSideCaching}, RESP3 with CLIENT TRACKING) stays coherent while other
 * connections write the cached keys: after each round of concurrent reads and writes, once the writers have
 * stopped, every cached value is the server's.
 */
class LettuceClientSideCachingTest {
    private static final int KEYS = 64;
    private static final int ROUNDS = 5;
    private static final long ROUND_MILLIS = 300;
    private static final int WRITERS = 3;
    private static final int READERS = 3;

    /**
     * A map cache that does not keep a value read before an invalidation of its key was processed. Lettuce's
     * frontend reads the server, then puts the value in the cache on the caller's thread, while invalidations are
     * handled on the connection's thread: one arriving in between would be lost (a race of the client library, not
     * of the server), so each put checks that no eviction of its key came since the read began.
     */
    private static final class GuardedCache implements CacheAccessor<String, String> {
        private final Map<String, String> values = new ConcurrentHashMap<>();
        private final Map<String, Long> evictions = new ConcurrentHashMap<>();
        private final ThreadLocal<Long> evictionsSeen = new ThreadLocal<>();
        final AtomicLong hits = new AtomicLong();
        final AtomicLong evicted = new AtomicLong();

        @Override
        public String get(String key) {
            evictionsSeen.set(evictions.getOrDefault(key, 0L));
            String value = values.get(key);
            if (value != null) {
                hits.incrementAndGet();
            }
            return value;
        }

        @Override
        public void put(String key, String value) {
            evictions.compute(key, (k, count) -> {
                long now = count == null ? 0 : count;
                if (now == evictionsSeen.get()) {
                    values.put(key, value);
                }
                return count;
            });
        }

        @Override
        public void evict(String key) {
            evictions.compute(key, (k, count) -> {
                values.remove(key);
                return count == null ? 1 : count + 1;
            });
            evicted.incrementAndGet();
        }
    }

    @Test
    void cachedValuesFollowConcurrentWritesFromOtherConnections() throws InterruptedException {
        RedisClient client = RedisClient.create("redis://127.0.0.1:" + TestRedactor.shared().port());
        List<String> keys = IntStream.range(0, KEYS).mapToObj(i -> "tracking:lettuce:" + i).toList();
        try (StatefulRedisConnection<String, String> cached = client.connect();
             StatefulRedisConnection<String, String> plain = client.connect()) {
            RedisCommands<String, String> server = plain.sync();
            keys.forEach(key -> server.set(key, "initial"));
            GuardedCache cache = new GuardedCache();
            CacheFrontend<String, String> frontend =
                    ClientSideCaching.enable(cache, cached, TrackingArgs.Builder.enabled());
            for (int round = 0; round < ROUNDS; round++) {
                runConcurrently(client, frontend, keys, round);
                // invalidations sent before the writers' replies come before this reply on the cached connection
                cached.sync().ping();
                for (String key : keys) {
                    String value = cache.values.get(key);
                    if (value != null) {
                        assertEquals(server.get(key), value, "cached " + key + " after round " + round);
                    }
                    assertEquals(server.get(key), frontend.get(key), "read through the cache: " + key);
                }
            }
            assertTrue(cache.hits.get() > 0, "the cache served no read");
            assertTrue(cache.evicted.get() > 0, "no invalidation came");
            server.del(keys.toArray(String[]::new));
        } finally {
            client.shutdown();
        }
    }

    private static void runConcurrently(RedisClient client, CacheFrontend<String, String> frontend, List<String> keys,
                                        int round) throws InterruptedException {
        AtomicBoolean running = new AtomicBoolean(true);
        List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            threads.add(Thread.ofPlatform().start(() -> {
                try (StatefulRedisConnection<String, String> connection = client.connect()) {
                    SplittableRandom random = new SplittableRandom(round * 31L + writer);
                    for (int n = 0; running.get(); n++) {
                        String key = keys.get(random.nextInt(keys.size()));
                        connection.sync().set(key, "r" + round + "w" + writer + "n" + n);
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        for (int r = 0; r < READERS; r++) {
            int reader = r;
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    SplittableRandom random = new SplittableRandom(round * 17L + reader);
                    while (running.get()) {
                        frontend.get(keys.get(random.nextInt(keys.size())));
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        Thread.sleep(ROUND_MILLIS);
        running.set(false);
        for (Thread thread : threads) {
            thread.join();
        }
        assertTrue(failures.isEmpty(), failures.toString());
    }
}
