package io.redactor.e2e.lists;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/** LPUSH, RPUSH, LPUSHX, RPUSHX, LPOP, RPOP. */
class PushPopTest extends CommandTestBase {

    @Test
    void pushesAddAtEitherEndAndReplyTheLength() {
        String k = key("l");
        assertEquals(1, jedis.lpush(k, "b"));
        assertEquals(3, jedis.lpush(k, "c", "d"));
        assertEquals(5, jedis.rpush(k, "e", "f"));
        assertEquals(List.of("d", "c", "b", "e", "f"), jedis.lrange(k, 0, -1));
        assertEquals("list", jedis.type(k));
    }

    @Test
    void pushxOnlyPushesOntoExistingLists() {
        String k = key("l");
        assertEquals(0, jedis.lpushx(k, "a"));
        assertEquals(0, jedis.rpushx(k, "a", "b"));
        assertFalse(jedis.exists(k));
        jedis.rpush(k, "m");
        assertEquals(3, jedis.lpushx(k, "l2", "l1"));
        assertEquals(5, jedis.rpushx(k, "r1", "r2"));
        assertEquals(List.of("l1", "l2", "m", "r1", "r2"), jedis.lrange(k, 0, -1));
    }

    @Test
    void popsTakeFromEitherEndAndDeleteTheEmptiedList() {
        String k = key("l");
        jedis.rpush(k, "a", "b", "c", "d", "e");
        assertEquals("a", jedis.lpop(k));
        assertEquals("e", jedis.rpop(k));
        assertEquals(List.of("b", "c"), jedis.lpop(k, 2));
        assertEquals(List.of("d"), jedis.rpop(k, 5));
        assertFalse(jedis.exists(k));
        assertNull(jedis.lpop(k));
        assertNull(jedis.rpop(k, 2));
    }

    @Test
    void rpopWithCountRepliesFromTheTail() {
        String k = key("l");
        jedis.rpush(k, "a", "b", "c", "d");
        assertReply(array("d", "c", "b"), "RPOP", k, "3");
        assertReply(array("a"), "LPOP", k, "3");
    }

    @Test
    void nullAndEmptyRepliesFollowTheCountArgument() {
        String k = key("l");
        assertReply(NIL, "LPOP", k);
        assertReply(NULL_ARRAY, "LPOP", k, "1");
        assertReply(NULL_ARRAY, "RPOP", k, "0");
        jedis.rpush(k, "a");
        assertReply(EMPTY_ARRAY, "LPOP", k, "0");
        assertReply(EMPTY_ARRAY, "RPOP", k, "0");
        assertEquals(1, jedis.llen(k));
        raw.call("HELLO", "3");
        try {
            assertReply("_\r\n", "LPOP", key("missing"));
            assertReply("_\r\n", "RPOP", key("missing"), "2");
        } finally {
            raw.call("HELLO", "2");
        }
    }

    @Test
    void countErrors() {
        String k = key("l");
        jedis.rpush(k, "a");
        for (String bad : new String[] {"-1", "abc", "1.5", "", "99999999999999999999"}) {
            assertError("ERR value is out of range, must be positive", "LPOP", k, bad);
            assertError("ERR value is out of range, must be positive", "RPOP", k, bad);
        }
        assertError("ERR value is out of range, must be positive", "LPOP", key("missing"), "-1");
        assertReply(array("a"), "LPOP", k, "9223372036854775807");
    }

    @Test
    void arityErrors() {
        assertError(arity("lpush"), "LPUSH", key("l"));
        assertError(arity("rpush"), "RPUSH");
        assertError(arity("lpushx"), "LPUSHX", key("l"));
        assertError(arity("rpushx"), "RPUSHX", key("l"));
        assertError(arity("lpop"), "LPOP");
        assertError(arity("rpop"), "RPOP");
        assertError(arity("lpop"), "LPOP", key("l"), "1", "2");
        assertError(arity("rpop"), "RPOP", key("l"), "1", "2");
    }

    @Test
    void wrongTypeLeavesTheValueAlone() {
        String s = key("s");
        jedis.set(s, "v");
        for (String[] command : new String[][] {{"LPUSH", s, "a"}, {"RPUSH", s, "a"}, {"LPUSHX", s, "a"},
                {"RPUSHX", s, "a"}, {"LPOP", s}, {"RPOP", s}, {"LPOP", s, "2"}, {"RPOP", s, "0"}}) {
            assertError(WRONGTYPE, command);
        }
        assertEquals("v", jedis.get(s));
    }

    @Test
    void pushKeepsTheTimeToLive() {
        String k = key("l");
        jedis.rpush(k, "a", "b");
        jedis.expire(k, 1000);
        jedis.lpush(k, "c");
        jedis.lpop(k);
        assertEquals(true, jedis.ttl(k) > 900);
    }
}
