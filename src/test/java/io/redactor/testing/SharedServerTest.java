package io.redactor.testing;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import redis.clients.jedis.Jedis;

/**
 * A test with a Jedis and a raw connection to the shared Redactor, opened before and closed after each test.
 * With {@code -Dredactor.test.server=redis} (in {@code -Dredactor.test.jvmArgs}) the same tests talk to the real
 * Redis 7.0 instead, which checks that what they expect is what Redis answers.
 */
public abstract class SharedServerTest {
    private static final boolean AGAINST_REDIS = "redis".equals(System.getProperty("redactor.test.server"));

    protected Jedis jedis;
    protected RawClient raw;

    /** True when the tests run against the real Redis (tests comparing the two servers then skip). */
    protected static boolean againstRedis() {
        return AGAINST_REDIS;
    }

    @BeforeEach
    void connectToSharedServer() {
        jedis = AGAINST_REDIS ? RealRedis.shared().jedis() : TestRedactor.shared().jedis();
        raw = AGAINST_REDIS ? RealRedis.shared().raw() : TestRedactor.shared().raw();
        // A socket's connect returns before the server has registered the client; a reply means it has.
        raw.call("PING");
        jedis.ping();
    }

    @AfterEach
    void closeConnections() {
        jedis.close();
        raw.close();
    }
}
