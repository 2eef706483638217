package io.redactor.e2e.zsets;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.ZParams;
import redis.clients.jedis.resps.Tuple;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * ZUNION, ZINTER, ZDIFF, their STORE forms and ZINTERCARD: scores, WEIGHTS and AGGREGATE, plain sets and
 * missing keys as inputs, inputs and destinations in different partitions, destinations replaced or deleted.
 */
class SetOperationsTest extends SortedSetTestBase {

    /** Three sorted sets in three partitions: a = {x:1 y:2 z:3}, b = {y:10 z:20 w:30}, c = {z:100 v:5}. */
    private String[] threeSets() {
        String[] k = keysInDifferentPartitions("in", 3);
        jedis.zadd(k[0], Map.of("x", 1.0, "y", 2.0, "z", 3.0));
        jedis.zadd(k[1], Map.of("y", 10.0, "z", 20.0, "w", 30.0));
        jedis.zadd(k[2], Map.of("z", 100.0, "v", 5.0));
        return k;
    }

    @Test
    void unionSumsScoresAndSortsByScore() {
        String[] k = threeSets();
        assertReply(array("x", "1", "v", "5", "y", "12", "w", "30", "z", "123"),
                "ZUNION", "3", k[0], k[1], k[2], "WITHSCORES");
        assertReply(array("x", "v", "y", "w", "z"), "ZUNION", "3", k[0], k[1], k[2]);
        assertEquals(List.of("x", "y", "z", "w"), jedis.zunion(new ZParams(), k[0], k[1]));
    }

    @Test
    void intersectionKeepsMembersOfEveryInput() {
        String[] k = threeSets();
        assertReply(array("z", "123"), "ZINTER", "3", k[0], k[1], k[2], "WITHSCORES");
        assertReply(array("y", "12", "z", "23"), "ZINTER", "2", k[1], k[0], "WITHSCORES");
        assertReply(EMPTY_ARRAY, "ZINTER", "2", k[0], key("missing"));
    }

    @Test
    void differenceKeepsTheFirstInputsScores() {
        String[] k = threeSets();
        assertReply(array("x", "1", "y", "2"), "ZDIFF", "2", k[0], k[2], "WITHSCORES");
        assertReply(array("x"), "ZDIFF", "3", k[0], k[1], k[2]);
        assertReply(EMPTY_ARRAY, "ZDIFF", "2", key("missing"), k[0]);
        assertReply(array("x", "y", "z"), "ZDIFF", "2", k[0], key("missing"));
    }

    @Test
    void weightsMultiplyAndAggregateChoosesHowScoresCombine() {
        String[] k = threeSets();
        assertReply(array("x", "2", "v", "15", "y", "30", "w", "90", "z", "300"),
                "ZUNION", "3", k[0], k[1], k[2], "WEIGHTS", "2", "3", "3", "AGGREGATE", "MAX", "WITHSCORES");
        assertReply(array("x", "1", "y", "2", "z", "3", "v", "5", "w", "30"),
                "ZUNION", "3", k[0], k[1], k[2], "aggregate", "min", "withscores");
        assertReply(array("z", "-100"), "ZINTER", "3", k[0], k[1], k[2], "WEIGHTS", "1", "1", "-1", "AGGREGATE",
                "MIN", "WITHSCORES");
        assertReply(array("y", "1.5", "z", "2.5"), "ZINTER", "2", k[0], k[1], "WEIGHTS", "0.5", "0.05",
                "WITHSCORES");
        List<Tuple> sums = jedis.zinterWithScores(new ZParams().weights(1, 2).aggregate(ZParams.Aggregate.SUM),
                k[0], k[1]);
        assertEquals(List.of(new Tuple("y", 22.0), new Tuple("z", 43.0)), sums);
    }

    @Test
    void optionsMayRepeatAndTheLastOneWins() {
        String[] k = threeSets();
        assertReply(array("x", "3", "y", "6", "z", "9"), "ZUNION", "1", k[0], "WEIGHTS", "2", "WEIGHTS", "3",
                "AGGREGATE", "MIN", "AGGREGATE", "SUM", "WITHSCORES", "WITHSCORES");
    }

    @Test
    void infinitiesNeverMakeNan() {
        String a = key("{s}a");
        String b = key("{s}b");
        jedis.zadd(a, Double.POSITIVE_INFINITY, "m");
        jedis.zadd(b, Double.NEGATIVE_INFINITY, "m");
        jedis.zadd(b, 0, "zero");
        assertReply(array("m", "0", "zero", "0"), "ZUNION", "2", a, b, "WITHSCORES", "AGGREGATE", "SUM");
        assertReply(array("m", "0"), "ZINTER", "2", a, b, "WITHSCORES");
        assertReply(array("m", "-inf"), "ZINTER", "2", a, b, "AGGREGATE", "MIN", "WITHSCORES");
        assertReply(array("zero", "0", "m", "inf"), "ZUNION", "2", a, b, "AGGREGATE", "MAX", "WITHSCORES");
        assertReply(array("m", "-inf", "zero", "0"), "ZUNION", "1", b, "WEIGHTS", "inf", "WITHSCORES");
    }

