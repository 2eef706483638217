package io.redactor.e2e.lists;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** LLEN, LINDEX, LRANGE. */
class ReadCommandsTest extends CommandTestBase {

    private String abcde() {
        String k = key("l");
        jedis.rpush(k, "a", "b", "c", "d", "e");
        return k;
    }

    @Test
    void llenCountsElements() {
        String k = abcde();
        assertEquals(5, jedis.llen(k));
        assertEquals(0, jedis.llen(key("missing")));
        assertError(arity("llen"), "LLEN");
        assertError(arity("llen"), "LLEN", k, "x");
    }

    @Test
    void lindexCountsFromEitherEnd() {
        String k = abcde();
        assertEquals("a", jedis.lindex(k, 0));
        assertEquals("e", jedis.lindex(k, 4));
        assertEquals("e", jedis.lindex(k, -1));
        assertEquals("a", jedis.lindex(k, -5));
        assertNull(jedis.lindex(k, 5));
        assertNull(jedis.lindex(k, -6));
        assertNull(jedis.lindex(k, Long.MAX_VALUE));
        assertNull(jedis.lindex(k, Long.MIN_VALUE));
        assertNull(jedis.lindex(key("missing"), 0));
    }

    @Test
    void lindexLooksTheKeyUpBeforeParsingTheIndex() {
        String k = abcde();
        assertError(NOT_INTEGER, "LINDEX", k, "x");
        assertReply(NIL, "LINDEX", key("missing"), "x");
        jedis.set(key("s"), "v");
        assertError(WRONGTYPE, "LINDEX", key("s"), "x");
        assertError(arity("lindex"), "LINDEX", k);
    }

    @Test
    void lrangeClampsLikeRedis() {
        String k = abcde();
        assertEquals(List.of("a", "b", "c", "d", "e"), jedis.lrange(k, 0, -1));
        assertEquals(List.of("b", "c"), jedis.lrange(k, 1, 2));
        assertEquals(List.of("d", "e"), jedis.lrange(k, -2, 100));
        assertEquals(List.of("a"), jedis.lrange(k, -100, 0));
        assertEquals(List.of(), jedis.lrange(k, 3, 1));
        assertEquals(List.of(), jedis.lrange(k, 5, 10));
        assertEquals(List.of(), jedis.lrange(k, 0, -6));
        assertEquals(List.of("a", "b", "c", "d", "e"), jedis.lrange(k, Long.MIN_VALUE, Long.MAX_VALUE));
        assertEquals(List.of(), jedis.lrange(key("missing"), 0, -1));
    }

    @Test
    void lrangeParsesBeforeLookingUp() {
        assertError(NOT_INTEGER, "LRANGE", key("missing"), "a", "1");
        assertError(NOT_INTEGER, "LRANGE", key("missing"), "0", "1.5");
        jedis.set(key("s"), "v");
        assertError(NOT_INTEGER, "LRANGE", key("s"), "x", "1");
        assertError(WRONGTYPE, "LRANGE", key("s"), "0", "1");
        assertError(arity("lrange"), "LRANGE", key("s"), "0");
    }
}
