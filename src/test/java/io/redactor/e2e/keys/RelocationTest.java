package io.redactor.e2e.keys;

import io.redactor.testing.SharedServerTest;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RENAME, RENAMENX, COPY and MOVE, with source and target in different partitions. */
class RelocationTest extends SharedServerTest {
    private static final String SAME = "-ERR source and destination objects are the same\r\n";

    @BeforeEach
    void startEmpty() {
        jedis.flushAll();
    }

    @Test
    void renameAcrossPartitionsMovesTheValueAndItsTimeToLive() {
        String source = "rename:src";
        String target = PartitionKeys.elsewhere("rename:dst", source);
        assertNotEquals(PartitionKeys.partitionOf(source), PartitionKeys.partitionOf(target));
        jedis.set(source, "value");
        jedis.expire(source, 1000);
        assertEquals("OK", jedis.rename(source, target));
        assertFalse(jedis.exists(source));
        assertEquals("value", jedis.get(target));
        assertEquals(1000, jedis.ttl(target));

        String third = PartitionKeys.elsewhere("rename:third", target);
        jedis.set(third, "old");
        jedis.expire(third, 50);
        jedis.persist(target);
        assertEquals("OK", jedis.rename(target, third), "RENAME overwrites");
        assertEquals("value", jedis.get(third));
        assertEquals(-1, jedis.ttl(third), "and the target's TTL goes with its old value");
        assertEquals(1, jedis.dbSize());
    }

    @Test
    void aKeyRenamedBackAndForthAcrossPartitionsIsAlwaysInExactlyOnePlace() throws Exception {
        String left = "pingpong:left";
        String right = PartitionKeys.elsewhere("pingpong:right", left);
        jedis.set(left, "ball");
        ExecutorService renamer = Executors.newSingleThreadExecutor();
        try (Jedis other = TestRedactor.shared().jedis()) {
            Future<?> renames = renamer.submit(() -> {
                for (int i = 0; i < 300; i++) {
                    other.rename(left, right);
                    other.rename(right, left);
                }
            });
            while (!renames.isDone()) {
                assertEquals(1, jedis.exists(left, right), "EXISTS sees the key in both places or in none");
            }
            renames.get();
        } finally {
            renamer.shutdownNow();
        }
        assertEquals("ball", jedis.get(left));
    }

    @Test
    void renameErrorsAndRenamingAKeyToItself() {
        assertEquals("-ERR no such key\r\n", raw.call("RENAME", "missing", "x"));
        assertEquals("-ERR no such key\r\n", raw.call("RENAME", "missing", "missing"));
        assertEquals("-ERR no such key\r\n", raw.call("RENAMENX", "missing", "x"));
        jedis.set("self", "v");
        jedis.expire("self", 1000);
        assertEquals("+OK\r\n", raw.call("RENAME", "self", "self"));
        assertEquals(":0\r\n", raw.call("RENAMENX", "self", "self"));
        assertEquals("v", jedis.get("self"));
        assertEquals(1000, jedis.ttl("self"));
        assertEquals("-ERR wrong number of arguments for 'rename' command\r\n", raw.call("RENAME", "self"));
    }

    @Test
    void renamenxOnlyRenamesToAFreeName() {
        String source = "rnx:src";
        String taken = PartitionKeys.elsewhere("rnx:taken", source);
        String free = PartitionKeys.elsewhere("rnx:free", source);
        jedis.set(source, "a");
        jedis.set(taken, "b");
        assertEquals(0, jedis.renamenx(source, taken));
        assertEquals("b", jedis.get(taken));
        assertEquals(1, jedis.renamenx(source, free));
        assertEquals("a", jedis.get(free));
        assertFalse(jedis.exists(source));
    }

    @Test
    void binaryKeysRename() {
        byte[] from = {0, 1, (byte) 0xfe};
        byte[] to = {'\r', '\n'};
        jedis.set(from, "bin".getBytes(UTF_8));
        assertEquals("OK", jedis.rename(from, to));
        assertArrayEquals("bin".getBytes(UTF_8), jedis.get(to));
        assertNull(jedis.get(from));
    }

    @Test
    void copyAcrossPartitionsAndDatabasesIsIndependentOfTheSource() {
        String source = "copy:src";
        String target = PartitionKeys.elsewhere("copy:dst", source);
        jedis.set(source, "hello");
        jedis.expire(source, 1000);
        assertTrue(jedis.copy(source, target, false));
        assertEquals(1000, jedis.ttl(target));
        jedis.append(target, " world");
        assertEquals("hello", jedis.get(source), "a copy shares nothing with its source");
        assertEquals("hello world", jedis.get(target));

        assertFalse(jedis.copy(source, target, false), "no overwrite without REPLACE");
        assertTrue(jedis.copy(source, target, true));
        assertEquals("hello", jedis.get(target));

        assertTrue(jedis.copy(source, source, 5, false), "same name in another database");
        assertFalse(jedis.copy(source, source, 5, false));
        jedis.select(5);
        assertEquals("hello", jedis.get(source));
        assertEquals(1000, jedis.ttl(source));
        jedis.select(0);
        assertFalse(jedis.copy("missing", target, true));
    }

    @Test
    void copyErrors() {
        jedis.set("c", "v");
        assertEquals(SAME, raw.call("COPY", "c", "c"));
        assertEquals(SAME, raw.call("COPY", "missing", "missing"));
        assertEquals(SAME, raw.call("COPY", "c", "c", "DB", "0"));
        assertEquals("-ERR syntax error\r\n", raw.call("COPY", "c", "d", "DB"));
        assertEquals("-ERR syntax error\r\n", raw.call("COPY", "c", "d", "NOW"));
        assertEquals("-ERR value is not an integer or out of range\r\n", raw.call("COPY", "c", "d", "DB", "x"));
        assertEquals("-ERR DB index is out of range\r\n", raw.call("COPY", "c", "d", "DB", "16"));
        assertEquals("-ERR DB index is out of range\r\n", raw.call("COPY", "c", "d", "DB", "-1"));
        assertEquals("-ERR value is out of range, value must between -2147483648 and 2147483647\r\n",
                raw.call("COPY", "c", "d", "DB", "2147483648"));
        assertFalse(jedis.exists("d"));
    }

    @Test
    void moveToAnotherDatabaseKeepsTheTimeToLiveAndNeverOverwrites() {
        jedis.set("m", "v");
        jedis.expire("m", 1000);
        assertEquals(1, jedis.move("m", 3));
        assertFalse(jedis.exists("m"));
        jedis.select(3);
        assertEquals("v", jedis.get("m"));
        assertEquals(1000, jedis.ttl("m"));
        jedis.select(0);
        jedis.set("m", "here");
        assertEquals(0, jedis.move("m", 3), "the target database already has the key");
        assertEquals("here", jedis.get("m"));
        assertEquals(0, jedis.move("missing", 3));
    }

    @Test
    void moveErrors() {
        jedis.set("m", "v");
        assertEquals(SAME, raw.call("MOVE", "m", "0"));
        assertEquals("-ERR DB index is out of range\r\n", raw.call("MOVE", "m", "16"));
        assertEquals("-ERR value is not an integer or out of range\r\n", raw.call("MOVE", "m", "one"));
        assertEquals("-ERR value is out of range, value must between -2147483648 and 2147483647\r\n",
                raw.call("MOVE", "m", "-2147483649"));
        assertEquals("-ERR wrong number of arguments for 'move' command\r\n", raw.call("MOVE", "m"));
    }
}
