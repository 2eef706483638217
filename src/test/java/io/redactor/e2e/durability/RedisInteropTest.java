package io.redactor.e2e.durability;

import io.redactor.testing.DataSet;
import io.redactor.testing.EveryType;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.RestoreParams;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Moving a data directory between Redis 7.0.15 and Redactor, both ways: RDB files, append-only directories (RDB and
 * command bases), and DUMP payloads; whole data sets compared key by key, with every type and encoding, expiry
 * times, databases and a function library. Redis's own checkers accept Redactor's files.
 */
class RedisInteropTest {
    @TempDir
    Path redisDir;
    @TempDir
    Path redactorDir;

    @Test
    void redactorLoadsTheRdbFileRedisSaved() throws Exception {
        DataSet expected;
        try (RealRedis redis = RealRedis.startIn(redisDir, "--save", ""); Jedis jedis = redis.jedis()) {
            EveryType.write(jedis, 1);
            expected = DataSet.of(jedis);
            assertEquals("OK", jedis.save());
        }
        Files.copy(redisDir.resolve("dump.rdb"), redactorDir.resolve("dump.rdb"));
        try (TestRedactor redactor = TestRedactor.startIn(redactorDir, Map.of()); Jedis jedis = redactor.jedis()) {
            assertEquals(expected, DataSet.of(jedis));
            assertEquals("x", jedis.fcall("everytype_echo", List.of(), List.of("x")));
        }
    }

    @Test
    void redisLoadsTheRdbFileRedactorSaved() throws Exception {
        DataSet expected;
        try (TestRedactor redactor = TestRedactor.startIn(redactorDir, Map.of()); Jedis jedis = redactor.jedis()) {
            EveryType.write(jedis, 2);
            expected = DataSet.of(jedis);
            assertEquals("OK", jedis.save());
        }
        assertChecked("redis-check-rdb", redactorDir.resolve("dump.rdb").toString());
        Files.copy(redactorDir.resolve("dump.rdb"), redisDir.resolve("dump.rdb"));
        try (RealRedis redis = RealRedis.startIn(redisDir, "--save", ""); Jedis jedis = redis.jedis()) {
            assertEquals(expected, DataSet.of(jedis));
            assertEquals("x", jedis.fcall("everytype_echo", List.of(), List.of("x")));
        }
    }

    @Test
    void appendOnlyDirectoriesMoveBothWays() throws Exception {
        for (String preamble : List.of("yes", "no")) {
            Path fromRedis = Files.createDirectories(redisDir.resolve("from-redis-" + preamble));
            Path toRedis = Files.createDirectories(redisDir.resolve("to-redis-" + preamble));
            Path redactorHome = Files.createDirectories(redactorDir.resolve(preamble));
            DataSet fromRedisData;
            try (RealRedis redis = RealRedis.startIn(fromRedis, "--save", "", "--appendonly", "yes",
                    "--aof-use-rdb-preamble", preamble); Jedis jedis = redis.jedis()) {
                EveryType.write(jedis, 3);
                jedis.bgrewriteaof();
                awaitRewrite(jedis);
                jedis.set("after-rewrite", "in the incremental file");
                jedis.incr("counter");
                fromRedisData = DataSet.of(jedis);
            }
            copyTree(fromRedis.resolve("appendonlydir"), redactorHome.resolve("appendonlydir"));
            DataSet fromRedactorData;
            Map<String, String> aof = Map.of("appendonly", "yes", "aof-use-rdb-preamble", preamble);
            try (TestRedactor redactor = TestRedactor.startIn(redactorHome, aof); Jedis jedis = redactor.jedis()) {
                assertEquals(fromRedisData, DataSet.of(jedis), "Redactor loads Redis's AOF, preamble " + preamble);
                jedis.bgrewriteaof();
                awaitRewrite(jedis);
                jedis.set("after-redactor-rewrite", "x");
                jedis.del("counter");
                jedis.lpush("db0:list-small", "pushed");
                fromRedactorData = DataSet.of(jedis);
            }
            assertChecked("redis-check-aof", redactorHome.resolve("appendonlydir")
                    .resolve("appendonly.aof.manifest").toString());
            copyTree(redactorHome.resolve("appendonlydir"), toRedis.resolve("appendonlydir"));
            try (RealRedis redis = RealRedis.startIn(toRedis, "--save", "", "--appendonly", "yes");
                 Jedis jedis = redis.jedis()) {
                assertEquals(fromRedactorData, DataSet.of(jedis), "Redis loads Redactor's AOF, preamble " + preamble);
            }
        }
    }

    @Test
    void dumpPayloadsRestoreOnTheOtherSide() {
        try (RealRedis redis = RealRedis.startIn(redisDir, "--save", "");
             TestRedactor redactor = TestRedactor.startIn(redactorDir, Map.of());
             Jedis fromRedis = redis.jedis(); Jedis fromRedactor = redactor.jedis()) {
            EveryType.write(fromRedis, 4);
            EveryType.write(fromRedactor, 4);
            DataSet expected = DataSet.of(fromRedis);
            assertEquals(expected, DataSet.of(fromRedactor), "the same writes make the same data");
            for (int db : new int[] {0, 1, 9, 15}) {
                fromRedis.select(db);
                fromRedactor.select(db);
                for (byte[] key : fromRedis.keys("*".getBytes(StandardCharsets.UTF_8))) {
                    byte[] redisPayload = fromRedis.dump(key);
                    byte[] redactorPayload = fromRedactor.dump(key);
                    long ttl = Math.max(0, fromRedis.pexpireTime(key));
                    RestoreParams params = RestoreParams.restoreParams().replace().absTtl();
                    fromRedactor.restore(key, ttl, redisPayload, params);
                    fromRedis.restore(key, ttl, redactorPayload, params);
                }
            }
            fromRedis.select(0);
            fromRedactor.select(0);
            assertEquals(expected, DataSet.of(fromRedactor), "Redactor after restoring Redis's payloads");
            assertEquals(expected, DataSet.of(fromRedis), "Redis after restoring Redactor's payloads");
        }
    }

    private static void awaitRewrite(Jedis jedis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            String info = jedis.info("persistence");
            if (info.contains("aof_rewrite_in_progress:0") && info.contains("aof_rewrite_scheduled:0")) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the AOF rewrite did not finish");
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** Runs one of Redis's checkers on a file and expects it to accept it. */
    private static void assertChecked(String checker, String file) throws Exception {
        Process process = new ProcessBuilder(checker, file).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("RDB looks OK") || output.contains("are valid"), output);
    }
}
