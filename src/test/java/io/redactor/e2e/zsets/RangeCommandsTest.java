package io.redactor.e2e.zsets;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.ZRangeParams;
import redis.clients.jedis.resps.Tuple;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * ZRANGE by rank, BYSCORE and BYLEX with REV, LIMIT and WITHSCORES; the older ZREVRANGE, ZRANGEBYSCORE,
 * ZREVRANGEBYSCORE, ZRANGEBYLEX and ZREVRANGEBYLEX; ZRANGESTORE between partitions.
 */
class RangeCommandsTest extends SortedSetTestBase {

    /** a:1 b:2 c:3 d:4 e:5 f:5 */
    private String sixMembers() {
        String k = key("k");
        jedis.zadd(k, Map.of("a", 1.0, "b", 2.0, "c", 3.0, "d", 4.0, "e", 5.0, "f", 5.0));
        return k;
    }

    /** a..g all scoring 0, for lexicographic ranges. */
    private String lexMembers() {
        String k = key("lex");
        for (String m : List.of("a", "b", "c", "d", "e", "f", "g")) {
            jedis.zadd(k, 0, m);
        }
        return k;
    }

    @Test
    void byRankWithNegativeAndOutOfRangeIndexes() {
        String k = sixMembers();
        assertReply(array("a", "b", "c", "d", "e", "f"), "ZRANGE", k, "0", "-1");
        assertReply(array("e", "f"), "ZRANGE", k, "-2", "-1");
        assertReply(array("a", "b"), "ZRANGE", k, "-100", "1");
        assertReply(array("f"), "ZRANGE", k, "5", "100");
        assertReply(EMPTY_ARRAY, "ZRANGE", k, "6", "10");
        assertReply(EMPTY_ARRAY, "ZRANGE", k, "3", "2");
        assertReply(EMPTY_ARRAY, "ZRANGE", k, "-1", "-2");
        assertReply(array("f", "e"), "ZRANGE", k, "0", "1", "REV");
        assertReply(array("f", "e"), "ZREVRANGE", k, "0", "1");
        assertReply(array("b", "2", "a", "1"), "ZREVRANGE", k, "-2", "-1", "WITHSCORES");
        assertReply(EMPTY_ARRAY, "ZRANGE", key("missing"), "0", "-1");
        assertEquals(List.of(new Tuple("c", 3.0), new Tuple("d", 4.0)), jedis.zrangeWithScores(k, 2, 3));
    }

    @Test
    void byScoreWithExclusiveBoundsAndLimit() {
        String k = sixMembers();
        assertReply(array("b", "c", "d"), "ZRANGE", k, "2", "4", "BYSCORE");
        assertReply(array("c", "d"), "ZRANGE", k, "(2", "4", "BYSCORE");
        assertReply(array("c", "3", "d", "4"), "ZRANGE", k, "(2", "(5", "BYSCORE", "WITHSCORES");
        assertReply(array("d", "e"), "ZRANGE", k, "-inf", "+inf", "BYSCORE", "LIMIT", "3", "2");
        assertReply(array("d", "e", "f"), "ZRANGE", k, "-inf", "+inf", "BYSCORE", "LIMIT", "3", "-1");
        assertReply(EMPTY_ARRAY, "ZRANGE", k, "-inf", "+inf", "BYSCORE", "LIMIT", "-1", "2");
        assertReply(EMPTY_ARRAY, "ZRANGE", k, "-inf", "+inf", "BYSCORE", "LIMIT", "6", "2");
        assertReply(EMPTY_ARRAY, "ZRANGE", k, "-inf", "+inf", "BYSCORE", "LIMIT", "0", "0");
        assertReply(EMPTY_ARRAY, "ZRANGE", k, "4", "2", "BYSCORE");
        assertReply(array("f", "e", "d"), "ZRANGE", k, "+inf", "4", "BYSCORE", "REV");
        assertReply(array("e", "5", "d", "4"), "ZRANGE", k, "(6", "(1", "BYSCORE", "REV", "LIMIT", "1", "2",
                "WITHSCORES");
        assertReply(EMPTY_ARRAY, "ZRANGE", k, "2", "4", "BYSCORE", "REV");
        assertEquals(List.of("b", "c"), jedis.zrangeByScore(k, "2", "4", 0, 2));
        assertEquals(List.of("d", "c"), jedis.zrevrangeByScore(k, "4", "2", 0, 2));
    }

