package io.redactor.e2e.hashes;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HSET, HMSET, HSETNX and HDEL. */
class HashWriteCommandsTest extends CommandTestBase {

    @Test
    void hsetCountsOnlyNewFields() {
        String h = key("h");
        assertEquals(1, jedis.hset(h, "a", "1"));
        assertEquals(0, jedis.hset(h, "a", "2"));
        assertEquals("2", jedis.hget(h, "a"));
        Map<String, String> pairs = new LinkedHashMap<>();
        pairs.put("a", "3");
        pairs.put("b", "4");
        pairs.put("c", "5");
        assertEquals(2, jedis.hset(h, pairs));
        assertEquals(Map.of("a", "3", "b", "4", "c", "5"), jedis.hgetAll(h));
    }

    @Test
    void aFieldRepeatedInOneHsetKeepsTheLastValueAndCountsOnce() {
        String h = key("h");
        assertReply(integer(1), "HSET", h, "x", "1", "x", "2", "x", "3");
        assertEquals("3", jedis.hget(h, "x"));
        assertReply(integer(1), "HSET", h, "y", "1", "x", "0", "y", "2");
        assertEquals(Map.of("x", "0", "y", "2"), jedis.hgetAll(h));
    }

    @Test
    void hmsetAnswersOk() {
        String h = key("h");
        assertReply("+OK\r\n", "HMSET", h, "a", "1", "b", "2");
        assertReply("+OK\r\n", "HMSET", h, "a", "10");
        assertEquals(Map.of("a", "10", "b", "2"), jedis.hgetAll(h));
    }

    @Test
    void anOddNumberOfArgumentsIsAnArityErrorBeforeTheTypeCheck() {
        String s = key("s");
        jedis.set(s, "x");
        assertError("ERR wrong number of arguments for 'hset' command", "HSET", s, "f", "v", "g");
        assertError("ERR wrong number of arguments for 'hmset' command", "HMSET", s, "f", "v", "g");
        assertError("ERR wrong number of arguments for 'hset' command", "HSET", key("h"), "f");
        assertError("ERR wrong number of arguments for 'hset' command", "hSeT", key("h"));
        assertFalse(jedis.exists(key("h")));
    }

    @Test
    void hsetnxSetsOnlyAbsentFields() {
        String h = key("h");
        assertEquals(1, jedis.hsetnx(h, "a", "1"));
        assertEquals(0, jedis.hsetnx(h, "a", "2"));
        assertEquals("1", jedis.hget(h, "a"));
        assertEquals(1, jedis.hsetnx(h, "b", "2"));
        assertEquals(2, jedis.hlen(h));
    }

    @Test
    void hdelRemovesFieldsAndDeletesTheEmptiedKey() {
        String h = key("h");
        jedis.hset(h, Map.of("a", "1", "b", "2", "c", "3"));
        assertEquals(0, jedis.hdel(h, "zz"));
        assertEquals(1, jedis.hdel(h, "a", "a", "zz"));
        assertEquals(2, jedis.hdel(h, "b", "c", "b"));
        assertFalse(jedis.exists(h));
        assertEquals("none", jedis.type(h));
        assertEquals(0, jedis.hdel(h, "a"));
    }

    @Test
    void anEmptiedHashLosesItsTimeToLiveWithIt() {
        String h = key("h");
        jedis.hset(h, "a", "1");
        jedis.expire(h, 1000);
        jedis.hdel(h, "a");
        jedis.hset(h, "a", "1");
        assertEquals(-1, jedis.ttl(h));
    }

    @Test
    void writesKeepTheTimeToLive() {
        String h = key("h");
        jedis.hset(h, "a", "1");
        jedis.expire(h, 1000);
        jedis.hset(h, "b", "2");
        jedis.hsetnx(h, "c", "3");
        jedis.hdel(h, "a");
        jedis.hincrBy(h, "n", 1);
        jedis.hincrByFloat(h, "x", 1.5);
        assertTrue(jedis.ttl(h) > 900);
    }

    @Test
    void writesToAnotherTypeAreRefused() {
        String s = key("s");
        jedis.set(s, "x");
        assertError(WRONGTYPE, "HSET", s, "f", "v");
        assertError(WRONGTYPE, "HMSET", s, "f", "v");
        assertError(WRONGTYPE, "HSETNX", s, "f", "v");
        assertError(WRONGTYPE, "HDEL", s, "f");
        assertEquals("x", jedis.get(s));
    }

    @Test
    void emptyFieldsAndValuesAreOrdinary() {
        String h = key("h");
        assertEquals(1, jedis.hset(h, "", ""));
        assertEquals("", jedis.hget(h, ""));
        assertTrue(jedis.hexists(h, ""));
        assertEquals(0, jedis.hstrlen(h, ""));
        assertEquals(1, jedis.hdel(h, ""));
        assertFalse(jedis.exists(h));
    }

    @Test
    void everyByteValueWorksInFieldsAndValues() {
        byte[] h = keyBytes("h");
        for (int b = 0; b < 256; b++) {
            assertEquals(1, jedis.hset(h, new byte[] {(byte) b}, new byte[] {(byte) b, (byte) (255 - b)}));
        }
        assertEquals(256, jedis.hlen(h));
        for (int b = 0; b < 256; b++) {
            byte[] value = jedis.hget(h, new byte[] {(byte) b});
            assertEquals(2, value.length);
            assertEquals((byte) b, value[0]);
            assertEquals((byte) (255 - b), value[1]);
        }
        assertNull(jedis.hget(h, new byte[] {0, 0}));
        assertEquals(1, jedis.hdel(h, new byte[] {0}));
        assertFalse(jedis.hexists(h, new byte[] {0}));
    }

    @Test
    void aLargeHashTakesManyFieldsAndGivesThemBack() {
        String h = key("h");
        int n = 20_000;
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            pairs.put("field:" + i, "value:" + i);
            if (pairs.size() == 1000) {
                jedis.hset(h, pairs);
                pairs.clear();
            }
        }
        assertEquals(n, jedis.hlen(h));
        assertEquals("value:12345", jedis.hget(h, "field:12345"));
        for (int i = 0; i < n; i += 2) {
            jedis.hdel(h, "field:" + i);
        }
        assertEquals(n / 2, jedis.hlen(h));
        Map<String, String> all = jedis.hgetAll(h);
        assertEquals(n / 2, all.size());
        for (int i = 1; i < n; i += 2) {
            assertEquals("value:" + i, all.get("field:" + i));
        }
    }
}
