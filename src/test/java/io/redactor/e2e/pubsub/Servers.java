package io.redactor.e2e.pubsub;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import redis.clients.jedis.Jedis;

import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;

/** The two shared servers, for tests that run the same scenario on Redis 7.0 and on Redactor. */
record Servers(String name, Supplier<Jedis> jedis, Supplier<RawClient> raw, IntSupplier port) {

    static Stream<Servers> both() {
        return Stream.of(
                new Servers("redis", RealRedis.shared()::jedis, RealRedis.shared()::raw, RealRedis.shared()::port),
                new Servers("redactor", TestRedactor.shared()::jedis, TestRedactor.shared()::raw,
                        TestRedactor.shared()::port));
    }

    void awaitNoSubscriptions() {
        Await.noSubscriptions(name, raw);
    }

    @Override
    public String toString() {
        return name;
    }
}
