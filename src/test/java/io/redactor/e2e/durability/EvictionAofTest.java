package io.redactor.e2e.durability;

import io.redactor.testing.AppendOnlyLog;
import io.redactor.testing.Eventually;
import io.redactor.testing.InfoFields;
import io.redactor.testing.RealRedis;
import io.redactor.testing.ServerProcess;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Evictions are deletions in the append-only file, as Redis 7.0 propagates them (evict.c's propagateDeletion): DEL, or
 * UNLINK with lazyfree-lazy-eviction yes, one per evicted key, side by side with a real Redis; and a server killed with
 * kill -9 and started again from its file has exactly the keys that were not evicted.
 */
class EvictionAofTest {
    private static final int KEYS = 3_000;
    private static final long ROOM = 100_000;

    @TempDir
    Path redactorDir;
    @TempDir
    Path redisDir;

    @ParameterizedTest(name = "lazyfree-lazy-eviction {0}")
    @ValueSource(strings = {"no", "yes"})
    void evictionsAreDeletesInTheAofAndARestartHasTheSurvivors(String lazy) throws Exception {
        String deletion = lazy.equals("yes") ? "UNLINK" : "DEL";
        Map<String, String> persistence = Map.of("appendonly", "yes", "appendfsync", "always",
                "lazyfree-lazy-eviction", lazy);
        Set<String> survivors;
        try (ServerProcess server = ServerProcess.start(redactorDir, persistence);
             RealRedis redis = RealRedis.startIn(redisDir, "--save", "", "--appendonly", "yes", "--appendfsync",
                     "always", "--lazyfree-lazy-eviction", lazy)) {
            try (Jedis reference = redis.jedis()) {
                fillPastMaxmemory(reference);
                checkLog(reference, AppendOnlyLog.lastIncrement(redisDir.resolve("appendonlydir")), deletion,
                        "Redis");
            }
            try (Jedis jedis = server.jedis()) {
                fillPastMaxmemory(jedis);
                long evicted = evicted(jedis);
                Eventually.until("every eviction in the AOF", () -> {
                    try {
                        return deletes(AppendOnlyLog.lastIncrement(redactorDir.resolve("appendonlydir")), deletion)
                                .size() == evicted;
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                survivors = checkLog(jedis, AppendOnlyLog.lastIncrement(redactorDir.resolve("appendonlydir")),
                        deletion, "Redactor");
            }
            server.kill();
        }
        try (ServerProcess restarted = ServerProcess.start(redactorDir, persistence);
             Jedis jedis = restarted.jedis()) {
            assertEquals(survivors, new TreeSet<>(jedis.keys("*")), "the keys after kill -9 and a restart");
            for (String key : survivors) {
                assertEquals(value(key), jedis.get(key), key);
            }
        }
    }

    /** Sets maxmemory a little above what is used, under allkeys-lru, and writes until many keys have been evicted. */
    private static void fillPastMaxmemory(Jedis jedis) {
        long max = usedMemory(jedis) + ROOM;
        jedis.configSet("maxmemory-policy", "allkeys-lru");
        jedis.configSet("maxmemory", Long.toString(max));
        for (int from = 0; from < KEYS; from += 100) {
            Pipeline pipeline = jedis.pipelined();
            for (int i = from; i < from + 100; i++) {
                pipeline.set("key:" + i, value("key:" + i));
            }
            pipeline.sync();
        }
        Eventually.until("under maxmemory", Duration.ofSeconds(20), () -> usedMemory(jedis) <= max);
        // evictions still under way when the limit is reached end soon after
        long[] last = {-1};
        Eventually.until("evictions settled", Duration.ofSeconds(20), () -> {
            long now = evicted(jedis);
            boolean settled = now == last[0];
            last[0] = now;
            return settled;
        });
        // no more evictions while the file and the keys are compared (Redis evicts before any command over the limit)
        jedis.configSet("maxmemory", "0");
        assertTrue(evicted(jedis) > KEYS / 2, "evicted " + evicted(jedis));
    }

    /**
     * The file holds a SET per key written and one {@code deletion} per evicted key, of keys it set before, nothing
     * else; the server holds the keys set and not deleted. Returns those.
     */
    private static Set<String> checkLog(Jedis jedis, List<String> log, String deletion, String server) {
        Set<String> set = new HashSet<>();
        Set<String> deleted = new HashSet<>();
        for (String command : log) {
            String[] words = command.split(" ");
            if (words[0].equals("SET")) {
                set.add(words[1]);
            } else if (words[0].equals(deletion)) {
                assertEquals(2, words.length, server + ": " + command);
                assertTrue(set.contains(words[1]) && deleted.add(words[1]), server + ": " + command);
            } else {
                assertTrue(words[0].equals("CONFIG") || words[0].equals("MULTI") || words[0].equals("EXEC"),
                        server + " logged " + command);
            }
        }
        assertEquals(KEYS, set.size(), server);
        assertEquals(evicted(jedis), deleted.size(), server + ": " + deletion + "s against evicted_keys");
        Set<String> survivors = new TreeSet<>(set);
        survivors.removeAll(deleted);
        assertEquals(survivors, new TreeSet<>(jedis.keys("*")), server + ": the keys not deleted in the AOF");
        return survivors;
    }

    private static List<String> deletes(List<String> log, String deletion) {
        return log.stream().filter(command -> command.startsWith(deletion + " ")).toList();
    }

    private static String value(String key) {
        return key + ":" + "v".repeat(100);
    }

    /** used_memory as eviction counts it: without the AOF's buffer (mem_not_counted_for_evict). */
    private static long usedMemory(Jedis jedis) {
        Map<String, String> memory = InfoFields.of(jedis.info("memory"));
        return Long.parseLong(memory.get("used_memory")) - Long.parseLong(memory.get("mem_not_counted_for_evict"));
    }

    private static long evicted(Jedis jedis) {
        return Long.parseLong(InfoFields.of(jedis.info("stats")).get("evicted_keys"));
    }
}
