package io.redactor.e2e.durability;

import io.redactor.testing.RealRedis;
import io.redactor.testing.ServerProcess;
import io.redactor.testing.SmallDisk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The append-only file on a disk that fills up (a small tmpfs) or in a process that reaches its file size limit
 * (prlimit): writes are refused with Redis's {@code -MISCONF Errors writing to the AOF file: <strerror>}, reads go
 * on, and once there is room again writes are accepted within seconds; no acknowledged write is lost, through
 * {@code kill -9} and a restart, and Redis's checker accepts the files.
 */
class DiskFullTest {
    private static final String VALUE = "v".repeat(1000);
    private static final Map<String, String> ALWAYS = Map.of("appendonly", "yes", "appendfsync", "always",
            "save", "");

    @TempDir
    Path dir;
    private SmallDisk disk;
    /** Redis's own disk: on a shared one, Redis cutting off its failed write would make room for Redactor's. */
    private SmallDisk redisDisk;

    @AfterEach
    void unmount() throws Exception {
        if (redisDisk != null) {
            redisDisk.close();
        }
        if (disk != null) {
            disk.close();
        }
    }

    @Test
    void aFullDiskRefusesWritesUntilThereIsRoomAndLosesNothingAcknowledged() throws Exception {
        disk = SmallDisk.mount(dir.resolve("disk"), "2m");
        Map<String, String> config = new java.util.HashMap<>(ALWAYS);
        config.put("dir", disk.root().toString());
        List<String> acknowledged = new ArrayList<>();
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            disk.fill(32 << 10);
            String refusal = writeUntilRefused(jedis, acknowledged);
            assertEquals("MISCONF Errors writing to the AOF file: No space left on device", refusal);
            assertWritesRefused(jedis, refusal, acknowledged);
            assertRepliesHeldBack(jedis, refusal, acknowledged);
            disk.free();
            awaitWritesAccepted(jedis);
            assertAllThere(jedis, acknowledged);
            writeMore(jedis, acknowledged);
            server.kill();
        }
        assertChecked(disk.root().resolve("appendonlydir"));
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            assertAllThere(jedis, acknowledged);
        }
    }

    @Test
    void aFileSizeLimitFailsWritesAsAFullDiskDoes() throws Exception {
        List<String> acknowledged = new ArrayList<>();
        try (ServerProcess server = ServerProcess.start(dir, ALWAYS); Jedis jedis = server.jedis()) {
            jedis.set("before", "the limit");
            acknowledged.add("before");
            long incr = Files.size(dir.resolve("appendonlydir").resolve("appendonly.aof.1.incr.aof"));
            prlimit(server, (incr + (32 << 10)) + ":unlimited");
            String refusal = writeUntilRefused(jedis, acknowledged);
            assertEquals("MISCONF Errors writing to the AOF file: File too large", refusal);
            assertWritesRefused(jedis, refusal, acknowledged);
            assertRepliesHeldBack(jedis, refusal, acknowledged);
            prlimit(server, "unlimited:unlimited");
            awaitWritesAccepted(jedis);
            assertAllThere(jedis, acknowledged);
            writeMore(jedis, acknowledged);
            server.kill();
        }
        assertChecked(dir.resolve("appendonlydir"));
        try (ServerProcess server = ServerProcess.start(dir, ALWAYS); Jedis jedis = server.jedis()) {
            assertAllThere(jedis, acknowledged);
        }
    }

    /**
     * Under everysec Redis does not exit on a failed write (under always it does): both refuse writes with the same
     * words, answer reads, and accept writes again once there is room.
     */
    @Test
    void redisRefusesWithTheSameWordsUnderEverysec() throws Exception {
        disk = SmallDisk.mount(dir.resolve("disk"), "2m");
        redisDisk = SmallDisk.mount(dir.resolve("redis-disk"), "2m");
        Path redisData = Files.createDirectories(redisDisk.root().resolve("redis"));
        Path redactorData = Files.createDirectories(disk.root().resolve("redactor"));
        Path redisHome = Files.createDirectories(dir.resolve("redis-home"));
        List<String> redisAcknowledged = new ArrayList<>();
        List<String> redactorAcknowledged = new ArrayList<>();
        try (RealRedis redis = RealRedis.startIn(redisHome, "--dir", redisData.toString(), "--save", "",
                "--appendonly", "yes", "--appendfsync", "everysec");
             ServerProcess redactor = ServerProcess.start(dir, Map.of("appendonly", "yes", "appendfsync",
                     "everysec", "save", "", "dir", redactorData.toString()));
             Jedis fromRedis = redis.jedis(); Jedis fromRedactor = redactor.jedis()) {
            writeMore(fromRedis, redisAcknowledged);
            writeMore(fromRedactor, redactorAcknowledged);
            redisDisk.fill(32 << 10);
            disk.fill(32 << 10);
            String redisRefusal = writeUntilRefused(fromRedis, redisAcknowledged);
            assertEquals("MISCONF Errors writing to the AOF file: No space left on device", redisRefusal);
            // Redis's failed write kept its buffer: the room left is taken again only when it retries
            String redactorRefusal = writeUntilRefused(fromRedactor, redactorAcknowledged);
            assertEquals(redisRefusal, redactorRefusal);
            assertWritesRefused(fromRedis, redisRefusal, redisAcknowledged);
            assertWritesRefused(fromRedactor, redactorRefusal, redactorAcknowledged);
            assertReadable(fromRedis, redisAcknowledged);
            assertReadable(fromRedactor, redactorAcknowledged);
            redisDisk.free();
            disk.free();
            awaitWritesAccepted(fromRedis);
            awaitWritesAccepted(fromRedactor);
            assertAllThere(fromRedis, redisAcknowledged);
            assertAllThere(fromRedactor, redactorAcknowledged);
        }
    }

    /** Writes keys of 1 KB, noting those acknowledged, until one is refused; returns the refusal. */
    private static String writeUntilRefused(Jedis jedis, List<String> acknowledged) {
        for (int i = 0; i < 100_000; i++) {
            String key = "k" + i;
            try {
                jedis.set(key, VALUE);
                acknowledged.add(key);
            } catch (JedisDataException refused) {
                return refused.getMessage();
            }
        }
        return fail("100 MB written to a disk that should be full");
    }

    private static void assertWritesRefused(Jedis jedis, String refusal, List<String> acknowledged) {
        assertTrue(acknowledged.size() > 3, "too few writes before the failure: " + acknowledged.size());
        assertEquals(refusal, assertThrows(JedisDataException.class, () -> jedis.set("refused", "x")).getMessage());
        assertEquals(refusal, assertThrows(JedisDataException.class, () -> jedis.incr("counter")).getMessage());
        assertEquals(refusal, assertThrows(JedisDataException.class, jedis::ping).getMessage());
    }

    /**
     * Under {@code always} no reply leaves before what was appended ahead of it is on the disk (README, "When the
     * disk fails"); while the failed bytes are not, every reply gets the refusal, reads and INFO too.
     */
    private static void assertRepliesHeldBack(Jedis jedis, String refusal, List<String> acknowledged) {
        assertEquals(refusal, assertThrows(JedisDataException.class, () -> jedis.get(acknowledged.get(0)))
                .getMessage());
        assertEquals(refusal, assertThrows(JedisDataException.class, () -> jedis.info("persistence")).getMessage());
    }

    private static void assertReadable(Jedis jedis, List<String> acknowledged) {
        assertTrue(jedis.info("persistence").contains("aof_last_write_status:err"));
        assertEquals(VALUE, jedis.get(acknowledged.get(0)));
        assertTrue(jedis.dbSize() >= acknowledged.size());
    }

    /** The server retries once a second: once there is room, a write is accepted within a few seconds. */
    private static void awaitWritesAccepted(Jedis jedis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            try {
                assertEquals("OK", jedis.set("accepted", "again"));
                break;
            } catch (JedisDataException refused) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("writes still refused 5 s after there was room again", refused);
                }
                Thread.sleep(50);
            }
        }
        assertTrue(jedis.info("persistence").contains("aof_last_write_status:ok"));
        assertEquals("PONG", jedis.ping());
    }

    private static void writeMore(Jedis jedis, List<String> acknowledged) {
        for (int i = 0; i < 20; i++) {
            jedis.set("after" + i, VALUE);
            acknowledged.add("after" + i);
        }
    }

    private static void assertAllThere(Jedis jedis, List<String> acknowledged) {
        for (String key : acknowledged) {
            assertEquals("before".equals(key) ? "the limit" : VALUE, jedis.get(key), "acknowledged " + key);
        }
    }

    private static void prlimit(ServerProcess server, String fsize) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("prlimit", "--pid", Long.toString(server.pid()), "--fsize=" + fsize)
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(10, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
    }

    private static void assertChecked(Path aofDir) throws Exception {
        Process process = new ProcessBuilder("redis-check-aof", aofDir.resolve("appendonly.aof.manifest").toString())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("is valid"), output);
    }
}
