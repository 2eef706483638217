package io.redactor.e2e.zsets;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** ZSCORE, ZMSCORE, ZCARD, ZCOUNT, ZLEXCOUNT, ZRANK and ZREVRANK. */
class ReadCommandsTest extends SortedSetTestBase {

    /** a:1 b:2 c:2 d:3 e:inf, and a missing key. */
    private String fiveMembers() {
        String k = key("k");
        jedis.zadd(k, Map.of("a", 1.0, "b", 2.0, "c", 2.0, "d", 3.0, "e", Double.POSITIVE_INFINITY));
        return k;
    }

    @Test
    void zscore() {
        String k = fiveMembers();
        assertEquals(2.0, jedis.zscore(k, "b"));
        assertNull(jedis.zscore(k, "nope"));
        assertReply(bulk("inf"), "ZSCORE", k, "e");
        assertReply(NIL, "ZSCORE", key("missing"), "a");
        call("HELLO", "3");
        assertReply(dbl("2"), "ZSCORE", k, "b");
        assertReply(dbl("inf"), "ZSCORE", k, "e");
        assertReply(NULL, "ZSCORE", k, "nope");
        assertError(arity("zscore"), "ZSCORE", k);
        assertError(arity("zscore"), "ZSCORE", k, "a", "b");
    }

    @Test
    void zmscore() {
        String k = fiveMembers();
        assertEquals(Arrays.asList(1.0, null, 3.0, 1.0), jedis.zmscore(k, "a", "nope", "d", "a"));
        assertReply("*3\r\n$1\r\n1\r\n$-1\r\n$3\r\ninf\r\n", "ZMSCORE", k, "a", "x", "e");
        assertReply("*2\r\n$-1\r\n$-1\r\n", "ZMSCORE", key("missing"), "a", "b");
        call("HELLO", "3");
        assertReply("*3\r\n,1\r\n_\r\n,inf\r\n", "ZMSCORE", k, "a", "x", "e");
        assertReply("*1\r\n_\r\n", "ZMSCORE", key("missing"), "a");
        assertError(arity("zmscore"), "ZMSCORE", k);
    }

    @Test
    void zcard() {
        String k = fiveMembers();
        assertEquals(5, jedis.zcard(k));
        assertEquals(0, jedis.zcard(key("missing")));
        assertError(arity("zcard"), "ZCARD");
        assertError(arity("zcard"), "ZCARD", k, "x");
    }

    @Test
    void zcountTakesInclusiveAndExclusiveScoreBounds() {
        String k = fiveMembers();
        assertReply(integer(5), "ZCOUNT", k, "-inf", "+inf");
        assertReply(integer(3), "ZCOUNT", k, "2", "3");
        assertReply(integer(1), "ZCOUNT", k, "(2", "3");
        assertReply(integer(2), "ZCOUNT", k, "2", "(3");
        assertReply(integer(0), "ZCOUNT", k, "(2", "(3");
        assertReply(integer(0), "ZCOUNT", k, "3", "2");
        assertReply(integer(1), "ZCOUNT", k, "inf", "inf");
        assertReply(integer(0), "ZCOUNT", k, "(inf", "+inf");
        assertReply(integer(4), "ZCOUNT", k, "-inf", "(inf");
        assertReply(integer(3), "ZCOUNT", k, "1.5", "3.0");
        assertReply(integer(0), "ZCOUNT", key("missing"), "-inf", "+inf");
        assertEquals(3, jedis.zcount(k, "(1", "3"));
    }

    @Test
    void zcountRefusesWhatIsNotAFloat() {
        String k = fiveMembers();
        for (String[] bounds : new String[][] {{"a", "1"}, {"1", "b"}, {"[1", "2"}, {"1", "nan"},
                {"1", "(nan"}, {"1 ", "2"}}) {
            assertError("ERR min or max is not a float", "ZCOUNT", k, bounds[0], bounds[1]);
        }
        assertError("ERR min or max is not a float", "ZCOUNT", key("missing"), "x", "1");
        // strtod of "" is 0 without an error: "" is 0 and "(" alone an exclusive 0.
        assertReply(integer(3), "ZCOUNT", k, "(", "2");
        assertReply(integer(1), "ZCOUNT", k, "", "1");
        // and it skips leading spaces, unlike ZADD's score parsing.
        assertReply(integer(3), "ZCOUNT", k, " 1", "2");
        assertError(arity("zcount"), "ZCOUNT", k, "1");
    }

    @Test
    void zlexcountTakesLexBounds() {
        String k = key("k");
        jedis.zadd(k, Map.of("a", 0.0, "b", 0.0, "c", 0.0, "d", 0.0, "e", 0.0));
        assertReply(integer(5), "ZLEXCOUNT", k, "-", "+");
        assertReply(integer(3), "ZLEXCOUNT", k, "[b", "[d");
        assertReply(integer(1), "ZLEXCOUNT", k, "(b", "(d");
        assertReply(integer(2), "ZLEXCOUNT", k, "-", "(c");
        assertReply(integer(1), "ZLEXCOUNT", k, "(c", "[dz");
        assertReply(integer(0), "ZLEXCOUNT", k, "+", "-");
        assertReply(integer(0), "ZLEXCOUNT", k, "[d", "[b");
        assertReply(integer(0), "ZLEXCOUNT", key("missing"), "-", "+");
        assertEquals(2, jedis.zlexcount(k, "[a", "(c"));
        for (String[] bounds : new String[][] {{"a", "[b"}, {"[a", "b"}, {"", "+"}, {"-x", "+"}, {"[a", "+x"}}) {
            assertError("ERR min or max not valid string range item", "ZLEXCOUNT", k, bounds[0], bounds[1]);
        }
    }

    @Test
    void ranksOrderEqualScoresByMember() {
        String k = fiveMembers();
        assertEquals(0, jedis.zrank(k, "a"));
        assertEquals(1, jedis.zrank(k, "b"));
        assertEquals(2, jedis.zrank(k, "c"));
        assertEquals(4, jedis.zrank(k, "e"));
        assertEquals(0, jedis.zrevrank(k, "e"));
        assertEquals(2, jedis.zrevrank(k, "c"));
        assertEquals(4, jedis.zrevrank(k, "a"));
        assertReply(NIL, "ZRANK", k, "nope");
        assertReply(NIL, "ZREVRANK", key("missing"), "a");
        call("HELLO", "3");
        assertReply(NULL, "ZRANK", k, "nope");
        assertReply(integer(3), "ZRANK", k, "d");
        assertError(arity("zrank"), "ZRANK", k, "a", "WITHSCORE");
        assertError(arity("zrevrank"), "ZREVRANK", k);
    }

    @Test
    void readsCountKeyspaceHitsAndMisses() {
        String k = fiveMembers();
        long hits = stat("keyspace_hits");
        long misses = stat("keyspace_misses");
        call("ZSCORE", k, "a");
        call("ZCARD", k);
        call("ZRANK", key("missing"), "a");
        assertEquals(hits + 2, stat("keyspace_hits"));
        assertEquals(misses + 1, stat("keyspace_misses"));
    }

    private long stat(String name) {
        for (String line : jedis.info("stats").split("\r\n")) {
            if (line.startsWith(name + ":")) {
                return Long.parseLong(line.substring(name.length() + 1));
            }
        }
        throw new IllegalStateException(name + " missing from INFO");
    }
}
