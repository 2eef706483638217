package io.redactor.e2e.server;

import io.redactor.testing.Eventually;
import io.redactor.testing.InfoFields;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * INFO memory and the MEMORY subcommands side by side with Redis 7.0.15: the same fields in the same order, the same
 * reply types, the same errors for wrong arity, unknown subcommands, missing keys and bad SAMPLES; and used_memory
 * following the data set as it grows and is flushed.
 */
class MemoryCommandsTest {
    private static TestRedactor server;
    private static RealRedis redis;
    private RawClient mine;
    private RawClient theirs;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of());
        redis = RealRedis.shared();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void connect() {
        mine = server.raw();
        theirs = redis.raw();
        both("FLUSHALL");
    }

    @AfterEach
    void close() {
        mine.close();
        theirs.close();
    }

    private void both(String... command) {
        mine.call(command);
        theirs.call(command);
    }

    private void sameReply(String... command) {
        assertEquals(theirs.call(command), mine.call(command), String.join(" ", command));
    }

    /** The reply's RESP type and, for errors, its text. */
    private void sameShape(String... command) {
        String expected = theirs.call(command);
        String actual = mine.call(command);
        assertEquals(expected.charAt(0), actual.charAt(0), String.join(" ", command) + ": " + actual);
        if (expected.startsWith("-")) {
            assertEquals(expected, actual);
        }
    }

    @Test
    void infoMemoryHasRedisFieldsInRedisOrder() {
        List<String> expected = names(redis.jedis().info("memory"));
        List<String> actual = names(server.jedis().info("memory"));
        List<String> redisFields = actual.stream().filter(f -> !f.startsWith("jvm_")).toList();
        assertEquals(expected, redisFields);
        Map<String, String> fields = InfoFields.of(server.jedis().info("memory"));
        for (String integer : List.of("used_memory", "used_memory_rss", "used_memory_peak", "used_memory_overhead",
                "used_memory_startup", "used_memory_dataset", "used_memory_scripts", "maxmemory",
                "total_system_memory", "mem_clients_normal")) {
            Long.parseLong(fields.get(integer));
        }
        assertTrue(fields.get("used_memory_peak_perc").endsWith("%"));
        assertTrue(fields.get("used_memory_dataset_perc").endsWith("%"));
        Double.parseDouble(fields.get("mem_fragmentation_ratio"));
        assertEquals("noeviction", fields.get("maxmemory_policy"));
    }

    @Test
    void usedMemoryFollowsTheDataSet() {
        long before = usedMemory();
        try (Jedis jedis = server.jedis()) {
            for (int i = 0; i < 2000; i++) {
                jedis.set("key:" + i, "x".repeat(100));
            }
        }
        // 2000 strings of 100 bytes: keys and values alone are over 250 KB
        Eventually.until("used_memory grows", () -> usedMemory() - before > 250_000);
        Map<String, String> fields = InfoFields.of(server.jedis().info("memory"));
        assertTrue(Long.parseLong(fields.get("used_memory_dataset")) > 250_000, fields.toString());
        assertTrue(Long.parseLong(fields.get("used_memory_peak")) >= Long.parseLong(fields.get("used_memory")));
        mine.call("FLUSHALL");
        Eventually.until("used_memory back to the empty tables", () -> usedMemory() - before < 50_000);
    }

    @Test
    void memoryUsageAnswersAsRedis() {
        both("SET", "s", "hello");
        both("HSET", "h", "f", "v");
        both("RPUSH", "l", "a", "b");
        for (String key : List.of("s", "h", "l")) {
            sameShape("MEMORY", "USAGE", key);
            sameShape("MEMORY", "USAGE", key, "SAMPLES", "0");
            sameShape("MEMORY", "usage", key, "samples", "5");
        }
        sameReply("MEMORY", "USAGE", "missing");
        sameReply("MEMORY", "USAGE", "missing", "SAMPLES", "3");
        sameReply("MEMORY", "USAGE");
        sameReply("MEMORY", "USAGE", "s", "SAMPLES");
        sameReply("MEMORY", "USAGE", "s", "SAMPLES", "-1");
        sameReply("MEMORY", "USAGE", "s", "SAMPLES", "x");
        sameReply("MEMORY", "USAGE", "s", "SAMPLES", "99999999999999999999");
        sameReply("MEMORY", "USAGE", "s", "FOO");
        sameShape("MEMORY", "USAGE", "s", "SAMPLES", "1", "SAMPLES", "2");
        long small = Long.parseLong(server.jedis().sendCommand(() -> "MEMORY".getBytes(), "USAGE", "s").toString());
        mine.call("SET", "big", "x".repeat(10_000));
        long big = Long.parseLong(server.jedis().sendCommand(() -> "MEMORY".getBytes(), "USAGE", "big").toString());
        assertTrue(big - small >= 9_900, small + " then " + big);
    }

    @Test
    void memoryStatsHasRedisMapInRedisOrder() {
        both("SET", "k", "v");
        List<String> expected = statNames(theirs);
        List<String> actual = statNames(mine);
        assertEquals(expected, actual);
        sameReply("MEMORY", "STATS", "extra");
    }

    @Test
    void otherSubcommandsAndErrorsAsRedis() {
        sameReply("MEMORY", "HELP");
        sameReply("MEMORY", "DOCTOR");
        sameReply("MEMORY", "PURGE");
        sameShape("MEMORY", "MALLOC-STATS");
        sameReply("MEMORY");
        sameReply("MEMORY", "NOSUCH");
        sameReply("MEMORY", "HELP", "extra");
        sameReply("MEMORY", "DOCTOR", "extra");
        sameReply("MEMORY", "PURGE", "extra");
    }

    private long usedMemory() {
        try (Jedis jedis = server.jedis()) {
            return Long.parseLong(InfoFields.of(jedis.info("memory")).get("used_memory"));
        }
    }

    private static List<String> names(String info) {
        List<String> names = new ArrayList<>();
        for (String line : info.split("\r\n")) {
            if (!line.isEmpty() && !line.startsWith("#")) {
                names.add(line.substring(0, line.indexOf(':')));
            }
        }
        return names;
    }

    /** MEMORY STATS's names, nested maps' names prefixed by theirs, from a RESP2 reply. */
    private static List<String> statNames(RawClient client) {
        String reply = client.call("MEMORY", "STATS");
        String[] lines = reply.split("\r\n");
        List<String> names = new ArrayList<>();
        // top-level: *N then alternating bulk name and value (integer, bulk double, or *6 nested)
        int i = 1;
        while (i < lines.length) {
            String name = lines[i + 1];
            names.add(name);
            i += 2;
            if (lines[i].startsWith("*")) {
                int n = Integer.parseInt(lines[i].substring(1));
                i++;
                for (int j = 0; j < n / 2; j++) {
                    names.add(name + "/" + lines[i + 1]);
                    i += 3;
                }
            } else if (lines[i].startsWith("$")) {
                i += 2;
            } else {
                i++;
            }
        }
        return names;
    }
}
