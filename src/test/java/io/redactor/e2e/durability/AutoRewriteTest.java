package io.redactor.e2e.durability;

import io.redactor.testing.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Automatic AOF rewrites ({@code auto-aof-rewrite-percentage}, {@code auto-aof-rewrite-min-size}) on a server
 * process: the file growing past twice its base starts one, the manifest then names a new base and incremental
 * file and the old ones are deleted, and after {@code kill -9} a restart has every key.
 */
class AutoRewriteTest {
    private static final HexFormat HEX = HexFormat.of();

    @TempDir
    Path dir;

    @Test
    void growthPastTheMinimumSizeRewritesTheFile() throws Exception {
        Map<String, String> config = Map.of("appendonly", "yes", "appendfsync", "always", "save", "",
                "auto-aof-rewrite-percentage", "100", "auto-aof-rewrite-min-size", "64kb");
        int written = 0;
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            assertEquals("0", field(jedis, "aof_rewrites"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (Integer.parseInt(field(jedis, "aof_rewrites")) < 2) {
                assertTrue(System.nanoTime() < deadline, "no second automatic rewrite after " + written + " keys");
                for (int i = 0; i < 10; i++) {
                    jedis.set("k" + written, value(written));
                    written++;
                }
                Thread.sleep(10);
            }
            // the first at 64 KB (about 64 keys), the second once the file is twice that base
            assertTrue(written >= 120, "rewritten before the file was twice its base: " + written + " keys");
            awaitRewritesDone(jedis);
            long base = Long.parseLong(field(jedis, "aof_base_size"));
            assertTrue(base > 100 << 10, "the base holds the keys: " + base);
            jedis.set("after", "the rewrites");
            server.kill();
        }
        try (Stream<Path> files = Files.list(dir.resolve("appendonlydir"))) {
            assertEquals(List.of("appendonly.aof.3.base.rdb", "appendonly.aof.3.incr.aof", "appendonly.aof.manifest"),
                    files.map(f -> f.getFileName().toString()).sorted().toList(), "the old files are deleted");
        }
        String manifest = Files.readString(dir.resolve("appendonlydir").resolve("appendonly.aof.manifest"));
        assertEquals("file appendonly.aof.3.base.rdb seq 3 type b\nfile appendonly.aof.3.incr.aof seq 3 type i\n",
                manifest);
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            assertEquals(written + 1, jedis.dbSize());
            for (int i = 0; i < written; i++) {
                assertEquals(value(i), jedis.get("k" + i), "k" + i);
            }
            assertEquals("the rewrites", jedis.get("after"));
        }
    }

    /** 1000 characters that do not compress, so that the files' sizes are the data's. */
    private static String value(int key) {
        byte[] bytes = new byte[500];
        new SplittableRandom(key).nextBytes(bytes);
        return HEX.formatHex(bytes);
    }

    private static void awaitRewritesDone(Jedis jedis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!"0".equals(field(jedis, "aof_rewrite_in_progress"))) {
            assertTrue(System.nanoTime() < deadline, "the rewrite did not finish");
            Thread.sleep(20);
        }
    }

    private static String field(Jedis jedis, String name) {
        for (String line : jedis.info("persistence").split("\r\n")) {
            if (line.startsWith(name + ":")) {
                return line.substring(name.length() + 1);
            }
        }
        throw new AssertionError("no " + name + " in INFO persistence");
    }
}
