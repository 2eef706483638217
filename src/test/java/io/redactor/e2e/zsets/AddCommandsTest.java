package io.redactor.e2e.zsets;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import redis.clients.jedis.params.ZAddParams;
import redis.clients.jedis.resps.Tuple;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** ZADD with every option and ZINCRBY: replies, resulting scores, score parsing and printing, errors. */
class AddCommandsTest extends SortedSetTestBase {
    private static final String[] OPTIONS = {"NX", "XX", "GT", "LT", "CH", "INCR"};

    @Test
    void addsNewMembersAndUpdatesScores() {
        String k = key("k");
        assertEquals(3, jedis.zadd(k, Map.of("a", 1.0, "b", 2.0, "c", 3.0)));
        assertEquals(1, jedis.zadd(k, Map.of("a", 10.0, "d", 4.0)), "only d is new");
        assertEquals(List.of(new Tuple("b", 2.0), new Tuple("c", 3.0), new Tuple("d", 4.0), new Tuple("a", 10.0)),
                jedis.zrangeWithScores(k, 0, -1));
        assertEquals(0, jedis.zadd(k, 10.0, "a"), "same score: nothing to do");
    }

    @Test
    void aMemberRepeatedInOneCommandKeepsItsLastScore() {
        String k = key("k");
        assertReply(integer(1), "ZADD", k, "1", "a", "2", "a", "3", "a");
        assertReply(bulk("3"), "ZSCORE", k, "a");
        assertReply(integer(2), "ZADD", k, "CH", "5", "a", "3", "a");
        assertReply(bulk("3"), "ZSCORE", k, "a");
    }

    @Test
    void nxOnlyAddsAndXxOnlyUpdates() {
        String k = key("k");
        jedis.zadd(k, Map.of("a", 1.0, "b", 2.0));
        assertEquals(1, jedis.zadd(k, Map.of("a", 100.0, "c", 3.0), ZAddParams.zAddParams().nx()));
        assertEquals(1.0, jedis.zscore(k, "a"));
        assertEquals(0, jedis.zadd(k, Map.of("a", 100.0, "d", 4.0), ZAddParams.zAddParams().xx()));
        assertEquals(100.0, jedis.zscore(k, "a"));
        assertNull(jedis.zscore(k, "d"));
        assertReply(integer(0), "ZADD", key("missing"), "XX", "1", "a");
        assertReply(integer(0), "EXISTS", key("missing"));
    }

    @Test
    void gtAndLtOnlyMoveScoresOneWayAndStillAddNewMembers() {
        String k = key("k");
        jedis.zadd(k, Map.of("a", 5.0, "b", 5.0));
        assertReply(integer(1), "ZADD", k, "GT", "CH", "1", "a", "9", "b");
        assertReply(array("a", "5", "b", "9"), "ZRANGE", k, "0", "-1", "WITHSCORES");
        assertReply(integer(2), "ZADD", k, "LT", "CH", "1", "a", "10", "b", "7", "c");
        assertReply(array("a", "1", "c", "7", "b", "9"), "ZRANGE", k, "0", "-1", "WITHSCORES");
        assertReply(integer(0), "ZADD", k, "GT", "XX", "0", "a", "3", "new");
        assertReply(integer(1), "ZADD", k, "GT", "XX", "CH", "2", "a", "3", "new");
        assertReply(array("a", "2", "c", "7", "b", "9"), "ZRANGE", k, "0", "-1", "WITHSCORES");
    }

    @Test
    void chCountsChangedScoresToo() {
        String k = key("k");
        jedis.zadd(k, Map.of("a", 1.0, "b", 2.0));
        assertEquals(3, jedis.zadd(k, Map.of("a", 1.0, "b", 3.0, "c", 1.0, "d", 1.0), ZAddParams.zAddParams().ch()),
                "b changed, c and d added");
        assertReply(integer(0), "ZADD", k, "CH", "1", "a", "3", "b");
    }

    @Test
    void incrAnswersTheNewScoreOrNilWhenAnOptionStopsIt() {
        String k = key("k");
        assertReply(bulk("2.5"), "ZADD", k, "INCR", "2.5", "a");
        assertReply(bulk("5"), "ZADD", k, "INCR", "CH", "2.5", "a");
        assertReply(NIL, "ZADD", k, "INCR", "NX", "1", "a");
        assertReply(bulk("1"), "ZADD", k, "INCR", "NX", "1", "b");
        assertReply(NIL, "ZADD", k, "INCR", "XX", "1", "c");
        assertReply(NIL, "ZADD", k, "INCR", "GT", "-1", "a");
        assertReply(bulk("6"), "ZADD", k, "INCR", "GT", "1", "a");
        assertReply(NIL, "ZADD", k, "INCR", "LT", "0", "a");
        assertReply(bulk("5"), "ZADD", k, "INCR", "LT", "-1", "a");
        assertReply(NIL, "ZADD", key("missing"), "INCR", "XX", "1", "a");
        assertEquals(5.0, jedis.zaddIncr(k, 0, "a", ZAddParams.zAddParams()));
        call("HELLO", "3");
        assertReply(dbl("7.5"), "ZADD", k, "INCR", "2.5", "a");
        assertReply(NULL, "ZADD", k, "INCR", "NX", "1", "a");
    }

