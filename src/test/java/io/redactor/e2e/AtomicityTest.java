package io.redactor.e2e;

import io.redactor.core.keys.HashSlots;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Many clients at once: counters stay exact and multi-key commands are all-or-nothing across partitions. */
class AtomicityTest {
    private static final int CLIENTS = 50;

    @Test
    void concurrentIncrementsAreExactAndMsetIsNeverSeenHalfDone() throws Exception {
        TestRedactor server = TestRedactor.shared();
        String[] counters = {"atomic:counter:a", "atomic:counter:b", "atomic:counter:c"};
        String[] group = keysInDistinctSlots("atomic:group:", 6);
        try (Jedis setup = server.jedis()) {
            setup.del(counters);
            setup.mset(interleave(group, "0"));
        }
        int rounds = 200;
        AtomicInteger tornReads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<Future<?>> work = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            work.add(pool.submit(() -> {
                try (Jedis jedis = server.jedis()) {
                    for (int i = 0; i < rounds; i++) {
                        jedis.incr(counters[i % counters.length]);
                        if (client % 5 == 0) {
                            // Writers set the whole group to one value...
                            jedis.mset(interleave(group, client + "-" + i));
                        } else {
                            // ...readers must always see one writer's value everywhere.
                            List<String> values = jedis.mget(group);
                            if (values.stream().distinct().count() != 1) {
                                tornReads.incrementAndGet();
                            }
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> future : work) {
            future.get(120, TimeUnit.SECONDS);
        }
        pool.shutdown();
        try (Jedis check = server.jedis()) {
            long total = 0;
            for (String counter : counters) {
                total += Long.parseLong(check.get(counter));
            }
            assertEquals((long) CLIENTS * rounds, total, "every INCR counted once");
            assertEquals(1, check.mget(group).stream().distinct().count());
        }
        assertEquals(0, tornReads.get(), "MGET saw a partly applied MSET");
    }

    /** Keys whose hash slots differ, so that (with 16 partitions) they are spread over several partitions. */
    static String[] keysInDistinctSlots(String prefix, int count) {
        List<String> keys = new ArrayList<>();
        List<Integer> slotsSeen = new ArrayList<>();
        for (int i = 0; keys.size() < count; i++) {
            String key = prefix + i;
            int bucket = HashSlots.slot(key.getBytes(StandardCharsets.UTF_8)) / (HashSlots.COUNT / 16);
            if (!slotsSeen.contains(bucket)) {
                slotsSeen.add(bucket);
                keys.add(key);
            }
        }
        assertTrue(slotsSeen.size() == count);
        return keys.toArray(new String[0]);
    }

    private static String[] interleave(String[] keys, String value) {
        String[] pairs = new String[keys.length * 2];
        for (int i = 0; i < keys.length; i++) {
            pairs[2 * i] = keys[i];
            pairs[2 * i + 1] = value;
        }
        return pairs;
    }
}
