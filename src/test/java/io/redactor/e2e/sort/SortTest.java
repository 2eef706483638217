package io.redactor.e2e.sort;

import io.redactor.testing.SharedServerTest;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.SortingParams;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SORT with patterns whose keys live in every partition, and its atomicity against concurrent writers. */
class SortTest extends SharedServerTest {

    @Test
    void byAndGetPatternsReadKeysInEveryPartition() {
        int n = 500;
        Random random = new Random(42);
        jedis.del("sort:ids");
        Map<String, Integer> weights = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String id = "id" + i;
            int weight = random.nextInt(1_000_000);
            weights.put(id, weight);
            jedis.rpush("sort:ids", id);
            jedis.set("sort:weight:" + id, String.valueOf(weight));
            jedis.hset("sort:user:" + id, "name", "name-" + id);
        }
        List<String> expected = new ArrayList<>(weights.keySet());
        expected.sort((a, b) -> weights.get(a).equals(weights.get(b)) ? a.compareTo(b)
                : Integer.compare(weights.get(a), weights.get(b)));

        List<String> sorted = jedis.sort("sort:ids", new SortingParams().by("sort:weight:*"));
        assertEquals(expected, sorted);
        List<String> names = jedis.sort("sort:ids",
                new SortingParams().by("sort:weight:*").desc().limit(10, 5).get("sort:user:*->name"));
        List<String> expectedNames = new ArrayList<>();
        for (int i = n - 11; i > n - 16; i--) {
            expectedNames.add("name-" + expected.get(i));
        }
        assertEquals(expectedNames, names);
        assertEquals(n, jedis.sort("sort:ids", new SortingParams().by("sort:weight:*").get("#"), "sort:{x}stored"));
        assertEquals(expected, jedis.lrange("sort:{x}stored", 0, -1));
        assertEquals(expected, jedis.sortReadonly("sort:ids", new SortingParams().by("sort:weight:*")));
    }

    /** SORT reads all its weights at one instant: two writers keep the weights' sum constant with MULTI. */
    @Test
    void sortSeesAConsistentSnapshotOfWeightsAcrossPartitions() throws Exception {
        String[] ids = {"a", "b", "c", "d", "e", "f", "g", "h"};
        jedis.del("sort:snap");
        for (String id : ids) {
            jedis.rpush("sort:snap", id);
            jedis.set("sort:snap:w:" + id, "100");
        }
        AtomicBoolean done = new AtomicBoolean();
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try (Jedis connection = TestRedactor.shared().jedis()) {
                Random random = new Random(7);
                while (!done.get()) {
                    String from = "sort:snap:w:" + ids[random.nextInt(ids.length)];
                    String to = "sort:snap:w:" + ids[random.nextInt(ids.length)];
                    var transaction = connection.multi();
                    transaction.decrBy(from, 5);
                    transaction.incrBy(to, 5);
                    transaction.exec();
                }
            }
        }, runnable -> Thread.ofVirtual().start(runnable));
        try {
            for (int round = 0; round < 200; round++) {
                List<String> values = jedis.sort("sort:snap", new SortingParams().by("sort:snap:w:*")
                        .get("sort:snap:w:*"));
                long sum = values.stream().mapToLong(Long::parseLong).sum();
                assertEquals(100L * ids.length, sum, "weights read in round " + round + ": " + values);
                for (int i = 1; i < values.size(); i++) {
                    assertTrue(Long.parseLong(values.get(i - 1)) <= Long.parseLong(values.get(i)), values.toString());
                }
            }
        } finally {
            done.set(true);
            writer.get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void storeNotifiesSortstoreAndRemovesTheDestinationWhenEmpty() {
        jedis.del("sort:src", "sort:dst");
        jedis.rpush("sort:src", "3", "1", "2");
        jedis.set("sort:dst", "old");
        jedis.expire("sort:dst", 100);
        assertEquals(3L, jedis.sort("sort:src", "sort:dst"));
        assertEquals(List.of("1", "2", "3"), jedis.lrange("sort:dst", 0, -1));
        assertEquals(-1L, jedis.ttl("sort:dst"));
        assertEquals(0L, jedis.sort("sort:missing", "sort:dst"));
        assertEquals(0L, jedis.exists("sort:dst") ? 1L : 0L);
    }
}
