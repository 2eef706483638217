package io.redactor.e2e.zsets;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** ZREM, ZREMRANGEBYRANK, ZREMRANGEBYSCORE and ZREMRANGEBYLEX; a set they empty is deleted. */
class RemoveCommandsTest extends SortedSetTestBase {

    /** a:1 b:2 c:3 d:4 e:5 */
    private String fiveMembers() {
        String k = key("k");
        jedis.zadd(k, Map.of("a", 1.0, "b", 2.0, "c", 3.0, "d", 4.0, "e", 5.0));
        return k;
    }

    @Test
    void zremCountsWhatWasThere() {
        String k = fiveMembers();
        assertEquals(2, jedis.zrem(k, "a", "nope", "c", "a"));
        assertReply(array("b", "d", "e"), "ZRANGE", k, "0", "-1");
        assertReply(integer(0), "ZREM", k, "nope");
        assertReply(integer(0), "ZREM", key("missing"), "a");
        assertReply(integer(3), "ZREM", k, "b", "d", "e");
        assertReply(integer(0), "EXISTS", k);
        assertError(arity("zrem"), "ZREM", k);
    }

    @Test
    void zremrangebyrank() {
        String k = fiveMembers();
        assertReply(integer(2), "ZREMRANGEBYRANK", k, "0", "1");
        assertReply(array("c", "d", "e"), "ZRANGE", k, "0", "-1");
        assertReply(integer(1), "ZREMRANGEBYRANK", k, "-1", "-1");
        assertReply(integer(0), "ZREMRANGEBYRANK", k, "5", "10");
        assertReply(integer(0), "ZREMRANGEBYRANK", k, "1", "0");
        assertReply(integer(1), "ZREMRANGEBYRANK", k, "1", "100");
        assertReply(array("c"), "ZRANGE", k, "0", "-1");
        assertReply(integer(1), "ZREMRANGEBYRANK", k, "-100", "100");
        assertReply(integer(0), "EXISTS", k);
        assertReply(integer(0), "ZREMRANGEBYRANK", key("missing"), "0", "-1");
        assertError(NOT_INTEGER, "ZREMRANGEBYRANK", k, "0", "x");
        assertError(NOT_INTEGER, "ZREMRANGEBYRANK", key("missing"), "1.5", "2");
    }

    @Test
    void zremrangebyscore() {
        String k = fiveMembers();
        assertReply(integer(2), "ZREMRANGEBYSCORE", k, "(1", "3");
        assertReply(array("a", "d", "e"), "ZRANGE", k, "0", "-1");
        assertReply(integer(0), "ZREMRANGEBYSCORE", k, "5", "4");
        assertReply(integer(1), "ZREMRANGEBYSCORE", k, "(4", "+inf");
        assertReply(integer(2), "ZREMRANGEBYSCORE", k, "-inf", "+inf");
        assertReply(integer(0), "EXISTS", k);
        assertEquals(0, jedis.zremrangeByScore(key("missing"), 0, 1));
        assertError("ERR min or max is not a float", "ZREMRANGEBYSCORE", k, "a", "1");
        assertError("ERR min or max is not a float", "ZREMRANGEBYSCORE", k, "1", "[2");
    }

    @Test
    void zremrangebylex() {
        String k = key("k");
        for (String m : List.of("a", "b", "c", "d", "e")) {
            jedis.zadd(k, 0, m);
        }
        assertReply(integer(2), "ZREMRANGEBYLEX", k, "(a", "[c");
        assertReply(array("a", "d", "e"), "ZRANGE", k, "0", "-1");
        assertReply(integer(0), "ZREMRANGEBYLEX", k, "+", "-");
        assertReply(integer(1), "ZREMRANGEBYLEX", k, "[e", "+");
        assertReply(integer(2), "ZREMRANGEBYLEX", k, "-", "+");
        assertReply(integer(0), "EXISTS", k);
        assertError("ERR min or max not valid string range item", "ZREMRANGEBYLEX", k, "a", "+");
        assertError("ERR min or max not valid string range item", "ZREMRANGEBYLEX", key("missing"), "-", "b");
    }

    @Test
    void otherTypesAreWrongTypeAndUntouched() {
        jedis.set(key("string"), "x");
        jedis.hset(key("hash"), "f", "v");
        for (String other : List.of(key("string"), key("hash"))) {
            assertError(WRONGTYPE, "ZREM", other, "x");
            assertError(WRONGTYPE, "ZREMRANGEBYRANK", other, "0", "-1");
            assertError(WRONGTYPE, "ZREMRANGEBYSCORE", other, "-inf", "+inf");
            assertError(WRONGTYPE, "ZREMRANGEBYLEX", other, "-", "+");
        }
        assertEquals("x", jedis.get(key("string")));
    }

    @Test
    void arity() {
        assertError(arity("zremrangebyrank"), "ZREMRANGEBYRANK", key("k"), "0");
        assertError(arity("zremrangebyscore"), "ZREMRANGEBYSCORE", key("k"), "0", "1", "2");
        assertError(arity("zremrangebylex"), "ZREMRANGEBYLEX", key("k"));
    }

    @Test
    void aSetEmptiedAndRefilledStartsAfresh() {
        String k = fiveMembers();
        jedis.expire(k, 100);
        assertReply(integer(5), "ZREMRANGEBYRANK", k, "0", "-1");
        assertReply(integer(1), "ZADD", k, "1", "x");
        assertEquals(-1, jedis.ttl(k));
        assertReply(bulk("listpack"), "OBJECT", "ENCODING", k);
    }
}
