package io.redactor.e2e.lists;

import io.redactor.e2e.keys.PartitionKeys;
import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.args.ListDirection;
import redis.clients.jedis.util.KeyValue;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** LMOVE, RPOPLPUSH and LMPOP, with keys in different partitions. */
class MoveCommandsTest extends CommandTestBase {

    /** Two keys of this test that live in different partitions. */
    private String[] apart() {
        String first = key("src");
        String second = PartitionKeys.elsewhere(key("dst"), first);
        assertNotEquals(PartitionKeys.partitionOf(first), PartitionKeys.partitionOf(second));
        return new String[] {first, second};
    }

    @Test
    void lmoveInEveryDirectionAcrossPartitions() {
        String[] keys = apart();
        String src = keys[0];
        String dst = keys[1];
        jedis.rpush(src, "a", "b", "c", "d");
        assertEquals("a", jedis.lmove(src, dst, ListDirection.LEFT, ListDirection.LEFT));
        assertEquals("d", jedis.lmove(src, dst, ListDirection.RIGHT, ListDirection.LEFT));
        assertEquals("b", jedis.lmove(src, dst, ListDirection.LEFT, ListDirection.RIGHT));
        assertEquals("c", jedis.lmove(src, dst, ListDirection.RIGHT, ListDirection.RIGHT));
        assertFalse(jedis.exists(src));
        assertEquals(List.of("d", "a", "b", "c"), jedis.lrange(dst, 0, -1));
        assertNull(jedis.lmove(src, dst, ListDirection.LEFT, ListDirection.LEFT));
    }

    @Test
    void lmoveOnOneKeyRotates() {
        String k = key("l");
        jedis.rpush(k, "a", "b", "c");
        assertEquals("a", jedis.lmove(k, k, ListDirection.LEFT, ListDirection.RIGHT));
        assertEquals("a", jedis.lmove(k, k, ListDirection.RIGHT, ListDirection.LEFT));
        assertEquals("c", jedis.lmove(k, k, ListDirection.RIGHT, ListDirection.LEFT));
        assertEquals(List.of("c", "a", "b"), jedis.lrange(k, 0, -1));
        String single = key("single");
        jedis.rpush(single, "x");
        assertEquals("x", jedis.lmove(single, single, ListDirection.LEFT, ListDirection.RIGHT));
        assertEquals(List.of("x"), jedis.lrange(single, 0, -1));
    }

    @Test
    void lmoveChecksBothTypesBeforeChangingAnything() {
        String[] keys = apart();
        String src = keys[0];
        String str = keys[1];
        jedis.rpush(src, "a");
        jedis.set(str, "v");
        assertError(WRONGTYPE, "LMOVE", src, str, "LEFT", "LEFT");
        assertError(WRONGTYPE, "RPOPLPUSH", src, str);
        assertError(WRONGTYPE, "LMOVE", str, src, "LEFT", "LEFT");
        assertEquals(List.of("a"), jedis.lrange(src, 0, -1));
        assertReply(NIL, "LMOVE", key("missing"), str, "LEFT", "LEFT");
        assertError(SYNTAX, "LMOVE", src, str, "UP", "LEFT");
        assertError(SYNTAX, "LMOVE", key("missing"), str, "LEFT", "DOWN");
        assertError(arity("lmove"), "LMOVE", src, str, "LEFT");
        assertError(arity("rpoplpush"), "RPOPLPUSH", src);
    }

    @Test
    void rpoplpushMovesTailToHead() {
        String[] keys = apart();
        jedis.rpush(keys[0], "a", "b");
        jedis.rpush(keys[1], "z");
        assertEquals("b", jedis.rpoplpush(keys[0], keys[1]));
        assertEquals("a", jedis.rpoplpush(keys[0], keys[1]));
        assertNull(jedis.rpoplpush(keys[0], keys[1]));
        assertEquals(List.of("a", "b", "z"), jedis.lrange(keys[1], 0, -1));
    }

    @Test
    void lmpopPopsFromTheFirstNonEmptyListAmongManyPartitions() {
        List<String> keys = new ArrayList<>();
        for (String name : PartitionKeys.spread(key("m"), 200)) {
            keys.add(name);
        }
        String last = keys.get(keys.size() - 1);
        jedis.rpush(last, "a", "b", "c");
        String[] all = keys.toArray(String[]::new);
        KeyValue<String, List<String>> popped = jedis.lmpop(ListDirection.LEFT, 2, all);
        assertEquals(last, popped.getKey());
        assertEquals(List.of("a", "b"), popped.getValue());
        popped = jedis.lmpop(ListDirection.RIGHT, all);
        assertEquals(List.of("c"), popped.getValue());
        assertFalse(jedis.exists(last));
        assertNull(jedis.lmpop(ListDirection.RIGHT, all));
    }

    @Test
    void lmpopStopsAtAWrongTypeBeforeAList() {
        String[] keys = apart();
        jedis.set(keys[0], "v");
        jedis.rpush(keys[1], "a");
        assertError(WRONGTYPE, "LMPOP", "2", keys[0], keys[1], "LEFT");
        assertReply("*2\r\n" + bulk(keys[1]) + array("a"), "LMPOP", "2", keys[1], keys[0], "LEFT");
    }

    @Test
    void lmpopErrors() {
        String k = key("l");
        assertError("ERR numkeys should be greater than 0", "LMPOP", "0", k, "LEFT");
        assertError("ERR numkeys should be greater than 0", "LMPOP", "x", k, "LEFT");
        assertError(SYNTAX, "LMPOP", "2", k, "LEFT");
        assertError(SYNTAX, "LMPOP", "1", k, "UP");
        assertError("ERR count should be greater than 0", "LMPOP", "1", k, "LEFT", "COUNT", "0");
        assertError(SYNTAX, "LMPOP", "1", k, "LEFT", "COUNT", "1", "COUNT", "2");
        assertError(SYNTAX, "LMPOP", "1", k, "LEFT", "COUNT");
        assertError(arity("lmpop"), "LMPOP", "1", k);
    }
}
