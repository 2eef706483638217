package io.redactor.e2e.durability;

import io.redactor.testing.DataSet;
import io.redactor.testing.RealRedis;
import io.redactor.testing.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FLUSHALL, FLUSHDB and SWAPDB outlive {@code kill -9}: recorded in the append-only file (which Redis's checker
 * accepts and Redis 7.0.15 loads to the same data) and in an RDB snapshot taken after them.
 */
class FlushSwapPersistenceTest {
    @TempDir
    Path dir;
    @TempDir
    Path copy;

    @Test
    void theAppendOnlyFileRecordsThem() throws Exception {
        Map<String, String> config = Map.of("appendonly", "yes", "appendfsync", "always", "save", "");
        DataSet before;
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            before = flushAndSwap(jedis);
            server.kill();
        }
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            assertEquals(before, DataSet.of(jedis), before.differences(DataSet.of(jedis)));
        }
        Path aof = dir.resolve("appendonlydir");
        assertChecked(aof.resolve("appendonly.aof.1.incr.aof"));
        assertChecked(aof.resolve("appendonly.aof.manifest"));
        Path redisData = Files.createDirectories(copy.resolve("data").resolve("appendonlydir"));
        try (Stream<Path> files = Files.list(aof)) {
            for (Path file : files.toList()) {
                Files.copy(file, redisData.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        try (RealRedis redis = RealRedis.startIn(copy, "--dir", redisData.getParent().toString(), "--appendonly",
                "yes", "--save", ""); Jedis jedis = redis.jedis()) {
            assertEquals(before, DataSet.of(jedis), "Redis 7.0.15 on a copy of the directory");
        }
    }

    @Test
    void aSnapshotAfterThemHoldsTheirResult() throws Exception {
        Map<String, String> config = Map.of("appendonly", "no", "save", "");
        DataSet before;
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            before = flushAndSwap(jedis);
            assertEquals("OK", jedis.save());
            jedis.flushAll();
            server.kill();
        }
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            assertEquals(before, DataSet.of(jedis), before.differences(DataSet.of(jedis)));
        }
        Files.copy(dir.resolve("dump.rdb"), copy.resolve("dump.rdb"));
        try (RealRedis redis = RealRedis.startIn(copy, "--save", ""); Jedis jedis = redis.jedis()) {
            assertEquals(before, DataSet.of(jedis), "Redis 7.0.15 on a copy of the snapshot");
        }
    }

    /**
     * Keys in databases 0, 1 and 2, FLUSHALL, new keys (the same name in 0 and 1 with different values), SWAPDB 0 1,
     * FLUSHDB of 2, more keys; returns the data set then, which each step changed.
     */
    private static DataSet flushAndSwap(Jedis jedis) {
        for (int db = 0; db < 3; db++) {
            jedis.select(db);
            jedis.set("old" + db, "gone by FLUSHALL");
            jedis.set("shared", "old " + db);
        }
        jedis.flushAll();
        for (int db = 0; db < 3; db++) {
            jedis.select(db);
            jedis.set("new" + db, "written in " + db);
            jedis.set("shared", "new " + db);
            jedis.rpush("list" + db, "a", "b");
        }
        jedis.swapDB(0, 1);
        jedis.select(2);
        jedis.flushDB();
        jedis.set("after flushdb", "2");
        jedis.select(0);
        jedis.set("after swapdb", "0");
        DataSet now = DataSet.of(jedis);
        assertEquals("new 1", jedis.get("shared"));
        assertTrue(now.entries().keySet().containsAll(java.util.List.of("0:new1", "1:new0", "2:after flushdb")),
                now.toString());
        assertEquals(8, now.size(), now.toString());
        return now;
    }

    private static void assertChecked(Path file) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("redis-check-aof", file.toString()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("is valid"), output);
    }
}
