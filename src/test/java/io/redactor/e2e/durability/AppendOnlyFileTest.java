package io.redactor.e2e.durability;

import io.redactor.testing.AppendOnlyLog;
import io.redactor.testing.DataSet;
import io.redactor.testing.EveryType;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.args.ListDirection;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The append-only file on a server of its own: what each write is logged as (its effects, as Redis 7.0 logs them),
 * restarts that load it back, rewrites, turning it on at run time, and the files a start refuses to load.
 */
class AppendOnlyFileTest {
    @TempDir
    Path dir;

    private TestRedactor start(Map<String, String> redis) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("redactor.redis.dir", dir.toString());
        settings.put("redactor.redis.appendonly", "yes");
        redis.forEach((name, value) -> settings.put("redactor.redis." + name, value));
        return TestRedactor.start(settings);
    }

    private Path aofDir() {
        return dir.resolve("appendonlydir");
    }

    private List<String> loggedCommands() throws Exception {
        return AppendOnlyLog.lastIncrement(aofDir());
    }

    @Test
    void writesAreLoggedAsTheirEffects() throws Exception {
        try (TestRedactor server = start(Map.of("appendfsync", "always")); Jedis jedis = server.jedis()) {
            long before = System.currentTimeMillis();
            jedis.set("plain", "v");
            jedis.get("plain");
            jedis.del("missing");
            jedis.setex("relative", 100, "v");
            jedis.expire("plain", 1000);
            jedis.incrByFloat("float", 1.5);
            jedis.hincrByFloat("hash", "f", 2.5);
            jedis.sadd("set", "only");
            assertEquals("only", jedis.spop("set"));
            jedis.rpush("list", "a", "b");
            jedis.lmpop(ListDirection.LEFT, 10, "nothing", "list");
            jedis.eval("redis.call('set', 'k1', '1') redis.call('set', 'k2', '2')");
            jedis.eval("redis.call('get', 'k1')");
            Transaction transaction = jedis.multi();
            transaction.incr("counter");
            transaction.incr("counter");
            transaction.exec();
            CompletableFuture<List<String>> popped = CompletableFuture.supplyAsync(() -> {
                try (Jedis blocked = server.jedis()) {
                    return blocked.blpop(10, "queue");
                }
            });
            Thread.sleep(200);
            jedis.rpush("queue", "job");
            assertEquals(List.of("queue", "job"), popped.get(10, TimeUnit.SECONDS));
            List<String> logged = loggedCommands();
            assertEquals("SET plain v", logged.get(0));
            assertTrue(logged.get(1).matches("SET relative v PXAT \\d+"), logged.get(1));
            long relative = Long.parseLong(logged.get(1).substring(logged.get(1).lastIndexOf(' ') + 1));
            assertTrue(relative >= before + 100_000 && relative <= System.currentTimeMillis() + 100_000);
            assertTrue(logged.get(2).matches("PEXPIREAT plain \\d+"), logged.get(2));
            assertEquals("SET float 1.5 KEEPTTL", logged.get(3));
            assertEquals("HSET hash f 2.5", logged.get(4));
            assertEquals("SADD set only", logged.get(5));
            assertEquals("SREM set only", logged.get(6));
            assertEquals("RPUSH list a b", logged.get(7));
            assertEquals("LPOP list 2", logged.get(8));
            assertEquals(List.of("MULTI", "SET k1 1", "SET k2 2", "EXEC"), logged.subList(9, 13));
            assertEquals(List.of("MULTI", "INCR counter", "INCR counter", "EXEC"), logged.subList(13, 17));
            assertEquals(List.of("RPUSH queue job", "LPOP queue"), logged.subList(17, 19));
            assertEquals(19, logged.size(), logged.toString());
        }
    }

    @Test
    void everythingComesBackAfterARestartAndARewrite() throws Exception {
        DataSet written;
        try (TestRedactor server = start(Map.of("aof-use-rdb-preamble", "yes")); Jedis jedis = server.jedis()) {
            EveryType.write(jedis, 7);
            jedis.bgrewriteaof();
            awaitRewrite(jedis);
            jedis.set("after", "the rewrite");
            jedis.del("db0:int");
            written = DataSet.of(jedis);
            assertTrue(written.size() > 80);
        }
        try (Stream<Path> files = Files.list(aofDir())) {
            assertEquals(List.of("appendonly.aof.2.base.rdb", "appendonly.aof.2.incr.aof", "appendonly.aof.manifest"),
                    files.map(f -> f.getFileName().toString()).sorted().toList(), "history files are deleted");
        }
        try (TestRedactor server = start(Map.of()); Jedis jedis = server.jedis()) {
            assertEquals(written, DataSet.of(jedis));
            assertEquals("x", jedis.fcall("everytype_echo", List.of(), List.of("x")));
        }
    }

    @Test
    void turningItOnAtRunTimeWritesABaseFirst() throws Exception {
        Map<String, Object> settings = Map.of("redactor.redis.dir", dir.toString());
        DataSet written;
        try (TestRedactor server = TestRedactor.start(settings); Jedis jedis = server.jedis()) {
            jedis.set("before", "on");
            assertEquals("OK", jedis.configSet("appendonly", "yes"));
            awaitRewrite(jedis);
            assertTrue(jedis.info("persistence").contains("aof_enabled:1"));
            jedis.set("after", "on");
            written = DataSet.of(jedis);
        }
        try (TestRedactor server = start(Map.of()); Jedis jedis = server.jedis()) {
            assertEquals(written, DataSet.of(jedis));
        }
    }

    @Test
    void aTornTailIsCutOffWhenAllowedAndStopsTheStartOtherwise() throws Exception {
        try (TestRedactor server = start(Map.of()); Jedis jedis = server.jedis()) {
            jedis.set("whole", "1");
            jedis.set("torn", "2");
        }
        Path incr = aofDir().resolve("appendonly.aof.1.incr.aof");
        long size = Files.size(incr);
        try (var channel = Files.newByteChannel(incr, StandardOpenOption.WRITE)) {
            channel.truncate(size - 3);
        }
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> start(Map.of("aof-load-truncated", "no")));
        assertTrue(rootMessage(refused).contains("appendonly.aof.1.incr.aof"), rootMessage(refused));
        assertTrue(rootMessage(refused).contains("Unexpected end of file"), rootMessage(refused));
        try (TestRedactor server = start(Map.of("aof-load-truncated", "yes")); Jedis jedis = server.jedis()) {
            assertEquals("1", jedis.get("whole"));
            assertFalse(jedis.exists("torn"));
            jedis.set("later", "3");
        }
        try (TestRedactor server = start(Map.of()); Jedis jedis = server.jedis()) {
            assertEquals("3", jedis.get("later"), "appends went on after the cut");
        }
    }

    @Test
    void aCorruptFileStopsTheStartNamingFileAndOffset() throws Exception {
        try (TestRedactor server = start(Map.of()); Jedis jedis = server.jedis()) {
            jedis.set("a", "1");
        }
        Path incr = aofDir().resolve("appendonly.aof.1.incr.aof");
        long size = Files.size(incr);
        Files.write(incr, "garbage\r\n".getBytes(StandardCharsets.US_ASCII), StandardOpenOption.APPEND);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> start(Map.of()));
        String message = rootMessage(refused);
        assertTrue(message.contains("Bad file format reading the append only file appendonly.aof.1.incr.aof"),
                message);
        assertTrue(message.contains("offset " + size), message);
    }

    @Test
    void filesTheManifestDoesNotNameStopTheStart() throws Exception {
        try (TestRedactor server = start(Map.of()); Jedis jedis = server.jedis()) {
            jedis.set("a", "1");
        }
        Files.delete(aofDir().resolve("appendonly.aof.manifest"));
        String message = rootMessage(assertThrows(IllegalStateException.class, () -> start(Map.of())));
        assertTrue(message.contains("but no manifest"), message);
    }

    @Test
    void aFileTheManifestNamesMustExist() throws Exception {
        try (TestRedactor server = start(Map.of()); Jedis jedis = server.jedis()) {
            jedis.set("a", "1");
        }
        Files.delete(aofDir().resolve("appendonly.aof.1.incr.aof"));
        String message = rootMessage(assertThrows(IllegalStateException.class, () -> start(Map.of())));
        assertTrue(message.contains("The AOF file appendonly.aof.1.incr.aof doesn't exist"), message);
    }

    static void awaitRewrite(Jedis jedis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            String info = jedis.info("persistence");
            if (info.contains("aof_rewrite_in_progress:0") && info.contains("aof_rewrite_scheduled:0")
                    && info.contains("aof_enabled:1")) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the AOF rewrite did not finish");
    }

    static String rootMessage(Throwable e) {
        Throwable cause = e;
        StringBuilder all = new StringBuilder();
        while (cause != null) {
            all.append(cause.getMessage()).append(" | ");
            cause = cause.getCause();
        }
        return all.toString();
    }
}
