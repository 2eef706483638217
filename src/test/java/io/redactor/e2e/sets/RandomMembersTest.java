package io.redactor.e2e.sets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SPOP and SRANDMEMBER: counts, distinctness, deletion of emptied sets, reply shapes and errors. */
class RandomMembersTest extends SetsTestBase {
    private static final String NOT_POSITIVE = "ERR value is out of range, must be positive";

    /** Members "p0".."p{n-1}" (a hashtable) or the integers 0..n-1 (an intset). */
    private String[] fill(String key, int n, boolean integers) {
        String[] members = new String[n];
        for (int i = 0; i < n; i++) {
            members[i] = integers ? Integer.toString(i) : "p" + i;
        }
        jedis.sadd(key, members);
        return members;
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void spopWithoutCountRemovesEachMemberOnce(boolean integers) {
        String[] members = fill("s", 50, integers);
        Set<String> popped = new HashSet<>();
        for (int i = 0; i < members.length; i++) {
            String member = jedis.spop("s");
            assertTrue(popped.add(member), "popped twice: " + member);
            assertFalse(jedis.sismember("s", member));
        }
        assertEquals(sorted(List.of(members)), sorted(popped));
        assertFalse(jedis.exists("s"));
        assertNull(jedis.spop("s"));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 10, 30, 49})
    void spopWithCountPopsThatManyDistinctMembers(int count) {
        String[] members = fill("s", 50, false);
        Set<String> popped = jedis.spop("s", count);
        assertEquals(count, popped.size());
        assertEquals(50 - count, jedis.scard("s"));
        Set<String> all = new HashSet<>(popped);
        all.addAll(jedis.smembers("s"));
        assertEquals(sorted(List.of(members)), sorted(all));
    }

    @Test
    void spopOfTheWholeSetOrMoreReturnsItAllSortedWhenAnIntsetAndDeletesTheKey() {
        jedis.sadd("s", "3", "1", "2");
        assertReply(array("1", "2", "3"), "SPOP", "s", "3");
        assertFalse(jedis.exists("s"));
        jedis.sadd("s", "3", "1", "2");
        call("HELLO", "3");
        assertReply("~3\r\n$1\r\n1\r\n$1\r\n2\r\n$1\r\n3\r\n", "SPOP", "s", "100");
        assertReply("~0\r\n", "SPOP", "s", "1");
        assertReply("_\r\n", "SPOP", "s");
    }

    @Test
    void spopWithCountZeroChangesNothing() {
        jedis.sadd("s", "a");
        assertReply(EMPTY_ARRAY, "SPOP", "s", "0");
        assertEquals(1, jedis.scard("s"));
        assertReply(EMPTY_ARRAY, "SPOP", "missing", "0");
    }

    @Test
    void spopErrors() {
        jedis.sadd("s", "a");
        assertError(NOT_POSITIVE, "SPOP", "s", "-1");
        assertError(NOT_POSITIVE, "SPOP", "s", "x");
        assertError(NOT_POSITIVE, "SPOP", "missing", "1.5");
        assertError(SYNTAX, "SPOP", "s", "1", "2");
        assertError(arity("spop"), "SPOP");
        jedis.set("str", "v");
        assertError(WRONGTYPE, "SPOP", "str");
        assertError(WRONGTYPE, "SPOP", "str", "0");
        assertError(NOT_POSITIVE, "SPOP", "str", "-1");
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void srandmemberWithPositiveCountGivesDistinctMembersAndChangesNothing(boolean integers) {
        String[] members = fill("s", 40, integers);
        Set<String> universe = sorted(List.of(members));
        for (int count : new int[] {1, 5, 13, 14, 39}) {
            List<String> picked = jedis.srandmember("s", count);
            assertEquals(count, picked.size());
            assertEquals(count, new HashSet<>(picked).size(), "distinct members: " + picked);
            assertTrue(universe.containsAll(picked));
        }
        assertEquals(universe, sorted(jedis.srandmember("s", 40)));
        assertEquals(universe, sorted(jedis.srandmember("s", 1000)));
        assertEquals(40, jedis.scard("s"));
    }

    @Test
    void srandmemberOfAnIntsetWithEnoughCountIsSorted() {
        jedis.sadd("s", "30", "10", "20");
        assertReply(array("10", "20", "30"), "SRANDMEMBER", "s", "3");
    }

    @Test
    void srandmemberWithNegativeCountMayRepeat() {
        jedis.sadd("s", "a", "b");
        List<String> picked = jedis.srandmember("s", -200);
        assertEquals(200, picked.size());
        assertEquals(setOf("a", "b"), sorted(picked), "200 draws from two members see both");
        jedis.sadd("one", "x");
        assertReply(array("x", "x", "x"), "SRANDMEMBER", "one", "-3");
    }

    @Test
    void srandmemberEventuallyReturnsEveryMember() {
        String[] members = fill("s", 20, false);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 2000 && seen.size() < members.length; i++) {
            seen.add(jedis.srandmember("s"));
        }
        assertEquals(sorted(List.of(members)), sorted(seen));
    }

    @Test
    void srandmemberRepliesWithAnArrayEvenInResp3() {
        jedis.sadd("s", "1", "2");
        call("HELLO", "3");
        assertReply(aggregate('*', List.of("1", "2")), "SRANDMEMBER", "s", "5");
        assertReply(EMPTY_ARRAY, "SRANDMEMBER", "missing", "5");
        assertReply(EMPTY_ARRAY, "SRANDMEMBER", "s", "0");
        assertReply("_\r\n", "SRANDMEMBER", "missing");
    }

    @Test
    void srandmemberErrors() {
        jedis.sadd("s", "a");
        assertReply(NIL, "SRANDMEMBER", "missing");
        assertReply(EMPTY_ARRAY, "SRANDMEMBER", "missing", "3");
        assertError(NOT_INTEGER, "SRANDMEMBER", "s", "x");
        assertError(NOT_INTEGER, "SRANDMEMBER", "missing", "x");
        assertError("ERR value is out of range, value must between -9223372036854775807 and "
                + "9223372036854775807", "SRANDMEMBER", "s", "-9223372036854775808");
        assertError(SYNTAX, "SRANDMEMBER", "s", "1", "2");
        assertError(arity("srandmember"), "SRANDMEMBER");
        jedis.set("str", "v");
        assertError(WRONGTYPE, "SRANDMEMBER", "str");
        assertError(WRONGTYPE, "SRANDMEMBER", "str", "0");
        assertError(NOT_INTEGER, "SRANDMEMBER", "str", "x");
    }

    @Test
    void spopAndSrandmemberOnALargeSet() {
        String[] members = new String[5000];
        for (int i = 0; i < members.length; i++) {
            members[i] = "big" + i;
        }
        jedis.sadd("big", members);
        assertEquals(1000, new HashSet<>(jedis.srandmember("big", 1000)).size());
        assertEquals(4000, new HashSet<>(jedis.srandmember("big", 4000)).size());
        Set<String> popped = jedis.spop("big", 4500);
        assertEquals(4500, popped.size());
        assertEquals(500, jedis.scard("big"));
        for (String member : popped) {
            assertFalse(jedis.sismember("big", member));
        }
    }
}
