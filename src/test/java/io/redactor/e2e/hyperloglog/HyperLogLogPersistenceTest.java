package io.redactor.e2e.hyperloglog;

import io.redactor.testing.AppendOnlyLog;
import io.redactor.testing.DataSet;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.corpus.RespBytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HyperLogLogs change in place, and some of their changes come from reads: the append-only file logs what Redis's
 * logs (PFCOUNT when it wrote the cached cardinality, PFDEBUG when it turned a string dense, no PFADD that changed
 * nothing), and a snapshot keeps every HyperLogLog as it was when it started while clients change them.
 */
class HyperLogLogPersistenceTest {
    @TempDir
    Path dir;
    @TempDir
    Path redisDir;
    @TempDir
    Path copy;

    /** The same commands, on Redis and on Redactor, each through {@code client}. */
    private static void writeHyperLogLogs(RawClient client) {
        Consumer<String[]> call = words -> client.call(words);
        call.accept(new String[] {"PFADD", "h", "a", "b", "c"});
        call.accept(new String[] {"PFADD", "h", "a"});
        call.accept(new String[] {"PFCOUNT", "h"});
        call.accept(new String[] {"PFCOUNT", "h"});
        call.accept(new String[] {"PFCOUNT", "h", "missing"});
        call.accept(new String[] {"PFCOUNT", "missing"});
        call.accept(new String[] {"PFADD", "h2", "x"});
        call.accept(new String[] {"PFMERGE", "m", "h", "h2"});
        call.accept(new String[] {"PFDEBUG", "ENCODING", "m"});
        call.accept(new String[] {"PFDEBUG", "TODENSE", "m"});
        call.accept(new String[] {"PFDEBUG", "TODENSE", "m"});
        call.accept(new String[] {"PFDEBUG", "GETREG", "h2"});
        call.accept(new String[] {"PFDEBUG", "GETREG", "h2"});
        call.accept(new String[] {"PFCOUNT", "m"});
        // a HyperLogLog written with SET: a PFADD that changes nothing is not logged
        byte[] value = RespBytes.bulk(client.call(bytes("GET"), bytes("h")));
        client.call(bytes("SET"), bytes("copy"), value);
        call.accept(new String[] {"PFADD", "copy", "b"});
        call.accept(new String[] {"PFCOUNT", "copy"});
        call.accept(new String[] {"PFADD", "copy", "new"});
        call.accept(new String[] {"MULTI"});
        call.accept(new String[] {"PFADD", "tx", "1", "2"});
        call.accept(new String[] {"PFCOUNT", "tx"});
        call.accept(new String[] {"PFCOUNT", "tx"});
        call.accept(new String[] {"EXEC"});
        call.accept(new String[] {"EVAL", "redis.call('pfadd', KEYS[1], 'q') return redis.call('pfcount', KEYS[1])",
                "1", "lua"});
        call.accept(new String[] {"EVAL", "return redis.call('pfcount', KEYS[1])", "1", "lua"});
        call.accept(new String[] {"SET", "corrupt", "HYLL\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000"
                + "\u0000\u0000\u0000\u0000"});
        call.accept(new String[] {"PFADD", "corrupt", "a"});
    }

    @Test
    void theAppendOnlyFileLogsWhatRedisLogs() throws Exception {
        List<String> redisLog;
        DataSet redisData;
        try (RealRedis redis = RealRedis.startIn(redisDir, "--save", "", "--appendonly", "yes",
                "--appendfsync", "always"); RawClient client = redis.raw(); Jedis jedis = redis.jedis()) {
            writeHyperLogLogs(client);
            redisData = DataSet.of(jedis);
            redisLog = AppendOnlyLog.lastIncrement(redisDir.resolve("appendonlydir"));
        }
        Map<String, String> aof = Map.of("appendonly", "yes", "appendfsync", "always");
        try (TestRedactor server = TestRedactor.startIn(dir, aof); RawClient client = server.raw();
             Jedis jedis = server.jedis()) {
            writeHyperLogLogs(client);
            assertEquals(redisData, DataSet.of(jedis), "the same commands make the same data");
            assertEquals(redisLog, AppendOnlyLog.lastIncrement(dir.resolve("appendonlydir")));
        }
        assertTrue(redisLog.contains("PFCOUNT h") && redisLog.contains("PFDEBUG TODENSE m"), redisLog.toString());
        try (TestRedactor server = TestRedactor.startIn(dir, aof); Jedis jedis = server.jedis()) {
            DataSet reloaded = DataSet.of(jedis);
            assertEquals(redisData, reloaded, redisData.differences(reloaded));
        }
    }

    @Test
    void aSnapshotKeepsHyperLogLogsAsTheyWereWhileClientsChangeThemInPlace() throws Exception {
        int keys = 3000;
        DataSet atTheSave;
        // Redis's testing knob: the writer spends 20 us per key, so the commands below mostly come before it
        try (TestRedactor server = TestRedactor.startIn(dir, Map.of("rdb-key-save-delay", "20"));
             Jedis jedis = server.jedis()) {
            Pipeline fill = jedis.pipelined();
            for (int i = 0; i < keys; i++) {
                fill.pfadd("sparse" + i, "a", "b", Integer.toString(i));
                fill.pfadd("dense" + i, elements(i));
                fill.sendCommand(() -> bytes("PFDEBUG"), "TODENSE", "dense" + i);
                fill.set("plain" + i, "v");
            }
            fill.sync();
            atTheSave = DataSet.of(jedis);
            Pipeline changes = jedis.pipelined();
            changes.sendCommand(redis.clients.jedis.Protocol.Command.BGSAVE, new String[0]);
            for (int i = 0; i < keys; i++) {
                switch (i % 4) {
                    case 0 -> changes.pfadd("sparse" + i, elements(i + 1));
                    case 1 -> changes.pfcount("dense" + i);
                    case 2 -> changes.sendCommand(() -> bytes("PFDEBUG"), "TODENSE", "sparse" + i);
                    default -> changes.pfmerge("dense" + i, "sparse" + i);
                }
                changes.pfcount("sparse" + i);
            }
            changes.sync();
            awaitBgsave(jedis);
            assertNotEquals(atTheSave, DataSet.of(jedis), "the clients changed nothing?");
        }
        Files.copy(dir.resolve("dump.rdb"), copy.resolve("dump.rdb"), StandardCopyOption.REPLACE_EXISTING);
        try (TestRedactor server = TestRedactor.startIn(copy, Map.of()); Jedis jedis = server.jedis()) {
            DataSet saved = DataSet.of(jedis);
            assertEquals(atTheSave, saved, atTheSave.differences(saved));
        }
    }

    private static String[] elements(int seed) {
        String[] elements = new String[50];
        for (int i = 0; i < elements.length; i++) {
            elements[i] = seed + ":" + i;
        }
        return elements;
    }

    private static void awaitBgsave(Jedis jedis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (jedis.info("persistence").contains("rdb_bgsave_in_progress:1") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(jedis.info("persistence").contains("rdb_last_bgsave_status:ok"), jedis.info("persistence"));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
