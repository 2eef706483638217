package io.redactor.e2e.hashes;

import io.redactor.testing.CommandTestBase;
import io.redactor.testing.corpus.RespBytes;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HRANDFIELD: its count cases, WITHVALUES in both protocols, and that the picks are spread out. */
class HashRandomFieldTest extends CommandTestBase {

    private Map<String, String> fill(String h, int size) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            pairs.put("f" + i, "v" + i);
        }
        jedis.hset(h, pairs);
        return pairs;
    }

    @Test
    void withoutCountOneFieldOrNil() {
        String h = key("h");
        assertNull(jedis.hrandfield(h));
        Map<String, String> pairs = fill(h, 10);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            String field = jedis.hrandfield(h);
            assertTrue(pairs.containsKey(field), field);
            seen.add(field);
        }
        assertEquals(pairs.keySet(), seen, "200 draws from 10 fields should see every field");
    }

    @Test
    void positiveCountsGiveDistinctFields() {
        for (int size : new int[] {5, 300}) {
            String h = key("h" + size);
            Map<String, String> pairs = fill(h, size);
            for (int count : new int[] {1, 2, size / 3, size / 2, size - 1}) {
                List<String> fields = jedis.hrandfield(h, count);
                assertEquals(count, fields.size());
                assertEquals(count, new HashSet<>(fields).size(), "distinct: " + fields);
                assertTrue(pairs.keySet().containsAll(fields));
            }
            assertEquals(pairs.keySet(), new HashSet<>(jedis.hrandfield(h, size)));
            assertEquals(pairs.keySet(), new HashSet<>(jedis.hrandfield(h, size + 100)));
        }
    }

    @Test
    void aCountReachingTheSizeGivesASmallHashInItsOrder() {
        String h = key("h");
        call("HSET", h, "c", "1", "a", "2", "b", "3");
        assertReply(array("c", "a", "b"), "HRANDFIELD", h, "3");
        assertReply(array("c", "1", "a", "2", "b", "3"), "HRANDFIELD", h, "10", "WITHVALUES");
        call("HELLO", "3");
        assertReply("*3\r\n*2\r\n" + bulk("c") + bulk("1") + "*2\r\n" + bulk("a") + bulk("2") + "*2\r\n"
                + bulk("b") + bulk("3"), "HRANDFIELD", h, "3", "WITHVALUES");
    }

    @Test
    void negativeCountsRepeatFieldsAndGiveExactlyThatMany() {
        String h = key("h");
        Map<String, String> pairs = fill(h, 3);
        List<String> fields = jedis.hrandfield(h, -50);
        assertEquals(50, fields.size());
        assertEquals(pairs.keySet(), new HashSet<>(fields));
        List<Map.Entry<String, String>> withValues = jedis.hrandfieldWithValues(h, -20);
        assertEquals(20, withValues.size());
        for (Map.Entry<String, String> entry : withValues) {
            assertEquals(pairs.get(entry.getKey()), entry.getValue());
        }
    }

    @Test
    void aLargeNegativeCountIsDrawnEvenly() {
        String h = key("h");
        Map<String, String> pairs = fill(h, 10);
        List<Map.Entry<String, String>> picks = jedis.hrandfieldWithValues(h, -100_000);
        assertEquals(100_000, picks.size());
        Map<String, Integer> counts = new HashMap<>();
        for (Map.Entry<String, String> pick : picks) {
            assertEquals(pairs.get(pick.getKey()), pick.getValue());
            counts.merge(pick.getKey(), 1, Integer::sum);
        }
        assertEquals(10, counts.size());
        for (int n : counts.values()) {
            assertTrue(n > 9_000 && n < 11_000, "each field about 10000 times: " + counts);
        }
    }

    @Test
    void aLargeNegativeCountInResp3GivesPairs() {
        String h = key("h");
        fill(h, 3);
        call("HELLO", "3");
        raw.command("HRANDFIELD", h, "-5000", "WITHVALUES");
        byte[] reply = raw.readReply();
        List<byte[]> elements = RespBytes.elements(reply);
        assertEquals(5000, elements.size());
        for (byte[] pair : elements) {
            List<byte[]> parts = RespBytes.elements(pair);
            String field = RespBytes.text(parts.get(0));
            assertEquals("v" + field.substring(1), RespBytes.text(parts.get(1)));
        }
    }

    @Test
    void countErrors() {
        String h = key("h");
        fill(h, 3);
        assertError("ERR value is not an integer or out of range", "HRANDFIELD", h, "x");
        assertError("ERR value is out of range, value must between -9223372036854775807 and 9223372036854775807",
                "HRANDFIELD", h, "-9223372036854775808");
        assertError("ERR value is out of range", "HRANDFIELD", h, "-4611686018427387904", "WITHVALUES");
        assertError("ERR value is out of range", "HRANDFIELD", key("missing"), "4611686018427387904", "WITHVALUES");
        assertError(SYNTAX, "HRANDFIELD", h, "1", "WITHSCORES");
        assertError(SYNTAX, "HRANDFIELD", h, "1", "WITHVALUES", "x");
        assertReply(EMPTY_ARRAY, "HRANDFIELD", h, "0");
        assertReply(EMPTY_ARRAY, "HRANDFIELD", key("missing"), "5", "WITHVALUES");
        String s = key("s");
        jedis.set(s, "x");
        assertError(WRONGTYPE, "HRANDFIELD", s);
        assertError(WRONGTYPE, "HRANDFIELD", s, "0");
    }

    /** Redis would try to build a reply of 2^62 elements and die; Redactor refuses. */
    @Test
    void aCountNoReplyCouldHoldIsRefused() {
        String h = key("h");
        fill(h, 3);
        assertError("ERR value is out of range", "HRANDFIELD", h, "-4611686018427387903");
        assertError("ERR value is out of range", "HRANDFIELD", h, "-1073741824", "WITHVALUES");
        assertEquals(3, jedis.hlen(h));
    }
}
