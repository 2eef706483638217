package io.redactor.e2e.lists;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.args.ListPosition;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** LSET, LINSERT, LREM, LTRIM. */
class EditCommandsTest extends CommandTestBase {

    @Test
    void lsetReplacesByIndex() {
        String k = key("l");
        jedis.rpush(k, "a", "b", "c");
        assertEquals("OK", jedis.lset(k, 0, "x"));
        assertEquals("OK", jedis.lset(k, -1, "a much longer element than the one it replaces"));
        assertEquals("OK", jedis.lset(k, 1, ""));
        assertEquals(List.of("x", "", "a much longer element than the one it replaces"), jedis.lrange(k, 0, -1));
        assertError("ERR index out of range", "LSET", k, "3", "v");
        assertError("ERR index out of range", "LSET", k, "-4", "v");
    }

    @Test
    void lsetErrorsInRedisOrder() {
        assertError("ERR no such key", "LSET", key("missing"), "0", "v");
        assertError("ERR no such key", "LSET", key("missing"), "x", "v");
        jedis.set(key("s"), "v");
        assertError(WRONGTYPE, "LSET", key("s"), "x", "v");
        jedis.rpush(key("l"), "a");
        assertError(NOT_INTEGER, "LSET", key("l"), "x", "v");
        assertError(arity("lset"), "LSET", key("l"), "0");
    }

    @Test
    void linsertFindsTheFirstPivotFromTheHead() {
        String k = key("l");
        jedis.rpush(k, "a", "b", "a");
        assertEquals(4, jedis.linsert(k, ListPosition.BEFORE, "a", "x"));
        assertEquals(5, jedis.linsert(k, ListPosition.AFTER, "a", "y"));
        assertEquals(-1, jedis.linsert(k, ListPosition.AFTER, "nope", "z"));
        assertEquals(0, jedis.linsert(key("missing"), ListPosition.AFTER, "a", "z"));
        assertFalse(jedis.exists(key("missing")));
        assertEquals(List.of("x", "a", "y", "b", "a"), jedis.lrange(k, 0, -1));
    }

    @Test
    void linsertErrors() {
        assertError(SYNTAX, "LINSERT", key("missing"), "middle", "a", "b");
        jedis.set(key("s"), "v");
        assertError(SYNTAX, "LINSERT", key("s"), "middle", "a", "b");
        assertError(WRONGTYPE, "LINSERT", key("s"), "before", "a", "b");
        assertError(arity("linsert"), "LINSERT", key("s"), "before", "a");
    }

    @Test
    void lremCountsFromTheHeadTheTailOrAll() {
        String k = key("l");
        jedis.rpush(k, "a", "b", "a", "c", "a", "b", "a");
        assertEquals(2, jedis.lrem(k, 2, "a"));
        assertEquals(List.of("b", "c", "a", "b", "a"), jedis.lrange(k, 0, -1));
        assertEquals(1, jedis.lrem(k, -1, "a"));
        assertEquals(List.of("b", "c", "a", "b"), jedis.lrange(k, 0, -1));
        assertEquals(2, jedis.lrem(k, 0, "b"));
        assertEquals(0, jedis.lrem(k, 0, "nope"));
        assertEquals(2, jedis.lrem(k, 0, "c") + jedis.lrem(k, 0, "a"));
        assertFalse(jedis.exists(k));
        assertEquals(0, jedis.lrem(k, 0, "a"));
    }

    @Test
    void lremErrors() {
        assertError(NOT_INTEGER, "LREM", key("missing"), "x", "a");
        jedis.set(key("s"), "v");
        assertError(WRONGTYPE, "LREM", key("s"), "0", "a");
        assertError(arity("lrem"), "LREM", key("s"), "0");
    }

    @Test
    void ltrimKeepsTheRangeAndDeletesAnEmptyResult() {
        String k = key("l");
        jedis.rpush(k, "0", "1", "2", "3", "4", "5");
        assertEquals("OK", jedis.ltrim(k, 1, -2));
        assertEquals(List.of("1", "2", "3", "4"), jedis.lrange(k, 0, -1));
        assertEquals("OK", jedis.ltrim(k, -2, 100));
        assertEquals(List.of("3", "4"), jedis.lrange(k, 0, -1));
        assertEquals("OK", jedis.ltrim(k, 1, 0));
        assertFalse(jedis.exists(k));
        assertEquals("OK", jedis.ltrim(k, 0, 1));
    }

    @Test
    void ltrimErrors() {
        assertError(NOT_INTEGER, "LTRIM", key("missing"), "0", "x");
        jedis.set(key("s"), "v");
        assertError(WRONGTYPE, "LTRIM", key("s"), "0", "1");
        assertError(arity("ltrim"), "LTRIM", key("s"), "0");
    }
}
