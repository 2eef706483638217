package io.redactor.testing;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;

/**
 * A test class comparing replies side by side: a private Redactor and a private Redis 7.0, both with DEBUG enabled
 * and no snapshots, started once for the class.
 */
public abstract class DebugSideBySideTest {
    protected static TestRedactor server;
    protected static RealRedis redis;

    @BeforeAll
    static void startBoth() throws IOException {
        server = TestRedactor.start(Map.of("redactor.redis.enable-debug-command", "yes"));
        redis = RealRedis.startIn(Files.createTempDirectory("side-by-side-redis"), "--save", "", "--appendonly", "no",
                "--enable-debug-command", "yes");
    }

    @AfterAll
    static void stopBoth() {
        server.close();
        redis.close();
    }
}
