package io.redactor.e2e.durability;

import io.redactor.testing.RealRedis;
import io.redactor.testing.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Snapshots that fail, on a server process of its own and on Redis 7.0.15 doing the same: a failed BGSAVE with
 * save points configured and {@code stop-writes-on-bgsave-error yes} refuses writes (and PING) with Redis's
 * {@code -MISCONF} text while reads go on; {@code stop-writes-on-bgsave-error no} lets them through; a BGSAVE that
 * works again ends it. A failed SAVE answers {@code -ERR} and, as in Redis, does not stop writes.
 */
class SnapshotFailureTest {
    private static final String BGSAVE_ERROR = "MISCONF Redis is configured to save RDB snapshots, but it's "
            + "currently unable to persist to disk. Commands that may modify the data set are disabled, because "
            + "this instance is configured to report errors during writes if RDB snapshotting fails "
            + "(stop-writes-on-bgsave-error option). Please check the Redis logs for details about the RDB error.";

    @TempDir
    Path dir;

    @Test
    void aFailedBgsaveStopsWritesUntilOneWorksAsInRedis() throws Exception {
        Path redisData = Files.createDirectories(dir.resolve("redis-data"));
        Path redactorData = Files.createDirectories(dir.resolve("redactor-data"));
        Path redisHome = Files.createDirectories(dir.resolve("redis-home"));
        List<String> fromRedis;
        List<String> fromRedactor;
        try (RealRedis redis = RealRedis.startIn(redisHome, "--dir", redisData.toString(), "--save", "3600 1");
             Jedis jedis = redis.jedis()) {
            fromRedis = failAndRecover(jedis, redisData);
        }
        try (ServerProcess redactor = ServerProcess.start(dir, Map.of("dir", redactorData.toString(),
                "save", "3600 1")); Jedis jedis = redactor.jedis()) {
            fromRedactor = failAndRecover(jedis, redactorData);
        }
        assertEquals(fromRedis, fromRedactor);
        assertEquals(List.of("SAVE: ERR", "status ok", "write OK", "Background saving started", "status err",
                "write " + BGSAVE_ERROR, "ping " + BGSAVE_ERROR, "read 1", "write OK", "write " + BGSAVE_ERROR,
                "Background saving started", "status ok", "write OK", "ping PONG"), fromRedactor);
    }

    /**
     * The snapshot cannot be renamed over {@code dump.rdb}, a directory; then it can. What the server answered, in
     * order.
     */
    private static List<String> failAndRecover(Jedis jedis, Path data) throws Exception {
        List<String> seen = new ArrayList<>();
        jedis.set("before", "1");
        Path blocker = Files.createDirectories(data.resolve("dump.rdb"));
        Files.writeString(blocker.resolve("in the way"), "x");
        seen.add("SAVE: " + answer(jedis::save));
        seen.add(status(jedis));
        seen.add("write " + answer(() -> jedis.set("after a failed SAVE", "1")));
        seen.add(jedis.bgsave());
        awaitBgsave(jedis);
        seen.add(status(jedis));
        seen.add("write " + answer(() -> jedis.set("refused", "1")));
        seen.add("ping " + answer(jedis::ping));
        seen.add("read " + jedis.get("before"));
        jedis.configSet("stop-writes-on-bgsave-error", "no");
        seen.add("write " + answer(() -> jedis.set("not stopped", "1")));
        jedis.configSet("stop-writes-on-bgsave-error", "yes");
        seen.add("write " + answer(() -> jedis.set("refused again", "1")));
        Files.delete(blocker.resolve("in the way"));
        Files.delete(blocker);
        seen.add(jedis.bgsave());
        awaitBgsave(jedis);
        seen.add(status(jedis));
        seen.add("write " + answer(() -> jedis.set("accepted again", "1")));
        seen.add("ping " + answer(jedis::ping));
        return seen;
    }

    /** Save points retry a failed snapshot after 5 s, as Redis's do: once the directory is back, writes are too. */
    @Test
    void aRemovedDataDirectoryStopsWritesUntilTheSavePointsSaveAgain() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        try (ServerProcess server = ServerProcess.start(dir, Map.of("dir", data.toString(), "save", "1 1"));
             Jedis jedis = server.jedis()) {
            Files.delete(data);
            jedis.set("kept", "in memory");
            awaitStatus(jedis, "rdb_last_bgsave_status:err");
            assertEquals(BGSAVE_ERROR, answer(() -> jedis.set("refused", "1")));
            assertEquals("in memory", jedis.get("kept"));
            Files.createDirectories(data);
            awaitStatus(jedis, "rdb_last_bgsave_status:ok");
            assertEquals("OK", jedis.set("accepted", "again"));
            assertTrue(Files.isRegularFile(data.resolve("dump.rdb")));
        }
    }

    private static String answer(Supplier<String> command) {
        try {
            return command.get();
        } catch (JedisDataException error) {
            return error.getMessage();
        }
    }

    private static String status(Jedis jedis) {
        String info = jedis.info("persistence");
        return info.contains("rdb_last_bgsave_status:ok") ? "status ok"
                : info.contains("rdb_last_bgsave_status:err") ? "status err" : info;
    }

    private static void awaitStatus(Jedis jedis, String status) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(12);
        while (!jedis.info("persistence").contains(status)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no " + status + " after 12 s: " + jedis.info("persistence"));
            }
            Thread.sleep(50);
        }
    }

    private static void awaitBgsave(Jedis jedis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!jedis.info("persistence").contains("rdb_bgsave_in_progress:0")) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("BGSAVE did not finish");
            }
            Thread.sleep(20);
        }
    }
}
