package io.redactor.testing;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import redis.clients.jedis.Jedis;

/** A test with a Jedis and a raw connection to the shared Redactor, opened before and closed after each test. */
public abstract class SharedServerTest {
    protected Jedis jedis;
    protected RawClient raw;

    @BeforeEach
    void connectToSharedServer() {
        jedis = TestRedactor.shared().jedis();
        raw = TestRedactor.shared().raw();
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
