package io.redactor.e2e.durability;

import io.redactor.testing.DataSet;
import io.redactor.testing.EveryType;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.exceptions.JedisDataException;

import io.redactor.persistence.rdb.RdbFileReader;
import io.redactor.persistence.rdb.RdbInput;

import java.io.BufferedInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RDB snapshots on a server of their own: SAVE, BGSAVE and LASTSAVE as Redis answers them, save points, SHUTDOWN's
 * choices, and what a snapshot holds: the data set at one instant, even while clients change it (every value
 * changed before the snapshot reached it is saved as it was), never half of a multi-key operation.
 */
class SnapshotTest {
    private static final int KEYS = 100_000;
    @TempDir
    Path dir;
    @TempDir
    Path copies;

    /** The data set a copy of the current dump.rdb loads as. */
    private DataSet loadCopy(String name) throws Exception {
        Path home = Files.createDirectories(copies.resolve(name));
        Files.copy(dir.resolve("dump.rdb"), home.resolve("dump.rdb"), StandardCopyOption.REPLACE_EXISTING);
        try (TestRedactor server = TestRedactor.startIn(home, Map.of()); Jedis jedis = server.jedis()) {
            return DataSet.of(jedis);
        }
    }

    @Test
    void saveBgsaveAndLastsaveAnswerAsRedis() throws Exception {
        try (TestRedactor server = TestRedactor.startIn(dir, Map.of()); Jedis jedis = server.jedis()) {
            long before = jedis.lastsave();
            jedis.set("k", "v");
            assertTrue(jedis.info("persistence").contains("rdb_changes_since_last_save:1"));
            Thread.sleep(1100);
            assertEquals("OK", jedis.save());
            assertTrue(jedis.lastsave() > before);
            assertTrue(jedis.info("persistence").contains("rdb_changes_since_last_save:0"));
            assertEquals("Background saving started", jedis.bgsave());
            awaitBgsave(jedis);
            assertTrue(jedis.info("persistence").contains("rdb_last_bgsave_status:ok"));
            assertEquals("ERR syntax error",
                    assertThrows(JedisDataException.class, () -> jedis.sendCommand(
                            redis.clients.jedis.Protocol.Command.BGSAVE, "LATER")).getMessage());
            assertTrue(jedis.info("persistence").contains("rdb_saves:2"));
        }
        assertEquals(Map.of("0:k", "string v expires -1"), loadCopy("restart").entries());
    }

    @Test
    void savePointsStartASnapshot() throws Exception {
        try (TestRedactor server = TestRedactor.startIn(dir, Map.of("save", "1 2")); Jedis jedis = server.jedis()) {
            jedis.set("a", "1");
            jedis.set("b", "2");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!Files.exists(dir.resolve("dump.rdb")) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(Files.exists(dir.resolve("dump.rdb")), "no snapshot after 2 changes with save 1 2");
            awaitBgsave(jedis);
        }
        assertEquals(2, loadCopy("points").size());
    }

    @Test
    void shutdownSavesAsItIsToldAndAsTheSavePointsSay() throws Exception {
        TestRedactor first = TestRedactor.startIn(dir, Map.of());
        try (Jedis jedis = first.jedis()) {
            jedis.set("kept", "by SHUTDOWN SAVE");
            shutdown(jedis, "SAVE");
        }
        awaitStopped(first);
        assertEquals(1, loadCopy("save").size());
        TestRedactor second = TestRedactor.startIn(dir, Map.of("save", "3600 1"));
        try (Jedis jedis = second.jedis()) {
            jedis.set("lost", "by SHUTDOWN NOSAVE");
            shutdown(jedis, "NOSAVE");
        }
        awaitStopped(second);
        assertEquals(1, loadCopy("nosave").size());
        TestRedactor third = TestRedactor.startIn(dir, Map.of("save", "3600 1"));
        try (Jedis jedis = third.jedis()) {
            jedis.set("kept too", "by the save points");
            shutdown(jedis);
        }
        awaitStopped(third);
        assertEquals(2, loadCopy("default").size());
    }

