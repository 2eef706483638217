package io.redactor.e2e.hashes;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HGET, HMGET, HEXISTS, HLEN, HSTRLEN, HGETALL, HKEYS and HVALS. */
class HashReadCommandsTest extends CommandTestBase {

    @Test
    void singleFieldReads() {
        String h = key("h");
        jedis.hset(h, Map.of("a", "hello", "b", ""));
        assertEquals("hello", jedis.hget(h, "a"));
        assertNull(jedis.hget(h, "zz"));
        assertTrue(jedis.hexists(h, "b"));
        assertFalse(jedis.hexists(h, "A"));
        assertEquals(2, jedis.hlen(h));
        assertEquals(5, jedis.hstrlen(h, "a"));
        assertEquals(0, jedis.hstrlen(h, "b"));
        assertEquals(0, jedis.hstrlen(h, "zz"));
    }

    @Test
    void hmgetAnswersNilForMissingFieldsAndForAMissingKey() {
        String h = key("h");
        jedis.hset(h, Map.of("a", "1", "b", "2"));
        assertEquals(Arrays.asList("1", null, "2", "1"), jedis.hmget(h, "a", "zz", "b", "a"));
        assertEquals(Arrays.asList(null, null), jedis.hmget(key("missing"), "a", "b"));
    }

    @Test
    void missingKeysReadAsEmpty() {
        String m = key("missing");
        assertNull(jedis.hget(m, "f"));
        assertFalse(jedis.hexists(m, "f"));
        assertEquals(0, jedis.hlen(m));
        assertEquals(0, jedis.hstrlen(m, "f"));
        assertReply(EMPTY_ARRAY, "HGETALL", m);
        assertReply(EMPTY_ARRAY, "HKEYS", m);
        assertReply(EMPTY_ARRAY, "HVALS", m);
        assertFalse(jedis.exists(m));
    }

    @Test
    void smallHashesAnswerInInsertionOrder() {
        String h = key("h");
        call("HSET", h, "z", "1", "y", "2", "x", "3");
        call("HSET", h, "y", "20");
        call("HDEL", h, "z");
        call("HSET", h, "z", "30", "w", "4");
        assertReply("*8\r\n" + bulk("y") + bulk("20") + bulk("x") + bulk("3") + bulk("z") + bulk("30")
                + bulk("w") + bulk("4"), "HGETALL", h);
        assertReply(array("y", "x", "z", "w"), "HKEYS", h);
        assertReply(array("20", "3", "30", "4"), "HVALS", h);
    }

    @Test
    void hgetallIsAMapInResp3() {
        String h = key("h");
        call("HSET", h, "a", "1", "b", "2");
        call("HELLO", "3");
        assertReply("%2\r\n" + bulk("a") + bulk("1") + bulk("b") + bulk("2"), "HGETALL", h);
        assertReply("%0\r\n", "HGETALL", key("missing"));
        assertReply(array("a", "b"), "HKEYS", h);
        assertReply("_\r\n", "HGET", h, "zz");
        assertReply("*2\r\n$1\r\n1\r\n_\r\n", "HMGET", h, "a", "zz");
    }

    @Test
    void readsOfAnotherTypeAreRefused() {
        String s = key("s");
        jedis.set(s, "x");
        for (String[] command : new String[][] {{"HGET", s, "f"}, {"HMGET", s, "f"}, {"HEXISTS", s, "f"},
                {"HLEN", s}, {"HSTRLEN", s, "f"}, {"HGETALL", s}, {"HKEYS", s}, {"HVALS", s}}) {
            assertError(WRONGTYPE, command);
        }
    }

    @Test
    void stringCommandsRefuseAHash() {
        String h = key("h");
        jedis.hset(h, "f", "v");
        for (String[] command : new String[][] {{"GET", h}, {"APPEND", h, "x"}, {"INCR", h}, {"STRLEN", h},
                {"GETRANGE", h, "0", "1"}, {"SETRANGE", h, "0", "x"}, {"INCRBYFLOAT", h, "1"}, {"GETDEL", h},
                {"GETEX", h}, {"GETSET", h, "x"}, {"DECRBY", h, "1"}}) {
            assertError(WRONGTYPE, command);
        }
        assertError("ERR The specified keys must contain string values", "LCS", h, h);
        assertEquals(Arrays.asList((String) null), jedis.mget(h));
        assertEquals("v", jedis.hget(h, "f"));
    }

    @Test
    void setReplacesAHash() {
        String h = key("h");
        jedis.hset(h, "f", "v");
        jedis.set(h, "now a string");
        assertEquals("string", jedis.type(h));
        assertError(WRONGTYPE, "HGET", h, "f");
    }

    @Test
    void readsOfALargeHashSeeEveryField() {
        String h = key("h");
        for (int batch = 0; batch < 10; batch++) {
            String[] command = new String[2 + 2 * 500];
            command[0] = "HSET";
            command[1] = h;
            for (int i = 0; i < 500; i++) {
                int n = batch * 500 + i;
                command[2 + 2 * i] = "f" + n;
                command[3 + 2 * i] = "v" + n;
            }
            call(command);
        }
        assertEquals(5000, jedis.hkeys(h).size());
        assertEquals(5000, jedis.hvals(h).size());
        Map<String, String> all = jedis.hgetAll(h);
        assertEquals(5000, all.size());
        assertEquals("v4999", all.get("f4999"));
        assertEquals("v0", jedis.hget(h, "f0"));
        assertEquals(5, jedis.hstrlen(h, "f4999"));
    }
}
