package io.redactor.e2e.zsets;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.resps.Tuple;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ZRANDMEMBER, checked by properties since its picks are random: every pick is a member with its own score, a
 * positive count picks distinct members, a negative one exactly that many with repeats, all members come up.
 */
class RandomMemberTest extends SortedSetTestBase {

    private Map<String, Double> fill(String k, int n) {
        Map<String, Double> members = new HashMap<>();
        for (int i = 0; i < n; i++) {
            members.put("m" + i, i * 1.5);
        }
        jedis.zadd(k, members);
        return members;
    }

    @Test
    void withoutCountOneMember() {
        String k = key("k");
        Map<String, Double> members = fill(k, 5);
        for (int i = 0; i < 50; i++) {
            assertTrue(members.containsKey(jedis.zrandmember(k)));
        }
        assertNull(jedis.zrandmember(key("missing")));
        call("HELLO", "3");
        assertReply(NULL, "ZRANDMEMBER", key("missing"));
    }

    @Test
    void positiveCountsPickDistinctMembers() {
        for (int size : new int[] {10, 300}) {
            String k = key("k" + size);
            Map<String, Double> members = fill(k, size);
            for (int count : new int[] {1, 3, size - 1}) {
                List<String> picks = jedis.zrandmember(k, count);
                assertEquals(count, picks.size());
                assertEquals(count, new HashSet<>(picks).size(), "repeated picks: " + picks);
                assertTrue(members.keySet().containsAll(picks));
            }
        }
    }

    @Test
    void aCountOfTheSizeOrMoreGivesTheWholeSetFromTheTop() {
        String k = key("k");
        jedis.zadd(k, Map.of("a", 1.0, "b", 2.0, "c", 3.0));
        assertReply(array("c", "b", "a"), "ZRANDMEMBER", k, "3");
        assertReply(array("c", "3", "b", "2", "a", "1"), "ZRANDMEMBER", k, "100", "WITHSCORES");
        call("HELLO", "3");
        assertReply(pairs("c", "3", "b", "2", "a", "1"), "ZRANDMEMBER", k, "3", "WITHSCORES");
    }

    @Test
    void negativeCountsPickExactlyThatManyWithRepeats() {
        String k = key("k");
        Map<String, Double> members = fill(k, 3);
        List<String> picks = jedis.zrandmember(k, -3000);
        assertEquals(3000, picks.size());
        Map<String, Integer> times = new HashMap<>();
        picks.forEach(p -> times.merge(p, 1, Integer::sum));
        assertEquals(members.keySet(), times.keySet());
        // Each is expected 1000 times, with a standard deviation of about 26.
        times.values().forEach(n -> assertTrue(n > 800 && n < 1200, "uneven picks: " + times));
        assertEquals(5, jedis.zrandmember(k, -5).size());
    }

    @Test
    void distinctPicksAreUniform() {
        String k = key("k");
        fill(k, 10);
        Map<String, Integer> times = new HashMap<>();
        for (int i = 0; i < 400; i++) {
            jedis.zrandmember(k, 5).forEach(p -> times.merge(p, 1, Integer::sum));
        }
        assertEquals(10, times.size());
        // Each member is expected in half the 400 picks, with a standard deviation of 10.
        times.values().forEach(n -> assertTrue(n > 140 && n < 260, "uneven picks: " + times));
    }

    @Test
    void withScoresPairsEachPickWithItsScore() {
        String k = key("k");
        Map<String, Double> members = fill(k, 50);
        for (long count : new long[] {7, -40, 1, -1, 60}) {
            List<Tuple> picks = jedis.zrandmemberWithScores(k, count);
            assertEquals(Math.min(Math.abs(count), 50), picks.size());
            for (Tuple t : picks) {
                assertEquals(members.get(t.getElement()), t.getScore(), t.getElement());
            }
        }
        call("HELLO", "3");
        String reply = call("ZRANDMEMBER", k, "-2", "WITHSCORES");
        assertTrue(reply.matches("\\*2\\r\\n(\\*2\\r\\n\\$\\d+\\r\\nm\\d+\\r\\n,[0-9.]+\\r\\n){2}"), reply);
        reply = call("ZRANDMEMBER", k, "1");
        assertTrue(reply.matches("\\*1\\r\\n\\$\\d+\\r\\nm\\d+\\r\\n"), reply);
    }

    @Test
    void emptyAnswers() {
        String k = key("k");
        fill(k, 3);
        assertReply(EMPTY_ARRAY, "ZRANDMEMBER", k, "0");
        assertReply(EMPTY_ARRAY, "ZRANDMEMBER", k, "0", "WITHSCORES");
        assertReply(EMPTY_ARRAY, "ZRANDMEMBER", key("missing"), "5");
        assertReply(EMPTY_ARRAY, "ZRANDMEMBER", key("missing"), "-5", "WITHSCORES");
    }

    @Test
    void errors() {
        String k = key("k");
        fill(k, 3);
        assertError(NOT_INTEGER, "ZRANDMEMBER", k, "x");
        assertError(NOT_INTEGER, "ZRANDMEMBER", key("missing"), "1.5");
        assertError(SYNTAX, "ZRANDMEMBER", k, "1", "WITHSCORE");
        assertError(SYNTAX, "ZRANDMEMBER", k, "1", "WITHSCORES", "WITHSCORES");
        assertError("ERR value is out of range, value must between -9223372036854775807 and 9223372036854775807",
                "ZRANDMEMBER", k, "-9223372036854775808");
        assertError("ERR value is out of range", "ZRANDMEMBER", k, "-4611686018427387904", "WITHSCORES");
        assertError("ERR value is out of range", "ZRANDMEMBER", k, "9223372036854775807", "WITHSCORES");
        jedis.set(key("string"), "x");
        assertError(WRONGTYPE, "ZRANDMEMBER", key("string"));
        assertError(WRONGTYPE, "ZRANDMEMBER", key("string"), "2");
        assertError(arity("zrandmember"), "ZRANDMEMBER");
    }

    @Test
    void picksFromALargeSkiplistSet() {
        String k = key("k");
        Map<String, Double> members = fill(k, 2_000);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            List<String> picks = jedis.zrandmember(k, 500);
            assertEquals(500, new HashSet<>(picks).size());
            seen.addAll(picks);
        }
        assertTrue(members.keySet().containsAll(seen));
        assertTrue(seen.size() > 1_900, "only " + seen.size() + " members ever picked");
    }
}