    @Test
    void plainSetsAreInputsWhoseMembersScoreOne() {
        String[] k = keysInDifferentPartitions("mixed", 4);
        jedis.zadd(k[0], Map.of("a", 5.0, "b", 6.0, "1", 7.0));
        jedis.sadd(k[1], "a", "c");
        jedis.sadd(k[2], "3", "1", "2");
        assertReply(array("2", "1", "3", "1", "c", "1", "a", "6", "b", "6", "1", "8"),
                "ZUNION", "3", k[0], k[1], k[2], "WITHSCORES");
        assertReply(array("a", "1", "c", "1"), "ZUNION", "1", k[1], "WITHSCORES");
        assertReply(array("1", "2", "3"), "ZUNION", "1", k[2]);
        assertReply(array("a", "15"), "ZINTER", "2", k[1], k[0], "WEIGHTS", "10", "1", "WITHSCORES");
        assertReply(array("2", "1", "3", "1"), "ZDIFF", "2", k[2], k[0], "WITHSCORES");
        assertReply(integer(1), "ZINTERCARD", "2", k[0], k[1]);
        assertReply(integer(3), "ZINTERCARD", "1", k[2]);
        assertReply(integer(5), "ZUNIONSTORE", k[3], "2", k[1], k[2]);
        assertReply(array("1", "1", "2", "1", "3", "1"), "ZRANGE", k[3], "0", "2", "WITHSCORES");
        assertReply("+zset\r\n", "TYPE", k[3]);
    }

    @Test
    void otherTypesAreWrongType() {
        String z = key("z");
        jedis.zadd(z, 1, "a");
        jedis.set(key("string"), "x");
        jedis.rpush(key("list"), "x");
        jedis.hset(key("hash"), "f", "v");
        for (String other : List.of(key("string"), key("list"), key("hash"))) {
            assertError(WRONGTYPE, "ZUNION", "2", z, other);
            assertError(WRONGTYPE, "ZINTER", "2", other, z);
            assertError(WRONGTYPE, "ZDIFF", "2", z, other);
            assertError(WRONGTYPE, "ZINTERCARD", "2", z, other);
            assertError(WRONGTYPE, "ZUNIONSTORE", key("dst"), "2", z, other);
            assertError(WRONGTYPE, "ZINTERSTORE", key("dst"), "2", z, other);
            assertError(WRONGTYPE, "ZDIFFSTORE", key("dst"), "2", other, z);
            // The inputs are looked at before the options are parsed.
            assertError(WRONGTYPE, "ZUNION", "2", z, other, "WEIGHTS", "1");
        }
        assertReply(integer(0), "EXISTS", key("dst"));
        assertReply(integer(1), "ZUNIONSTORE", key("string"), "1", z);
        assertReply("+zset\r\n", "TYPE", key("string"));
    }

    @Test
    void argumentErrors() {
        String z = key("z");
        jedis.zadd(z, 1, "a");
        assertError(NOT_INTEGER, "ZUNION", "x", z);
        assertError("ERR at least 1 input key is needed for 'zunion' command", "ZUNION", "0", z);
        assertError("ERR at least 1 input key is needed for 'zinterstore' command", "ZINTERSTORE", key("d"), "-1", z);
        assertError("ERR at least 1 input key is needed for 'zintercard' command", "ZINTERCARD", "0", z);
        assertError(SYNTAX, "ZUNION", "2", z);
        assertError(SYNTAX, "ZUNION", "99999999999", z);
        assertError(SYNTAX, "ZUNION", "1", z, "WEIGHTS");
        assertError(SYNTAX, "ZUNION", "1", z, "WEIGHTS", "1", "2");
        assertError("ERR weight value is not a float", "ZUNION", "1", z, "WEIGHTS", "x");
        assertError("ERR weight value is not a float", "ZINTER", "1", z, "WEIGHTS", "nan");
        assertError(SYNTAX, "ZUNION", "1", z, "AGGREGATE");
        assertError(SYNTAX, "ZUNION", "1", z, "AGGREGATE", "AVG");
        assertError(SYNTAX, "ZUNIONSTORE", key("d"), "1", z, "WITHSCORES");
        assertError(SYNTAX, "ZDIFF", "1", z, "WEIGHTS", "1");
        assertError(SYNTAX, "ZDIFF", "1", z, "AGGREGATE", "SUM");
        assertError(SYNTAX, "ZINTER", "1", z, "LIMIT", "1");
        assertError(SYNTAX, "ZINTERCARD", "1", z, "WITHSCORES");
        assertError(SYNTAX, "ZINTERCARD", "1", z, "LIMIT");
        assertError("ERR LIMIT can't be negative", "ZINTERCARD", "1", z, "LIMIT", "-1");
        assertError("ERR LIMIT can't be negative", "ZINTERCARD", "1", z, "LIMIT", "x");
        assertError(arity("zunion"), "ZUNION", "1");
        assertError(arity("zunionstore"), "ZUNIONSTORE", key("d"), "1");
        assertError(arity("zintercard"), "ZINTERCARD", "1");
        assertReply(integer(0), "EXISTS", key("d"));
    }