    @Test
    void optionsAreCaseInsensitiveAndMayRepeat() {
        String k = key("k");
        assertReply(integer(1), "ZADD", k, "nx", "Nx", "ch", "1", "a");
        assertReply(integer(1), "ZADD", k, "xX", "gT", "cH", "Ch", "2", "a");
    }

    @Test
    void optionErrorsComeBeforeTheKeyIsLookedAt() {
        String k = key("k");
        String s = key("string");
        jedis.set(s, "x");
        for (String target : List.of(k, s)) {
            assertError("ERR XX and NX options at the same time are not compatible", "ZADD", target, "XX", "NX", "1",
                    "a");
            assertError("ERR GT, LT, and/or NX options at the same time are not compatible", "ZADD", target, "GT",
                    "LT", "1", "a");
            assertError("ERR GT, LT, and/or NX options at the same time are not compatible", "ZADD", target, "NX",
                    "GT", "1", "a");
            assertError("ERR GT, LT, and/or NX options at the same time are not compatible", "ZADD", target, "LT",
                    "NX", "1", "a");
            assertError("ERR INCR option supports a single increment-element pair", "ZADD", target, "INCR", "1", "a",
                    "2", "b");
            assertError(NOT_FLOAT, "ZADD", target, "1", "a", "x", "b");
            assertError(SYNTAX, "ZADD", target, "NX", "1");
            assertError(SYNTAX, "ZADD", target, "1", "a", "2");
        }
        assertError(WRONGTYPE, "ZADD", s, "1", "a");
        assertReply(integer(0), "EXISTS", k);
    }

    @Test
    void aBadScoreAddsNothing() {
        String k = key("k");
        jedis.zadd(k, 1, "a");
        assertError(NOT_FLOAT, "ZADD", k, "2", "b", "nan", "c");
        assertError(NOT_FLOAT, "ZADD", k, "2", "b", "1e400", "c");
        assertReply(array("a"), "ZRANGE", k, "0", "-1");
    }

    @Test
    void arity() {
        assertError(arity("zadd"), "ZADD", key("k"));
        assertError(arity("zadd"), "ZADD", key("k"), "1");
        assertError(arity("zadd"), "ZADD", key("k"), "NX");
        assertError(arity("zincrby"), "ZINCRBY", key("k"), "1");
        assertError(arity("zincrby"), "ZINCRBY", key("k"), "1", "a", "b");
    }

    /**
     * Every combination of the options, applied to the same set on both servers: each reply, error or not, and
     * the set that results must be Redis's.
     */
    @Test
    void everyOptionCombinationAnswersLikeRedis() {
        assumeFalse(againstRedis(), "compares Redactor with Redis");
        List<String> differences = new ArrayList<>();
        try (RawClient redis = RealRedis.shared().raw()) {
            for (int mask = 0; mask < 1 << OPTIONS.length; mask++) {
                for (boolean onePair : new boolean[] {true, false}) {
                    String k = key("k" + mask + onePair);
                    List<String> command = new ArrayList<>(List.of("ZADD", k));
                    for (int o = 0; o < OPTIONS.length; o++) {
                        if ((mask & 1 << o) != 0) {
                            command.add(OPTIONS[o]);
                        }
                    }
                    command.addAll(onePair ? List.of("3", "b") : List.of("0", "a", "3", "b", "4", "new"));
                    String[] argv = command.toArray(new String[0]);
                    for (RawClient client : List.of(redis, raw)) {
                        client.call("DEL", k);
                        client.call("ZADD", k, "1", "a", "2", "b");
                    }
                    String expected = redis.call(argv) + redis.call("ZRANGE", k, "0", "-1", "WITHSCORES");
                    String actual = call(argv) + call("ZRANGE", k, "0", "-1", "WITHSCORES");
                    if (!expected.equals(actual)) {
                        differences.add(String.join(" ", argv) + "\n  redis:    " + expected.replace("\r\n", " ")
                                + "\n  redactor: " + actual.replace("\r\n", " "));
                    }
                    redis.call("DEL", k);
                }
            }
        }
        assertEquals(List.of(), differences);
    }

    @Test
    void zincrbyCreatesAddsAndAnswersTheNewScore() {
        String k = key("k");
        assertEquals(2.5, jedis.zincrby(k, 2.5, "a"));
        assertReply(bulk("1.5"), "ZINCRBY", k, "-1", "a");
        assertReply(bulk("1.6000000000000001"), "ZINCRBY", k, "0.1", "a");
        assertReply(bulk("-1.0000000000000001e+300"), "ZINCRBY", k, "-1e300", "b");
        assertReply(array("b", "a"), "ZRANGE", k, "0", "-1");
        call("HELLO", "3");
        assertReply(dbl("2.6000000000000001"), "ZINCRBY", k, "1", "a");
    }

