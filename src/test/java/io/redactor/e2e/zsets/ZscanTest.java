package io.redactor.e2e.zsets;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.Tuple;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ZSCAN: a listpack set comes whole in one reply; a skiplist set is walked bucket by bucket, every member that
 * stays in the set from start to end seen, and with no changes in between seen exactly once.
 */
class ZscanTest extends SortedSetTestBase {

    private Map<String, Double> fill(String k, int n) {
        Map<String, Double> members = new HashMap<>();
        Map<String, Double> batch = new HashMap<>();
        for (int i = 0; i < n; i++) {
            double score = i % 7 == 0 ? i : i / 3.0;
            members.put("member:" + i, score);
            batch.put("member:" + i, score);
            if (batch.size() == 1000 || i == n - 1) {
                jedis.zadd(k, batch);
                batch.clear();
            }
        }
        return members;
    }

    /** Iterates to the end; every (member, score) returned, in order, duplicates included. */
    private List<Tuple> scanAll(String k, ScanParams params, Runnable betweenCalls) {
        List<Tuple> seen = new ArrayList<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        int calls = 0;
        do {
            ScanResult<Tuple> page = jedis.zscan(k, cursor, params);
            seen.addAll(page.getResult());
            cursor = page.getCursor();
            betweenCalls.run();
            assertTrue(++calls < 100_000, "the scan does not end");
        } while (!cursor.equals("0"));
        return seen;
    }

    @Test
    void aListpackSetComesWholeWhateverTheCursorAndCount() {
        String k = key("k");
        jedis.zadd(k, Map.of("a", 1.0, "ab", 1.5, "b", 2.0));
        String whole = "*2\r\n$1\r\n0\r\n" + array("a", "1", "ab", "1.5", "b", "2");
        assertReply(whole, "ZSCAN", k, "0");
        assertReply(whole, "ZSCAN", k, "12345", "COUNT", "1");
        assertReply("*2\r\n$1\r\n0\r\n" + array("a", "1", "ab", "1.5"), "ZSCAN", k, "0", "MATCH", "a*");
        call("HELLO", "3");
        assertReply(whole, "ZSCAN", k, "0");
    }

    @Test
    void aLargeSetIsVisitedOnceWithScores() {
        String k = key("k");
        Map<String, Double> members = fill(k, 20_000);
        assertReply(bulk("skiplist"), "OBJECT", "ENCODING", k);
        for (int count : new int[] {10, 1000}) {
            List<Tuple> seen = scanAll(k, new ScanParams().count(count), () -> { });
            Map<String, Double> found = new HashMap<>();
            for (Tuple t : seen) {
                assertEquals(null, found.put(t.getElement(), t.getScore()), t.getElement() + " seen twice");
            }
            assertEquals(members, found);
        }
    }

    @Test
    void repliesAreRoughlyCountItemsLong() {
        String k = key("k");
        fill(k, 5_000);
        int calls = 0;
        String cursor = "0";
        do {
            ScanResult<Tuple> page = jedis.zscan(k, cursor, new ScanParams().count(50));
            assertTrue(page.getResult().size() < 200, "a reply of " + page.getResult().size() + " members");
            cursor = page.getCursor();
            calls++;
        } while (!cursor.equals("0"));
        assertTrue(calls > 20 && calls < 1000, calls + " calls");
    }

    @Test
    void matchFiltersWhatIsReturned() {
        String k = key("k");
        fill(k, 3_000);
        List<Tuple> seen = scanAll(k, new ScanParams().match("member:1?").count(100), () -> { });
        Set<String> found = new TreeSet<>();
        seen.forEach(t -> found.add(t.getElement()));
        Set<String> expected = new TreeSet<>();
        for (int i = 10; i < 20; i++) {
            expected.add("member:" + i);
        }
        assertEquals(expected, found);
    }

    @Test
    void membersPresentThroughoutAreSeenWhileTheSetChanges() {
        String k = key("k");
        Map<String, Double> members = fill(k, 2_000);
        int[] round = {0};
        // Growing to 8x the size rehashes the table several times; then the added members go again, which
        // shrinks it.
        List<Tuple> seen = scanAll(k, new ScanParams().count(20), () -> {
            int r = round[0]++;
            if (r < 35) {
                Map<String, Double> more = new HashMap<>();
                for (int i = 0; i < 400; i++) {
                    more.put("added:" + r + ":" + i, 1.0);
                }
                jedis.zadd(k, more);
            } else if (r < 70) {
                String[] gone = new String[400];
                for (int i = 0; i < 400; i++) {
                    gone[i] = "added:" + (r - 35) + ":" + i;
                }
                jedis.zrem(k, gone);
            }
        });
        Set<String> found = new TreeSet<>();
        seen.forEach(t -> found.add(t.getElement()));
        assertTrue(round[0] > 70, "the scan ended before the set shrank again");
        assertTrue(found.containsAll(members.keySet()), "a member present throughout was not seen");
    }

    @Test
    void errorsAndMissingKeys() {
        String k = key("k");
        jedis.zadd(k, 1, "a");
        assertError(SYNTAX, "ZSCAN", k, "0", "COUNT", "0");
        assertError(SYNTAX, "ZSCAN", k, "0", "COUNT", "-1");
        assertError(NOT_INTEGER, "ZSCAN", k, "0", "COUNT", "x");
        assertError(SYNTAX, "ZSCAN", k, "0", "MATCH");
        assertError(SYNTAX, "ZSCAN", k, "0", "NOVALUES");
        assertError("ERR invalid cursor", "ZSCAN", k, "x");
        assertError("ERR invalid cursor", "ZSCAN", k, "18446744073709551616");
        assertReply("*2\r\n$1\r\n0\r\n" + array("a", "1"), "ZSCAN", k, "18446744073709551615");
        assertReply("*2\r\n$1\r\n0\r\n*0\r\n", "ZSCAN", key("missing"), "7");
        jedis.set(key("string"), "x");
        assertError(WRONGTYPE, "ZSCAN", key("string"), "0");
        assertError("ERR invalid cursor", "ZSCAN", key("string"), "x");
        assertError(arity("zscan"), "ZSCAN", k);
    }

    @Test
    void scoresAreBulkStringsWithRedisFormatting() {
        String k = key("k");
        Map<String, Double> members = new TreeMap<>(Map.of("a", 0.1, "b", Double.NEGATIVE_INFINITY, "c", 1e21));
        jedis.zadd(k, members);
        assertReply("*2\r\n$1\r\n0\r\n" + array("b", "-inf", "a", "0.10000000000000001", "c", "1e+21"),
                "ZSCAN", k, "0");
    }
}