    @Test
    void legacyScoreCommands() {
        String k = sixMembers();
        assertReply(array("b", "2", "c", "3"), "ZRANGEBYSCORE", k, "2", "3", "WITHSCORES");
        assertReply(array("c"), "ZRANGEBYSCORE", k, "(2", "5", "LIMIT", "0", "1");
        assertReply(array("e", "5"), "ZRANGEBYSCORE", k, "(2", "5", "WITHSCORES", "LIMIT", "2", "1");
        assertReply(array("f", "e", "d"), "ZREVRANGEBYSCORE", k, "5", "4");
        assertReply(EMPTY_ARRAY, "ZREVRANGEBYSCORE", k, "4", "5");
        assertReply(array("e", "5"), "ZREVRANGEBYSCORE", k, "+inf", "-inf", "LIMIT", "1", "1", "WITHSCORES");
        assertError(SYNTAX, "ZRANGEBYSCORE", k, "0", "1", "LIMIT", "1");
        assertError(SYNTAX, "ZRANGEBYSCORE", k, "0", "1", "REV");
        assertError(SYNTAX, "ZRANGEBYSCORE", k, "0", "1", "BYSCORE");
        assertError(NOT_INTEGER, "ZRANGEBYSCORE", k, "0", "1", "LIMIT", "x", "1");
        assertError("ERR min or max is not a float", "ZREVRANGEBYSCORE", k, "x", "1");
    }

    @Test
    void byLexWithLimitAndRev() {
        String k = lexMembers();
        assertReply(array("b", "c", "d"), "ZRANGE", k, "[b", "[d", "BYLEX");
        assertReply(array("c"), "ZRANGE", k, "(b", "(d", "BYLEX");
        assertReply(array("a", "b", "c", "d", "e", "f", "g"), "ZRANGE", k, "-", "+", "BYLEX");
        assertReply(array("c", "d"), "ZRANGE", k, "-", "+", "BYLEX", "LIMIT", "2", "2");
        assertReply(array("g", "f", "e"), "ZRANGE", k, "+", "[e", "BYLEX", "REV");
        assertReply(array("e", "d"), "ZRANGE", k, "+", "-", "BYLEX", "REV", "LIMIT", "2", "2");
        assertReply(EMPTY_ARRAY, "ZRANGE", k, "+", "-", "BYLEX");
        assertReply(array("a", "b"), "ZRANGEBYLEX", k, "-", "(c");
        assertReply(array("d", "e"), "ZRANGEBYLEX", k, "[cc", "+", "LIMIT", "0", "2");
        assertReply(array("c", "b"), "ZREVRANGEBYLEX", k, "(d", "[b");
        assertReply(array("f"), "ZREVRANGEBYLEX", k, "+", "-", "LIMIT", "1", "1");
        assertEquals(List.of("b", "c"), jedis.zrangeByLex(k, "(a", "[c"));
        assertError("ERR min or max not valid string range item", "ZRANGE", k, "a", "c", "BYLEX");
        assertError("ERR min or max not valid string range item", "ZRANGEBYLEX", k, "[a", "c");
        assertError("ERR syntax error, WITHSCORES not supported in combination with BYLEX", "ZRANGE", k, "-", "+",
                "BYLEX", "WITHSCORES");
        assertError("ERR syntax error, WITHSCORES not supported in combination with BYLEX", "ZRANGEBYLEX", k, "-",
                "+", "WITHSCORES");
    }

    @Test
    void optionErrors() {
        String k = sixMembers();
        assertError("ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX",
                "ZRANGE", k, "0", "-1", "LIMIT", "0", "1");
        assertError("ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX",
                "ZREVRANGE", k, "0", "-1", "LIMIT", "0", "1");
        assertReply(array("a", "b", "c", "d", "e", "f"), "ZRANGE", k, "0", "-1", "LIMIT", "0", "-1");
        assertError(SYNTAX, "ZRANGE", k, "0", "-1", "BYSCORE", "BYLEX");
        assertError(SYNTAX, "ZRANGE", k, "0", "-1", "REV", "REV");
        assertError(SYNTAX, "ZRANGE", k, "0", "-1", "LIMIT", "0");
        assertError(SYNTAX, "ZRANGE", k, "0", "-1", "FOO");
        assertError(NOT_INTEGER, "ZRANGE", k, "a", "-1");
        assertError(NOT_INTEGER, "ZRANGE", k, "0", "1.5");
        assertError(NOT_INTEGER, "ZRANGE", k, "0", "1", "BYSCORE", "LIMIT", "0", "x");
        assertError("ERR min or max is not a float", "ZRANGE", k, "[a", "1", "BYSCORE");
        assertError(arity("zrange"), "ZRANGE", k, "0");
        assertReply(array("a", "1"), "ZRANGE", k, "0", "0", "WITHSCORES", "WITHSCORES");
        assertReply(EMPTY_ARRAY, "ZRANGE", key("missing"), "(1", "(1", "BYSCORE", "LIMIT", "0", "1");
    }

    @Test
    void resp3ListsPairsWithDoubleScores() {
        String k = sixMembers();
        call("HELLO", "3");
        assertReply(pairs("a", "1", "b", "2"), "ZRANGE", k, "0", "1", "WITHSCORES");
        assertReply(pairs("f", "5", "e", "5"), "ZREVRANGE", k, "0", "1", "WITHSCORES");
        assertReply(pairs("c", "3"), "ZRANGEBYSCORE", k, "(2", "3", "WITHSCORES");
        assertReply(pairs("c", "3"), "ZREVRANGEBYSCORE", k, "3", "(2", "WITHSCORES");
        assertReply(array("a", "b"), "ZRANGE", k, "0", "1");
        assertReply(EMPTY_ARRAY, "ZRANGE", key("missing"), "0", "1", "WITHSCORES");
    }

