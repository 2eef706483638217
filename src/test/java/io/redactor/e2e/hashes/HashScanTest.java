package io.redactor.e2e.hashes;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HSCAN over both encodings, and its guarantee while the hash changes. */
class HashScanTest extends CommandTestBase {

    private void fill(String h, int from, int to) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = from; i < to; i++) {
            pairs.put("f" + i, "v" + i);
            if (pairs.size() == 1000 || i == to - 1) {
                jedis.hset(h, pairs);
                pairs.clear();
            }
        }
    }

    @Test
    void aSmallHashComesWholeWithCursorZero() {
        String h = key("h");
        call("HSET", h, "b", "1", "a", "2", "c", "3");
        String all = "*2\r\n$1\r\n0\r\n" + array("b", "1", "a", "2", "c", "3");
        assertReply(all, "HSCAN", h, "0");
        assertReply(all, "HSCAN", h, "12345", "COUNT", "1");
        assertReply("*2\r\n$1\r\n0\r\n" + array("a", "2"), "HSCAN", h, "0", "MATCH", "a*");
    }

    @Test
    void aFullIterationOfATableSeesEveryPairOnce() {
        String h = key("h");
        fill(h, 0, 5000);
        assertEquals("hashtable", jedis.objectEncoding(h));
        Map<String, String> seen = new HashMap<>();
        int calls = 0;
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<Map.Entry<String, String>> page = jedis.hscan(h, cursor, new ScanParams().count(100));
            for (Map.Entry<String, String> entry : page.getResult()) {
                seen.put(entry.getKey(), entry.getValue());
            }
            cursor = page.getCursor();
            calls++;
        } while (!cursor.equals("0"));
        assertEquals(5000, seen.size());
        assertEquals("v4321", seen.get("f4321"));
        assertTrue(calls > 10 && calls < 500, "COUNT 100 over 5000 fields took " + calls + " calls");
    }

    @Test
    void fieldsPresentThroughoutAreSeenWhileTheTableGrowsAndShrinks() {
        String h = key("h");
        fill(h, 0, 2000);
        Set<String> seen = new HashSet<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        int step = 0;
        do {
            ScanResult<Map.Entry<String, String>> page = jedis.hscan(h, cursor, new ScanParams().count(20));
            page.getResult().forEach(entry -> seen.add(entry.getKey()));
            cursor = page.getCursor();
            step++;
            if (step == 5) {
                fill(h, 2000, 40_000);
            } else if (step == 30) {
                for (int i = 2000; i < 40_000; i += 1000) {
                    String[] fields = new String[1000];
                    for (int j = 0; j < 1000; j++) {
                        fields[j] = "f" + (i + j);
                    }
                    jedis.hdel(h, fields);
                }
            }
        } while (!cursor.equals("0"));
        for (int i = 0; i < 2000; i++) {
            assertTrue(seen.contains("f" + i), "f" + i + " was present for the whole scan");
        }
    }

    @Test
    void matchFiltersFieldsOfATable() {
        String h = key("h");
        fill(h, 0, 1000);
        Set<String> seen = new HashSet<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<Map.Entry<String, String>> page = jedis.hscan(h, cursor, new ScanParams().match("f9*"));
            page.getResult().forEach(entry -> seen.add(entry.getKey()));
            cursor = page.getCursor();
        } while (!cursor.equals("0"));
        assertEquals(111, seen.size());
        assertTrue(seen.stream().allMatch(field -> field.startsWith("f9")));
    }

    @Test
    void errors() {
        String h = key("h");
        jedis.hset(h, "a", "1");
        assertError("ERR invalid cursor", "HSCAN", h, "x");
        assertError("ERR invalid cursor", "HSCAN", key("missing"), "x");
        assertError(SYNTAX, "HSCAN", h, "0", "COUNT", "0");
        assertError(SYNTAX, "HSCAN", h, "0", "TYPE", "hash");
        assertError(SYNTAX, "HSCAN", h, "0", "MATCH");
        assertError("ERR value is not an integer or out of range", "HSCAN", h, "0", "COUNT", "x");
        assertReply("*2\r\n$1\r\n0\r\n*0\r\n", "HSCAN", key("missing"), "0", "COUNT", "0");
        String s = key("s");
        jedis.set(s, "x");
        assertError(WRONGTYPE, "HSCAN", s, "0");
        assertError("ERR invalid cursor", "HSCAN", s, "x");
    }
}
