package io.redactor.e2e.hashes;

import io.redactor.e2e.keys.PartitionKeys;
import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Hashes under the keyspace commands: TYPE, COPY, RENAME and MOVE across partitions, expiry, SCAN TYPE. */
class HashKeyspaceTest extends CommandTestBase {

    @Test
    void typeAndExistence() {
        String h = key("h");
        jedis.hset(h, "f", "v");
        assertEquals("hash", jedis.type(h));
        assertTrue(jedis.exists(h));
        assertEquals(1, jedis.del(h));
        assertFalse(jedis.exists(h));
    }

    @Test
    void copyIsDeepAcrossPartitions() {
        for (int size : new int[] {3, 300}) {
            String h = key("src" + size);
            String copy = PartitionKeys.elsewhere(key("copy" + size + "-"), h);
            assertNotEquals(PartitionKeys.partitionOf(h), PartitionKeys.partitionOf(copy));
            for (int i = 0; i < size; i++) {
                jedis.hset(h, "f" + i, "v" + i);
            }
            assertTrue(jedis.copy(h, copy, false));
            jedis.hset(copy, "f0", "changed");
            jedis.hdel(copy, "f1");
            jedis.hincrBy(copy, "n", 1);
            assertEquals("v0", jedis.hget(h, "f0"));
            assertEquals("v1", jedis.hget(h, "f1"));
            assertFalse(jedis.hexists(h, "n"));
            assertEquals(size, jedis.hlen(h));
            assertEquals(size, jedis.hlen(copy));
            jedis.hdel(h, "f2");
            assertEquals("v2", jedis.hget(copy, "f2"));
        }
    }

    @Test
    void renameAndMoveCarryTheHash() {
        String h = key("h");
        String renamed = PartitionKeys.elsewhere(key("renamed"), h);
        jedis.hset(h, Map.of("a", "1", "b", "2"));
        jedis.rename(h, renamed);
        assertFalse(jedis.exists(h));
        assertEquals(Map.of("a", "1", "b", "2"), jedis.hgetAll(renamed));
        assertEquals(1, jedis.move(renamed, 3));
        jedis.select(3);
        try {
            assertEquals("2", jedis.hget(renamed, "b"));
            jedis.del(renamed);
        } finally {
            jedis.select(0);
        }
        assertFalse(jedis.exists(renamed));
    }

    @Test
    void anExpiredHashIsGone() throws InterruptedException {
        String h = key("h");
        jedis.hset(h, "a", "1");
        jedis.pexpire(h, 20);
        Thread.sleep(40);
        assertEquals(0, jedis.hlen(h));
        assertFalse(jedis.exists(h));
        assertEquals(1, jedis.hset(h, "a", "2"));
        assertEquals(-1, jedis.ttl(h));
    }

    @Test
    void scanFindsHashesByType() {
        List<String> hashes = PartitionKeys.spread(key("spread"), 64);
        for (String h : hashes) {
            jedis.hset(h, "f", "v");
        }
        jedis.set(key("spread-string"), "x");
        Set<String> found = new HashSet<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = jedis.scan(cursor, new ScanParams().match(key("spread*")).count(1000), "hash");
            found.addAll(page.getResult());
            cursor = page.getCursor();
        } while (!cursor.equals("0"));
        assertEquals(new HashSet<>(hashes), found);
    }

    @Test
    void hashesInEveryPartitionWorkIndependently() {
        List<String> hashes = PartitionKeys.spread(key("p"), 64);
        for (int i = 0; i < hashes.size(); i++) {
            jedis.hset(hashes.get(i), "i", String.valueOf(i));
        }
        for (int i = 0; i < hashes.size(); i++) {
            assertEquals(i + 1, jedis.hincrBy(hashes.get(i), "i", 1));
        }
        assertEquals(hashes.size(), jedis.del(hashes.toArray(new String[0])));
    }
}
