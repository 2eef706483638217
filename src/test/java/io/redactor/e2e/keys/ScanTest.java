package io.redactor.e2e.keys;

import io.redactor.testing.SharedServerTest;
import io.redactor.testing.corpus.RespBytes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SCAN's guarantee over a partitioned keyspace, its options and cursor parsing; KEYS and RANDOMKEY. */
class ScanTest extends SharedServerTest {
    private static final String INVALID_CURSOR = "-ERR invalid cursor\r\n";

    @BeforeEach
    void startEmpty() {
        jedis.flushAll();
    }

    @Test
    void aFullScanReturnsEveryKeyOfEveryPartitionWhateverTheCount() {
        Set<String> keys = new HashSet<>(PartitionKeys.spread("scan:", 300));
        keys.forEach(key -> jedis.set(key, "v"));
        for (int count : new int[] {1, 10, 1000}) {
            assertEquals(keys, scanAll(new ScanParams().count(count), null), "COUNT " + count);
        }
        assertEquals(keys, scanAll(new ScanParams(), null), "default COUNT");
    }

    @Test
    void aHugeCountReadsAWholePartitionPerCall() {
        Set<String> keys = new HashSet<>(PartitionKeys.spread("huge:", 300));
        keys.forEach(key -> jedis.set(key, "v"));
        Set<String> seen = new HashSet<>();
        String cursor = "0";
        int calls = 0;
        do {
            List<byte[]> page = RespBytes.elements(
                    raw.call(bytes("SCAN"), bytes(cursor), bytes("COUNT"), bytes("9223372036854775807")));
            cursor = RespBytes.text(page.get(0));
            RespBytes.elements(page.get(1)).forEach(key -> seen.add(RespBytes.text(key)));
            calls++;
        } while (!cursor.equals("0"));
        assertEquals(keys, seen);
        assertTrue(calls <= PartitionKeys.SHARED.count(), calls + " calls for " + PartitionKeys.SHARED.count()
                + " partitions");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void keysPresentForTheWholeScanAreReturnedWhileOthersComeAndGoAndTablesGrow() {
        Set<String> stable = new HashSet<>(PartitionKeys.spread("stable:", 200));
        stable.forEach(key -> jedis.set(key, "v"));
        Set<String> seen = new HashSet<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        int page = 0;
        do {
            ScanResult<String> result = jedis.scan(cursor, new ScanParams().count(20));
            seen.addAll(result.getResult());
            cursor = result.getCursor();
            // Churn between pages: new keys (making tables grow) and deletions of earlier churn.
            for (int i = 0; i < 10; i++) {
                jedis.set("churn:" + page + ":" + i, "v");
            }
            if (page > 0) {
                jedis.del("churn:" + (page - 1) + ":0", "churn:" + (page - 1) + ":1");
            }
            page++;
        } while (!cursor.equals("0"));
        assertTrue(seen.containsAll(stable), "missing: " + missing(stable, seen));
    }

    @Test
    void matchAndTypeFilterWhatIsReturned() {
        Set<String> users = new HashSet<>(PartitionKeys.spread("user:", 100));
        users.forEach(key -> jedis.set(key, "v"));
        PartitionKeys.spread("order:", 100).forEach(key -> jedis.set(key, "v"));
        for (int count : new int[] {1, 10, 1000}) {
            assertEquals(users, scanAll(new ScanParams().match("user:*").count(count), null));
            assertEquals(Set.of("user:7"), scanAll(new ScanParams().match("user:7").count(count), null));
            assertEquals(users, scanAll(new ScanParams().match("user:*").count(count), "string"));
            assertEquals(Set.of(), scanAll(new ScanParams().count(count), "list"));
        }
        assertEquals(users.stream().filter(k -> k.matches("user:1.")).collect(Collectors.toSet()),
                scanAll(new ScanParams().match("user:1?"), "STRING"));
    }

    @Test
    void scanSeesOnlyTheSelectedDatabase() {
        jedis.set("in0", "v");
        jedis.select(9);
        Set<String> keys = new HashSet<>(PartitionKeys.spread("db9:", 100));
        keys.forEach(key -> jedis.set(key, "v"));
        assertEquals(keys, scanAll(new ScanParams().count(3), null));
        jedis.select(0);
        assertEquals(Set.of("in0"), scanAll(new ScanParams(), null));
    }

    @Test
    void cursorsAreParsedLikeStrtoul() {
        jedis.set("k", "v");
        for (String accepted : List.of("0", "", "+0", "+5", "-1", "18446744073709551615", "007")) {
            assertTrue(raw.call("SCAN", accepted).startsWith("*2\r\n$"), "cursor '" + accepted + "'");
        }
        for (String rejected : List.of(" 0", "0 ", "x", "1.5", "18446744073709551616", "99999999999999999999999",
                "-", "+")) {
            assertEquals(INVALID_CURSOR, raw.call("SCAN", rejected), "cursor '" + rejected + "'");
        }
        assertEquals(INVALID_CURSOR, raw.call("SCAN", "x", "COUNT", "0"), "the cursor is checked first");
    }

    @Test
    void optionErrors() {
        assertEquals("-ERR syntax error\r\n", raw.call("SCAN", "0", "COUNT", "0"));
        assertEquals("-ERR syntax error\r\n", raw.call("SCAN", "0", "COUNT", "-3"));
        assertEquals("-ERR value is not an integer or out of range\r\n", raw.call("SCAN", "0", "COUNT", "ten"));
        assertEquals("-ERR syntax error\r\n", raw.call("SCAN", "0", "MATCH"));
        assertEquals("-ERR syntax error\r\n", raw.call("SCAN", "0", "TYPE"));
        assertEquals("-ERR syntax error\r\n", raw.call("SCAN", "0", "LIMIT", "3"));
        assertEquals("-ERR wrong number of arguments for 'scan' command\r\n", raw.call("SCAN"));
    }

    @Test
    void keysMatchesOverAllPartitions() {
        Set<String> users = new HashSet<>(PartitionKeys.spread("user:", 100));
        users.forEach(key -> jedis.set(key, "v"));
        jedis.set("other", "v");
        jedis.set("h*llo", "v");
        jedis.set("hello", "v");
        assertEquals(users, jedis.keys("user:*"));
        assertEquals(103, jedis.keys("*").size());
        assertEquals(Set.of("h*llo", "hello"), jedis.keys("h*llo"));
        assertEquals(Set.of("h*llo"), jedis.keys("h\\*llo"));
        assertEquals(Set.of("user:1", "user:2", "user:3"), jedis.keys("user:[1-3]"));
        assertEquals(Set.of(), jedis.keys("nothing*"));
        assertEquals("-ERR wrong number of arguments for 'keys' command\r\n", raw.call("KEYS"));
    }

    @Test
    void randomkeyReturnsAnExistingKeyOrNil() {
        assertNull(jedis.randomKey());
        jedis.set("only", "v");
        assertEquals("only", jedis.randomKey());
        Set<String> keys = new HashSet<>(PartitionKeys.spread("rnd:", 100));
        keys.forEach(key -> jedis.set(key, "v"));
        keys.add("only");
        Set<String> drawn = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            drawn.add(jedis.randomKey());
        }
        assertTrue(keys.containsAll(drawn), "drawn " + drawn);
        assertTrue(drawn.size() > 5, "50 draws gave only " + drawn);
        assertEquals("-ERR wrong number of arguments for 'randomkey' command\r\n", raw.call("RANDOMKEY", "x"));
    }

    @Test
    void randomkeyFindsTheLiveKeyAmongManyExpiredOnesNotYetReclaimed() throws InterruptedException {
        jedis.set("live", "v");
        try (var pipeline = jedis.pipelined()) {
            for (int i = 0; i < 10_000; i++) {
                pipeline.psetex("{expired}" + i, 20, "v");
            }
        }
        Thread.sleep(30);
        assertEquals("live", jedis.randomKey(), "all others have expired, even if active expiry has not run yet");
    }

    private Set<String> scanAll(ScanParams params, String type) {
        Set<String> seen = new HashSet<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        int calls = 0;
        do {
            ScanResult<String> result = type == null ? jedis.scan(cursor, params) : jedis.scan(cursor, params, type);
            seen.addAll(result.getResult());
            cursor = result.getCursor();
            assertTrue(++calls < 100_000, "scan does not end");
        } while (!cursor.equals("0"));
        return seen;
    }

    private static Set<String> missing(Set<String> expected, Set<String> seen) {
        Set<String> missing = new HashSet<>(expected);
        missing.removeAll(seen);
        return missing;
    }
}