    @Test
    void zincrbyGoesThroughZaddsOptionParsing() {
        String k = key("k");
        assertError(SYNTAX, "ZINCRBY", k, "NX", "a");
        assertError(SYNTAX, "ZINCRBY", k, "INCR", "1");
        assertError(NOT_FLOAT, "ZINCRBY", k, "one", "a");
        assertError(NOT_FLOAT, "ZINCRBY", k, "nan", "a");
        assertReply(integer(0), "EXISTS", k);
    }

    @Test
    void infinitiesAddAndNanResultsAreRefused() {
        String k = key("k");
        assertReply(integer(4), "ZADD", k, "inf", "a", "-inf", "b", "+INF", "c", "-Infinity", "d");
        assertReply(array("b", "-inf", "d", "-inf", "a", "inf", "c", "inf"), "ZRANGE", k, "0", "-1", "WITHSCORES");
        assertReply(bulk("inf"), "ZINCRBY", k, "1e308", "a");
        assertError("ERR resulting score is not a number (NaN)", "ZINCRBY", k, "-inf", "a");
        assertError("ERR resulting score is not a number (NaN)", "ZADD", k, "INCR", "+inf", "b");
        assertReply(bulk("inf"), "ZSCORE", k, "a");
        assertReply(bulk("-inf"), "ZSCORE", k, "b");
        assertReply(bulk("inf"), "ZINCRBY", k, "inf", "c");
    }

    @Test
    void aNanResultStopsTheCommandAfterWhatItAlreadyDid() {
        String k = key("k");
        jedis.zadd(k, Double.POSITIVE_INFINITY, "a");
        assertError("ERR resulting score is not a number (NaN)", "ZINCRBY", k, "-inf", "a");
        assertReply(bulk("inf"), "ZSCORE", k, "a");
        assertReply(integer(1), "ZCARD", k);
    }

    /** Redis prints scores with %.17g: 17 significant digits, exponents past e+16 or below e-5. */
    @ParameterizedTest(name = "{0} prints as {1}")
    @CsvSource({"1, 1", "-1, -1", "1.5, 1.5", "0.1, 0.10000000000000001", "0.2, 0.20000000000000001",
            "0.30000000000000004, 0.30000000000000004", "3.0000000000000004, 3.0000000000000004",
            "1e16, 10000000000000000", "1e17, 1e+17", "123456789012345678, 1.2345678901234568e+17",
            "1e21, 1e+21", "1e308, 1e+308", "0.0001, 0.0001", "0.00001, 1.0000000000000001e-05",
            "-1.5e-7, -1.4999999999999999e-07", "1.5e-320, 1.4999833007740245e-320", "0x10, 16",
            "9007199254740993, 9007199254740992", "-0.0, 0", "2.5e+2, 250", "1E3, 1000"})
    void scoresPrintWithSeventeenSignificantDigits(String input, String printed) {
        String k = key("k");
        assertReply(integer(1), "ZADD", k, input, "m");
        assertReply(bulk(printed), "ZSCORE", k, "m");
        assertReply(array("m", printed), "ZRANGE", k, "0", "-1", "WITHSCORES");
        call("HELLO", "3");
        assertReply(dbl(printed), "ZSCORE", k, "m");
    }

    @ParameterizedTest(name = "score \"{0}\" is refused")
    @CsvSource(value = {"''", "' 1'", "'1 '", "abc", "1x", "nan", "NaN", "-nan", "1e400", "-1e400", "'1,5'", "--1"},
            quoteCharacter = '\'')
    void malformedScoresAreRefused(String score) {
        assertError(NOT_FLOAT, "ZADD", key("k"), score, "m");
        assertError(NOT_FLOAT, "ZINCRBY", key("k"), score, "m");
        assertReply(integer(0), "EXISTS", key("k"));
    }

    @Test
    void wrongTypeForEveryOtherType() {
        Map<String, String[]> others = new LinkedHashMap<>();
        others.put("string", new String[] {"SET", key("string"), "x"});
        others.put("list", new String[] {"RPUSH", key("list"), "x"});
        others.put("set", new String[] {"SADD", key("set"), "x"});
        others.put("hash", new String[] {"HSET", key("hash"), "f", "v"});
        for (String[] create : others.values()) {
            call(create);
            String target = create[1];
            assertError(WRONGTYPE, "ZADD", target, "1", "a");
            assertError(WRONGTYPE, "ZADD", target, "XX", "CH", "1", "a");
            assertError(WRONGTYPE, "ZINCRBY", target, "1", "a");
        }
        assertFalse(jedis.exists(key("k")));
    }
}
