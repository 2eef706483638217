package io.redactor.testing;

import com.typesafe.config.ConfigFactory;
import io.redactor.api.server.RedactorConfig;
import io.redactor.api.server.RedactorServer;
import redis.clients.jedis.Jedis;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real Redactor server started in the test JVM on a free port. {@link #shared()} is one server for the whole
 * test run (tests isolate themselves with FLUSHALL or their own keys); {@link #start} makes a private one for
 * tests that change server-wide settings.
 */
public final class TestRedactor implements AutoCloseable {
    private static final AtomicInteger SYSTEMS = new AtomicInteger();
    private static TestRedactor shared;

    private final RedactorServer server;

    private TestRedactor(RedactorServer server) {
        this.server = server;
    }

    public static synchronized TestRedactor shared() {
        if (shared == null) {
            shared = start(Map.of());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> shared.close()));
        }
        return shared;
    }

    /** A private server; {@code settings} override configuration keys (e.g. "redactor.partitions" -> "4"). */
    public static TestRedactor start(Map<String, ?> settings) {
        return start(settings, null);
    }

    /**
     * A private server started as {@code --config file} starts one: the HOCON file under {@code settings}, and named
     * in INFO (CONFIG REWRITE writes it).
     */
    public static TestRedactor startWithConfigFile(java.nio.file.Path file, Map<String, ?> settings) {
        return start(settings, file);
    }

    private static TestRedactor start(Map<String, ?> settings, java.nio.file.Path file) {
        Map<String, Object> overrides = new HashMap<>();
        overrides.put("redactor.port", 0);
        overrides.put("redactor.partitions", 16);
        // Tests that use the REST API ask for it with "redactor.http.port" -> -1 (a free port).
        overrides.put("redactor.http.port", 0);
        overrides.put("akka.cluster.sharding.retry-interval", "100ms");
        overrides.put("akka.coordinated-shutdown.exit-jvm", "off");
        overrides.put("akka.coordinated-shutdown.run-by-jvm-shutdown-hook", "off");
        // Each server keeps its files in a directory of its own, and takes no snapshots unless a test asks for them
        // (like the reference Redis the tests start with --save "").
        overrides.put("redactor.redis.save", "");
        overrides.put("redactor.redis.dir", temporaryDirectory().toString());
        overrides.putAll(settings);
        var parsed = ConfigFactory.parseMap(overrides);
        if (file != null) {
            parsed = parsed.withFallback(ConfigFactory.parseFile(file.toFile()));
        }
        var config = RedactorConfig.load(parsed);
        try {
            RedactorServer server = RedactorServer.start(config, file == null ? null : file.toAbsolutePath().toString(),
                    "test-" + SYSTEMS.incrementAndGet())
                    .toCompletableFuture().get(60, TimeUnit.SECONDS);
            return new TestRedactor(server);
        } catch (Exception e) {
            throw new IllegalStateException("test server did not start", e);
        }
    }

    /**
     * A private server whose data directory is {@code dir} (which it loads from), with Redis parameters set as the
     * launcher's {@code --PARAMETER VALUE} would ({@code "appendonly" -> "yes"}).
     */
    public static TestRedactor startIn(java.nio.file.Path dir, Map<String, String> redis) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("redactor.redis.dir", dir.toString());
        redis.forEach((name, value) -> settings.put("redactor.redis." + name, value));
        return start(settings);
    }

    private static java.nio.file.Path temporaryDirectory() {
        try {
            java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("redactor-test");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public int port() {
        return server.port();
    }

    /** The REST API's port, or -1 when this server has none. */
    public int httpPort() {
        return server.httpPort();
    }

    public RedactorServer server() {
        return server;
    }

    public Jedis jedis() {
        Jedis jedis = new Jedis("127.0.0.1", port(), (int) Duration.ofSeconds(30).toMillis());
        jedis.connect();
        return jedis;
    }

    public RawClient raw() {
        return new RawClient("127.0.0.1", port());
    }

    @Override
    public void close() {
        try {
            server.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("test server did not stop", e);
        }
    }
}
