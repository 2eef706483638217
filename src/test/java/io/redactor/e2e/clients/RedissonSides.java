package io.redactor.e2e.clients;

import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;
import org.redisson.config.Protocol;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Two Redisson clients of the shared Redactor and two of the shared real Redis, and steps run on both servers
 * whose results must be equal. With {@code -Dredisson.resp3=true} the clients speak RESP3.
 */
final class RedissonSides implements AutoCloseable {
    /** The lock watchdog's timeout: short, so that a test sees it renew a lock taken without a lease time. */
    static final long LOCK_WATCHDOG_MILLIS = 1_500;

    private static final ExecutorService OTHER_THREAD = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "redisson-test-other");
        thread.setDaemon(true);
        return thread;
    });

    private final RedissonClient ours;
    private final RedissonClient oursToo;
    private final RedissonClient redis;
    private final RedissonClient redisToo;

    private RedissonSides(List<RedissonClient> clients) {
        ours = clients.get(0);
        oursToo = clients.get(1);
        redis = clients.get(2);
        redisToo = clients.get(3);
    }

    static RedissonSides connect() {
        int ourPort = TestRedactor.shared().port();
        int redisPort = RealRedis.shared().port();
        List<CompletableFuture<RedissonClient>> starting = List.of(ourPort, ourPort, redisPort, redisPort).stream()
                .map(port -> CompletableFuture.supplyAsync(() -> client(port, Boolean.getBoolean("redisson.resp3"))))
                .toList();
        return new RedissonSides(starting.stream().map(CompletableFuture::join).toList());
    }

    private static RedissonClient client(int port, boolean resp3) {
        Config config = new Config();
        config.setThreads(2);
        config.setNettyThreads(4);
        if (resp3) {
            config.setProtocol(Protocol.RESP3);
        }
        config.setLockWatchdogTimeout(LOCK_WATCHDOG_MILLIS);
        config.useSingleServer()
                .setAddress("redis://127.0.0.1:" + port)
                .setConnectionMinimumIdleSize(2)
                .setConnectionPoolSize(8)
                .setSubscriptionConnectionMinimumIdleSize(1)
                .setSubscriptionConnectionPoolSize(4)
                .setTimeout(10_000);
        return Redisson.create(config);
    }

    /**
     * Runs {@code steps} with a RESP3 client made for them and one of this pair's clients of the same server, on the
     * real Redis, then on Redactor; both must give the same result, which is returned.
     */
    <T> T onBothWithResp3(BiFunction<RedissonClient, RedissonClient, T> steps) {
        List<T> results = new java.util.ArrayList<>();
        for (RedissonClient[] pair : pairs()) {
            int port = pair[0] == redis ? RealRedis.shared().port() : TestRedactor.shared().port();
            RedissonClient resp3 = client(port, true);
            try {
                results.add(steps.apply(resp3, pair[0]));
            } finally {
                resp3.shutdown(0, 2, TimeUnit.SECONDS);
            }
        }
        assertEquals(results.get(0), results.get(1), "Redactor's result differs from Redis's");
        return results.get(1);
    }

    /** Runs {@code steps} on the real Redis, then on Redactor; both must give the same result, which is returned. */
    <T> T onBoth(Function<RedissonClient, T> steps) {
        T expected = steps.apply(redis);
        T actual = steps.apply(ours);
        assertEquals(expected, actual, "Redactor's result differs from Redis's");
        return actual;
    }

    /** {@link #onBoth(Function)} for steps that use two clients of the same server. */
    <T> T onBoth(BiFunction<RedissonClient, RedissonClient, T> steps) {
        T expected = steps.apply(redis, redisToo);
        T actual = steps.apply(ours, oursToo);
        assertEquals(expected, actual, "Redactor's result differs from Redis's");
        return actual;
    }

    /** One client of each server, Redis's first. */
    List<RedissonClient> both() {
        return List.of(redis, ours);
    }

    /** The two clients of each server, Redis's first. */
    List<RedissonClient[]> pairs() {
        return List.of(new RedissonClient[] {redis, redisToo}, new RedissonClient[] {ours, oursToo});
    }

    /** Runs {@code action} on the one other thread of the tests: Redisson's locks belong to a thread. */
    static <T> T elsewhere(ThrowingSupplier<T> action) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return action.get();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, OTHER_THREAD).join();
    }

    interface ThrowingSupplier<T> {
        T get() throws Exception;
    }

    @Override
    public void close() {
        for (RedissonClient client : List.of(ours, oursToo, redis, redisToo)) {
            client.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }
}