    @Test
    void zrangestoreCopiesARangeToAnotherPartition() {
        String[] keys = keysInDifferentPartitions("rs", 2);
        String src = keys[0];
        String dst = keys[1];
        jedis.zadd(src, Map.of("a", 1.0, "b", 2.0, "c", 3.0, "d", 4.0));
        assertReply(integer(2), "ZRANGESTORE", dst, src, "1", "2");
        assertReply(array("b", "2", "c", "3"), "ZRANGE", dst, "0", "-1", "WITHSCORES");
        assertReply(integer(3), "ZRANGESTORE", dst, src, "(1", "+inf", "BYSCORE");
        assertReply(array("b", "c", "d"), "ZRANGE", dst, "0", "-1");
        assertReply(integer(2), "ZRANGESTORE", dst, src, "+inf", "-inf", "BYSCORE", "REV", "LIMIT", "1", "2");
        assertReply(array("b", "2", "c", "3"), "ZRANGE", dst, "0", "-1", "WITHSCORES");
        assertReply(integer(1), "ZRANGESTORE", dst, src, "0", "0", "REV");
        assertReply(array("d", "4"), "ZRANGE", dst, "0", "-1", "WITHSCORES");
        assertEquals(4, jedis.zrangestore(dst, src, ZRangeParams.zrangeParams(0, -1)));
    }

    @Test
    void zrangestoreOfLexRangesKeepsScores() {
        String[] keys = keysInDifferentPartitions("rl", 2);
        jedis.zadd(keys[0], Map.of("a", 7.0, "b", 7.0, "c", 7.0));
        assertReply(integer(2), "ZRANGESTORE", keys[1], keys[0], "[b", "+", "BYLEX");
        assertReply(array("b", "7", "c", "7"), "ZRANGE", keys[1], "0", "-1", "WITHSCORES");
        assertReply(integer(1), "ZRANGESTORE", keys[1], keys[0], "+", "-", "BYLEX", "REV", "LIMIT", "0", "1");
        assertReply(array("c", "7"), "ZRANGE", keys[1], "0", "-1", "WITHSCORES");
    }

    @Test
    void zrangestoreReplacesAnyDestinationAndDeletesItOnAnEmptyRange() {
        String[] keys = keysInDifferentPartitions("re", 2);
        String src = keys[0];
        String dst = keys[1];
        jedis.zadd(src, Map.of("a", 1.0, "b", 2.0));
        jedis.rpush(dst, "a list");
        jedis.expire(dst, 100);
        assertReply(integer(2), "ZRANGESTORE", dst, src, "0", "-1");
        assertReply("+zset\r\n", "TYPE", dst);
        assertEquals(-1, jedis.ttl(dst));
        assertReply(integer(0), "ZRANGESTORE", dst, src, "5", "10");
        assertReply(integer(0), "EXISTS", dst);
        jedis.set(dst, "x");
        assertReply(integer(0), "ZRANGESTORE", dst, key("missing"), "0", "-1");
        assertReply(integer(0), "EXISTS", dst);
        assertReply(integer(2), "ZRANGESTORE", src, src, "0", "-1");
        assertReply(array("a", "b"), "ZRANGE", src, "0", "-1");
    }

    @Test
    void zrangestoreErrors() {
        String src = sixMembers();
        String dst = key("dst");
        jedis.set(key("string"), "x");
        assertError(WRONGTYPE, "ZRANGESTORE", dst, key("string"), "0", "-1");
        assertError(SYNTAX, "ZRANGESTORE", dst, src, "0", "-1", "WITHSCORES");
        assertError("ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX",
                "ZRANGESTORE", dst, src, "0", "-1", "LIMIT", "0", "1");
        assertError(NOT_INTEGER, "ZRANGESTORE", dst, src, "x", "-1");
        assertError(arity("zrangestore"), "ZRANGESTORE", dst, src, "0");
        assertReply(integer(0), "EXISTS", dst);
    }

    @Test
    void rangesOfOtherTypesAreWrongType() {
        jedis.set(key("string"), "x");
        jedis.sadd(key("set"), "x");
        for (String other : List.of(key("string"), key("set"))) {
            assertError(WRONGTYPE, "ZRANGE", other, "0", "-1");
            assertError(WRONGTYPE, "ZREVRANGE", other, "0", "-1");
            assertError(WRONGTYPE, "ZRANGEBYSCORE", other, "0", "1");
            assertError(WRONGTYPE, "ZREVRANGEBYSCORE", other, "1", "0");
            assertError(WRONGTYPE, "ZRANGEBYLEX", other, "-", "+");
            assertError(WRONGTYPE, "ZREVRANGEBYLEX", other, "+", "-");
        }
        // Arguments are checked before the key is looked at.
        assertError(NOT_INTEGER, "ZRANGE", key("string"), "x", "1");
        assertError("ERR min or max is not a float", "ZRANGEBYSCORE", key("string"), "x", "1");
    }
}
