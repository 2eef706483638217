package io.redactor.e2e.durability;

import io.redactor.testing.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SIGTERM, as an operator or a container runtime stops a server: like Redis, a snapshot when save points are
 * configured, the append-only file flushed, a clean exit (status 0, as Redis's); a restart has every key.
 */
class ShutdownSignalTest {
    private static final int KEYS = 5_000;

    @TempDir
    Path dir;

    @Test
    void sigtermSavesASnapshotWhenSavePointsAreConfigured() {
        Map<String, String> config = Map.of("save", "3600 1", "appendonly", "no");
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            write(jedis);
            assertFalse(Files.exists(dir.resolve("dump.rdb")), "no save point is due yet");
            assertEquals(0, server.terminate(), server.log());
        }
        assertTrue(Files.exists(dir.resolve("dump.rdb")));
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            assertAllThere(jedis);
        }
    }

    @Test
    void shutdownEndsWithTheSameStatus() {
        try (ServerProcess server = ServerProcess.start(dir, Map.of("save", "")); Jedis jedis = server.jedis()) {
            try {
                jedis.shutdown();
            } catch (RuntimeException closed) {
                // SHUTDOWN answers nothing: the connection closes
            }
            assertEquals(0, server.awaitExit());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"everysec", "no"})
    void sigtermFlushesTheAppendOnlyFileWithoutSavePoints(String fsync) {
        Map<String, String> config = Map.of("save", "", "appendonly", "yes", "appendfsync", fsync);
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            write(jedis);
            assertEquals(0, server.terminate(), server.log());
        }
        assertFalse(Files.exists(dir.resolve("dump.rdb")), "no snapshot without save points");
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            assertAllThere(jedis);
        }
    }

    /** Keys in databases 0 and 1, the last written just before the signal. */
    private static void write(Jedis jedis) {
        Pipeline pipeline = jedis.pipelined();
        for (int i = 0; i < KEYS; i++) {
            pipeline.set("k" + i, "v" + i);
        }
        pipeline.select(1);
        pipeline.hset("db1", "f", "v");
        pipeline.select(0);
        pipeline.sync();
        jedis.set("last", "before the signal");
    }

    private static void assertAllThere(Jedis jedis) {
        assertEquals(KEYS + 1, jedis.dbSize());
        for (int i = 0; i < KEYS; i += 97) {
            assertEquals("v" + i, jedis.get("k" + i));
        }
        assertEquals("before the signal", jedis.get("last"));
        jedis.select(1);
        assertEquals(Map.of("f", "v"), jedis.hgetAll("db1"));
        jedis.select(0);
    }
}
