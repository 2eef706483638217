package io.redactor.e2e.durability;

import io.redactor.testing.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The durability promise, kept through {@code kill -9} of a real server process: 20 writers note every write the
 * server acknowledged (plain SETs, MSETs over several partitions, scripts writing two keys, INCRs), the process is
 * killed at a random moment, a new one starts from the same directory, and what it loaded is checked: under
 * {@code appendfsync always} every acknowledged write is there; under {@code everysec} at most the last two seconds
 * before the kill are missing; never half of an MSET or of a script.
 */
class CrashTest {
    private static final int WRITERS = 20;
    private static final String TWO_SETS = "redis.call('set', KEYS[1], ARGV[1]) redis.call('set', KEYS[2], ARGV[1])";

    @TempDir
    Path dir;

    @Test
    void underAlwaysEveryAcknowledgedWriteSurvivesKillNine() throws Exception {
        Map<String, String> config = Map.of("appendonly", "yes", "appendfsync", "always", "save", "");
        SplittableRandom random = new SplittableRandom(20261128);
        ServerProcess server = ServerProcess.start(dir, config);
        try {
            Acknowledged acknowledged = new Acknowledged();
            for (int round = 0; round < 3; round++) {
                runAndKill(server, acknowledged, round, 400 + random.nextInt(1200));
                server = ServerProcess.start(dir, config);
                try (Jedis jedis = server.jedis()) {
                    acknowledged.assertAllThere(jedis, Long.MAX_VALUE);
                    acknowledged.assertNoHalfOperations(jedis);
                }
            }
            assertTrue(acknowledged.count() > 500, "too few writes to prove anything: " + acknowledged.count());
        } finally {
            server.close();
        }
    }

    @Test
    void underEverysecAtMostTheLastTwoSecondsAreLost() throws Exception {
        Map<String, String> config = Map.of("appendonly", "yes", "appendfsync", "everysec", "save", "");
        ServerProcess server = ServerProcess.start(dir, config);
        try {
            Acknowledged acknowledged = new Acknowledged();
            for (int round = 0; round < 2; round++) {
                long killedAt = runAndKill(server, acknowledged, round, 2500);
                server = ServerProcess.start(dir, config);
                try (Jedis jedis = server.jedis()) {
                    acknowledged.assertAllThere(jedis, killedAt - 2000);
                    acknowledged.assertNoHalfOperations(jedis);
                }
            }
        } finally {
            server.close();
        }
    }

    /** Writers write until the process is killed after {@code millis}; returns the time of the kill. */
    private static long runAndKill(ServerProcess server, Acknowledged acknowledged, int round, long millis)
            throws InterruptedException {
        AtomicBoolean killed = new AtomicBoolean();
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            String id = round + "." + w;
            writers.add(Thread.ofPlatform().start(() -> write(server, id, acknowledged, killed)));
        }
        Thread.sleep(millis);
        killed.set(true);
        long killedAt = System.currentTimeMillis();
        server.kill();
        for (Thread writer : writers) {
            writer.join(30_000);
        }
        return killedAt;
    }

    private static void write(ServerProcess server, String id, Acknowledged acknowledged, AtomicBoolean killed) {
        try (Jedis jedis = server.jedis()) {
            for (int i = 0; !killed.get(); i++) {
                String n = Integer.toString(i);
                switch (i % 4) {
                    case 0 -> {
                        jedis.set("s:" + id + ":" + n, n);
                        acknowledged.key("s:" + id + ":" + n, n);
                    }
                    case 1 -> {
                        acknowledged.pairTried("m", id, n);
                        jedis.mset("m:a:" + id + ":" + n, n, "m:b:" + id + ":" + n, n);
                        acknowledged.key("m:a:" + id + ":" + n, n);
                        acknowledged.key("m:b:" + id + ":" + n, n);
                    }
                    case 2 -> {
                        acknowledged.pairTried("e", id, n);
                        jedis.eval(TWO_SETS, List.of("e:a:" + id + ":" + n, "e:b:" + id + ":" + n), List.of(n));
                        acknowledged.key("e:a:" + id + ":" + n, n);
                        acknowledged.key("e:b:" + id + ":" + n, n);
                    }
                    default -> acknowledged.counter("c:" + id, jedis.incr("c:" + id));
                }
            }
        } catch (RuntimeException connectionLost) {
            // the kill
        }
    }

    /** What the server acknowledged, and when. */
    private static final class Acknowledged {
        private final Map<String, String[]> keys = new ConcurrentHashMap<>();
        private final Map<String, long[]> counters = new ConcurrentHashMap<>();
        private final List<String> pairs = java.util.Collections.synchronizedList(new ArrayList<>());

        void key(String key, String value) {
            keys.put(key, new String[] {value, Long.toString(System.currentTimeMillis())});
        }

        void counter(String key, long value) {
            counters.put(key, new long[] {value, System.currentTimeMillis()});
        }

        void pairTried(String kind, String id, String n) {
            pairs.add(kind + ":a:" + id + ":" + n + " " + kind + ":b:" + id + ":" + n);
        }

        int count() {
            return keys.size() + counters.size();
        }

        /**
         * Every write acknowledged before {@code before} (unix ms) is there. Later ones may have been lost: from now
         * on what survived of them is what later rounds expect.
         */
        void assertAllThere(Jedis jedis, long before) {
            int checked = 0;
            for (Map.Entry<String, String[]> entry : keys.entrySet()) {
                String found = jedis.get(entry.getKey());
                if (Long.parseLong(entry.getValue()[1]) < before) {
                    assertEquals(entry.getValue()[0], found, "acknowledged " + entry.getKey());
                    checked++;
                } else if (found == null) {
                    keys.remove(entry.getKey());
                }
            }
            for (Map.Entry<String, long[]> entry : counters.entrySet()) {
                String value = jedis.get(entry.getKey());
                if (entry.getValue()[1] < before) {
                    assertTrue(value != null && Long.parseLong(value) >= entry.getValue()[0],
                            entry.getKey() + " acknowledged " + entry.getValue()[0] + ", found " + value);
                    checked++;
                } else {
                    entry.getValue()[0] = value == null ? 0 : Math.min(entry.getValue()[0], Long.parseLong(value));
                }
            }
            assertTrue(checked > 0, "nothing was acknowledged early enough to check");
        }

        /** Both keys of every MSET and script tried, or neither. */
        void assertNoHalfOperations(Jedis jedis) {
            List<String> tried;
            synchronized (pairs) {
                tried = new ArrayList<>(pairs);
            }
            for (String pair : tried) {
                String[] both = pair.split(" ");
                assertEquals(jedis.exists(both[0]), jedis.exists(both[1]), "half of " + pair);
            }
        }
    }
}