    @Test
    void storeFormsReplaceTheDestinationAcrossPartitions() {
        String[] k = threeSets();
        String[] d = keysInDifferentPartitions("dst", 4);
        jedis.set(d[0], "a string");
        jedis.expire(d[0], 100);
        assertEquals(5, jedis.zunionstore(d[0], k[0], k[1], k[2]));
        assertEquals(-1, jedis.ttl(d[0]));
        assertReply(array("x", "1", "v", "5", "y", "12", "w", "30", "z", "123"), "ZRANGE", d[0], "0", "-1",
                "WITHSCORES");
        assertReply(integer(1), "ZINTERSTORE", d[1], "3", k[0], k[1], k[2], "WEIGHTS", "1", "0", "0");
        assertReply(array("z", "3"), "ZRANGE", d[1], "0", "-1", "WITHSCORES");
        assertReply(integer(1), "ZDIFFSTORE", d[2], "2", k[0], k[1]);
        assertReply(array("x", "1"), "ZRANGE", d[2], "0", "0", "WITHSCORES");
        assertReply(integer(2), "ZINTERCARD", "2", k[1], k[0]);
        assertReply(integer(1), "ZINTERCARD", "2", k[1], k[0], "LIMIT", "1");
        assertReply(integer(2), "ZINTERCARD", "2", k[1], k[0], "LIMIT", "0");
    }

    @Test
    void theDestinationMayBeAnInput() {
        String[] k = threeSets();
        assertReply(integer(4), "ZUNIONSTORE", k[0], "2", k[0], k[1]);
        assertReply(array("x", "1", "y", "12", "z", "23", "w", "30"), "ZRANGE", k[0], "0", "-1", "WITHSCORES");
        assertReply(integer(1), "ZDIFFSTORE", k[0], "2", k[0], k[1]);
        assertReply(array("x", "1"), "ZRANGE", k[0], "0", "-1", "WITHSCORES");
    }

    @Test
    void anEmptyResultDeletesTheDestination() {
        String[] k = threeSets();
        String d = key("dst");
        jedis.set(d, "x");
        assertReply(integer(0), "ZINTERSTORE", d, "2", k[0], key("missing"));
        assertReply(integer(0), "EXISTS", d);
        jedis.zadd(d, 1, "m");
        assertReply(integer(0), "ZDIFFSTORE", d, "2", k[0], k[0]);
        assertReply(integer(0), "EXISTS", d);
        assertReply(integer(0), "ZUNIONSTORE", d, "1", key("missing"));
        assertReply(integer(0), "EXISTS", d);
    }

    @Test
    void resp3ListsPairs() {
        String[] k = threeSets();
        call("HELLO", "3");
        assertReply(pairs("y", "12", "z", "23"), "ZINTER", "2", k[0], k[1], "WITHSCORES");
        assertReply(array("y", "z"), "ZINTER", "2", k[0], k[1]);
        assertReply(pairs("x", "1"), "ZDIFF", "2", k[0], k[1], "WITHSCORES");
        assertReply(EMPTY_ARRAY, "ZUNION", "1", key("missing"), "WITHSCORES");
        assertReply(integer(2), "ZINTERCARD", "2", k[0], k[1]);
    }

    @Test
    void sumsFollowRedisOrderOfInputs() {
        // Inputs are combined smallest first, so the rounding of a sum follows the sizes, not the argument order.
        String[] k = keysInDifferentPartitions("order", 3);
        jedis.zadd(k[0], Map.of("m", 0.1, "p1", 1.0, "p2", 1.0));
        jedis.zadd(k[1], Map.of("m", 0.2, "p3", 1.0));
        jedis.zadd(k[2], Map.of("m", 0.3));
        assertReply(bulk("0.59999999999999998"), "ZSCORE", zunionTo(k[0], k[1], k[2]), "m");
        assertReply(bulk("0.59999999999999998"), "ZSCORE", zunionTo(k[2], k[1], k[0]), "m");
    }

    private String zunionTo(String... inputs) {
        String d = key("u" + String.join("", inputs).hashCode());
        String[] command = new String[3 + inputs.length];
        command[0] = "ZUNIONSTORE";
        command[1] = d;
        command[2] = String.valueOf(inputs.length);
        System.arraycopy(inputs, 0, command, 3, inputs.length);
        call(command);
        return d;
    }
}