    @Test
    void aSnapshotIsTheDataAtOneInstantWhateverClientsDoMeanwhile() throws Exception {
        // Redis's own testing knob: the writer spends 5 us per key, so the snapshot takes about half a second while
        // the partitions hold back, and most changes below come before it reached their keys.
        try (TestRedactor server = TestRedactor.startIn(dir, Map.of("rdb-key-save-delay", "5"));
             Jedis jedis = server.jedis()) {
            fill(jedis, KEYS);
            EveryType.write(jedis, 11);
            DataSet atTheSave = DataSet.of(jedis);
            Pipeline pipeline = jedis.pipelined();
            pipeline.sendCommand(redis.clients.jedis.Protocol.Command.BGSAVE, new String[0]);
            for (int round = 0; round < 6; round++) {
                for (int i = 0; i < KEYS; i++) {
                    mutate(pipeline, i, round);
                }
            }
            pipeline.sync();
            awaitBgsave(jedis);
            DataSet afterwards = DataSet.of(jedis);
            assertNotEquals(atTheSave, afterwards, "the clients changed nothing?");
            DataSet saved = loadCopy("instant");
            assertEquals(atTheSave, saved, atTheSave.differences(saved));
        }
    }

    @Test
    void aSnapshotNeverHoldsHalfOfAMultiKeyOperation() throws Exception {
        try (TestRedactor server = TestRedactor.startIn(dir, Map.of()); Jedis control = server.jedis()) {
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int id = w;
                writers.add(Thread.ofPlatform().start(() -> {
                    try (Jedis jedis = server.jedis()) {
                        for (int i = 0; !stop.get(); i++) {
                            String n = id + ":" + i;
                            if (i % 2 == 0) {
                                jedis.mset("ma:" + n, n, "mb:" + n, n, "mc:" + n, n);
                            } else {
                                jedis.eval("redis.call('set', KEYS[1], 1) redis.call('rpush', KEYS[2], 1)",
                                        List.of("sa:" + n, "sb:" + n), List.of());
                            }
                        }
                    }
                }));
            }
            for (int save = 0; save < 5; save++) {
                Thread.sleep(150);
                assertEquals("OK", control.save());
                Set<String> saved = keysIn(dir.resolve("dump.rdb"));
                int whole = 0;
                for (String key : saved) {
                    String n = key.substring(3);
                    switch (key.substring(0, 3)) {
                        case "ma:", "mb:", "mc:" -> assertTrue(saved.containsAll(List.of("ma:" + n, "mb:" + n,
                                "mc:" + n)), "half of an MSET: " + key);
                        case "sa:", "sb:" -> assertTrue(saved.containsAll(List.of("sa:" + n, "sb:" + n)),
                                "half of a script: " + key);
                        default -> {
                        }
                    }
                    whole++;
                }
                assertTrue(whole > 0);
            }
            stop.set(true);
            for (Thread writer : writers) {
                writer.join();
            }
        }
    }

    /** The keys of database 0 in an RDB file, read straight from it. */
    private static Set<String> keysIn(Path file) throws Exception {
        Set<String> keys = new HashSet<>();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            RdbFileReader.read(new RdbInput(in, Files.size(file)), new RdbFileReader.Visitor() {
                @Override
                public void aux(byte[] key, byte[] value) {
                }

                @Override
                public void library(byte[] code) {
                }

                @Override
                public void entry(int db, byte[] key, int type, byte[] value, long expireAt, long idle, int freq) {
                    keys.add(new String(key, java.nio.charset.StandardCharsets.UTF_8));
                }
            });
        }
        return keys;
    }

    /** Keys of every type, numbered. */
    private static void fill(Jedis jedis, int n) {
        Pipeline pipeline = jedis.pipelined();
        for (int i = 0; i < n; i++) {
            String k = Integer.toString(i);
            switch (i % 6) {
                case 0 -> pipeline.set("s" + k, "value" + k);
                case 1 -> pipeline.rpush("l" + k, "a", "b", "c", k);
                case 2 -> pipeline.hset("h" + k, Map.of("f", "v", "g", k));
                case 3 -> pipeline.sadd("t" + k, "1", "2", k);
                case 4 -> pipeline.zadd("z" + k, Map.of("a", 1.0, "b", 2.0, k, 3.0));
                default -> {
                    pipeline.set("x" + k, "1");
                    pipeline.expire("x" + k, 100_000);
                }
            }
        }
        pipeline.sync();
    }

    /** Changes key {@code i} in place, or replaces or removes it, with the commands that do so in Redactor. */
    private static void mutate(Pipeline p, int i, int round) {
        String k = Integer.toString(i);
        String s = "s" + k;
        String l = "l" + k;
        String h = "h" + k;
        String t = "t" + k;
        String z = "z" + k;
        switch (i % 6) {
            case 0 -> {
                switch (round) {
                    case 0 -> p.append(s, "+");
                    case 1 -> p.setrange(s, 0, "S");
                    case 2 -> p.getSet(s, "new");
                    case 3 -> p.set(s, "7");
                    case 4 -> p.incr(s);
                    default -> p.incrByFloat(s, 0.5);
                }
            }
            case 1 -> {
                switch (round) {
                    case 0 -> p.rpush(l, "d");
                    case 1 -> p.lset(l, 0, "A");
                    case 2 -> p.linsert(l, redis.clients.jedis.args.ListPosition.BEFORE, "b", "B");
                    case 3 -> p.lrem(l, 1, "c");
                    case 4 -> p.rpoplpush(l, l);
                    default -> p.ltrim(l, 1, 2);
                }
            }
            case 2 -> {
                switch (round) {
                    case 0 -> p.hset(h, "f", "changed");
                    case 1 -> p.hincrBy(h, "g", 1);
                    case 2 -> p.hsetnx(h, "new", "1");
                    case 3 -> p.hincrByFloat(h, "g", 0.5);
                    case 4 -> p.hdel(h, "f");
                    default -> p.hset(h, "long", "x".repeat(100));
                }
            }
            case 3 -> {
                switch (round) {
                    case 0 -> p.sadd(t, "new");
                    case 1 -> p.srem(t, "1");
                    case 2 -> p.smove(t, t, "2");
                    case 3 -> p.sadd(t, "a string turns the intset into a table");
                    case 4 -> p.spop(t, 2);
                    default -> p.sinterstore(t, t);
                }
            }
            case 4 -> {
                switch (round) {
                    case 0 -> p.zincrby(z, 5, "a");
                    case 1 -> p.zadd(z, 9, "c");
                    case 2 -> p.zremrangeByScore(z, 100, 200);
                    case 3 -> p.zpopmin(z);
                    case 4 -> p.zrem(z, "b");
                    default -> p.zadd(z, 1, "x".repeat(100));
                }
            }
            default -> {
                switch (round) {
                    case 0 -> p.persist("x" + k);
                    case 1 -> p.expire("x" + k, 50);
                    case 2 -> p.rename("x" + k, "y" + k);
                    case 3 -> p.move("y" + k, 3);
                    case 4 -> p.copy(s.isEmpty() ? "" : "s" + (i - 5), "copy" + k, false);
                    default -> p.del("copy" + k);
                }
            }
        }
    }

    private static void shutdown(Jedis jedis, String... args) {
        try {
            jedis.sendCommand(redis.clients.jedis.Protocol.Command.SHUTDOWN, args);
        } catch (RuntimeException closed) {
            // SHUTDOWN answers nothing: the connection closes
        }
    }

    private static void awaitStopped(TestRedactor server) {
        server.server().system().getWhenTerminated().toCompletableFuture().join();
    }

    static void awaitBgsave(Jedis jedis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (jedis.info("persistence").contains("rdb_bgsave_in_progress:0")) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("BGSAVE did not finish");
    }
}
