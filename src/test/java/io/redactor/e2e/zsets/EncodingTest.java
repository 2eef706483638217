package io.redactor.e2e.zsets;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.corpus.ConfigSnapshot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * OBJECT ENCODING of sorted sets: "listpack" while a set has at most zset-max-listpack-entries members of at
 * most zset-max-listpack-value bytes, "skiplist" from the write that passes either, and never back; sets built
 * by ZRANGESTORE and the STORE operations start over from their own size. Each scenario runs on Redactor and on
 * the real Redis 7.0 with the same thresholds (changed with CONFIG SET at run time), and every reply, the
 * encodings included, must be the same; the encodings that matter are also asserted by name.
 */
class EncodingTest extends SortedSetTestBase {
    private RawClient redis;
    private static final String ENTRIES = "zset-max-listpack-entries";
    private static final String VALUE = "zset-max-listpack-value";
    private ConfigSnapshot savedRedis;
    private ConfigSnapshot savedOurs;
    private final Map<String, String> names = new HashMap<>();

    @BeforeEach
    void saveThresholdsAndNameKeys() {
        redis = RealRedis.shared().raw();
        savedRedis = ConfigSnapshot.take(redis, ENTRIES, VALUE);
        savedOurs = ConfigSnapshot.take(raw, ENTRIES, VALUE);
        // K1..K3 and D1..D3 are in six different partitions.
        String[] keys = keysInDifferentPartitions("enc", 6);
        for (int i = 0; i < 3; i++) {
            names.put("K" + (i + 1), keys[i]);
            names.put("D" + (i + 1), keys[i + 3]);
        }
    }

    @AfterEach
    void restoreThresholds() {
        savedRedis.restore(redis);
        savedOurs.restore(raw);
        for (String k : names.values()) {
            redis.call("DEL", k);
        }
        redis.close();
    }

    @Test
    void defaultsAreRedis() {
        assertEquals(savedRedis, savedOurs);
        assertEquals(Map.of(ENTRIES, "128", VALUE, "64"), savedOurs.values());
    }

    /** Sets both servers' thresholds. */
    private void thresholds(long entries, long value) {
        for (RawClient client : List.of(redis, raw)) {
            client.call("CONFIG", "SET", ENTRIES, String.valueOf(entries), VALUE, String.valueOf(value));
        }
    }

    /**
     * Runs each line (words split on spaces; K1..K3 and D1..D3 stand for this test's keys) on Redis, then on
     * Redactor, and fails at the first reply that differs.
     */
    private void sameAsRedis(String... lines) {
        for (String line : lines) {
            String[] argv = line.split(" ");
            for (int i = 0; i < argv.length; i++) {
                argv[i] = names.getOrDefault(argv[i], argv[i]);
            }
            String expected = againstRedis() ? null : redis.call(argv);
            String actual = call(argv);
            if (expected != null) {
                assertEquals(printable(expected), printable(actual), line);
            }
        }
    }

    private String encoding(String name) {
        return call("OBJECT", "ENCODING", names.get(name));
    }

    private static final String LISTPACK = "$8\r\nlistpack\r\n";
    private static final String SKIPLIST = "$8\r\nskiplist\r\n";

    /** "ZADD key 1 m1 2 m2 ... n mn" from member {@code from}. */
    private static String zadd(String key, int from, int count) {
        StringBuilder line = new StringBuilder("ZADD ").append(key);
        for (int i = from; i < from + count; i++) {
            line.append(' ').append(i).append(" m").append(i);
        }
        return line.toString();
    }

    @Test
    void entriesThresholdIsInclusiveAndConversionIsForGood() {
        thresholds(8, 64);
        sameAsRedis(zadd("K1", 0, 8), "OBJECT ENCODING K1", "ZADD K1 100 m0", "OBJECT ENCODING K1");
        assertEquals(LISTPACK, encoding("K1"));
        sameAsRedis("ZADD K1 9 m9", "OBJECT ENCODING K1");
        assertEquals(SKIPLIST, encoding("K1"));
        sameAsRedis("ZREM K1 m9 m1 m2 m3 m4 m5 m6", "ZCARD K1", "OBJECT ENCODING K1", "ZPOPMIN K1", "OBJECT ENCODING K1");
        assertEquals(SKIPLIST, encoding("K1"));
    }

    @Test
    void valueThresholdIsInclusive() {
        thresholds(128, 10);
        String ten = "a".repeat(10);
        String eleven = "b".repeat(11);
        sameAsRedis("ZADD K1 1 " + ten, "OBJECT ENCODING K1", "ZADD K1 2 " + eleven, "OBJECT ENCODING K1",
                "ZADD K2 1 " + eleven, "OBJECT ENCODING K2");
        assertEquals(SKIPLIST, encoding("K1"));
        assertEquals(SKIPLIST, encoding("K2"));
    }

    @Test
    void aSetCreatedWithMoreMembersThanTheThresholdStartsAsASkiplist() {
        thresholds(3, 64);
        sameAsRedis(zadd("K1", 0, 4), "OBJECT ENCODING K1", zadd("K2", 0, 3), "OBJECT ENCODING K2",
                "ZADD K3 -0 a 1 b 2 c 3 d", "ZSCORE K3 a", "OBJECT ENCODING K3");
        assertEquals(SKIPLIST, encoding("K1"));
        assertEquals(LISTPACK, encoding("K2"));
    }

    @Test
    void onlyWritesThatAddAMemberConvert() {
        thresholds(4, 5);
        String longMember = "x".repeat(6);
        sameAsRedis(zadd("K1", 0, 4),
                "ZADD K1 XX 1 " + longMember, "OBJECT ENCODING K1",
                "ZADD K1 NX 7 m0", "ZADD K1 GT 9 m1", "ZINCRBY K1 3 m2", "OBJECT ENCODING K1",
                "ZREM K1 " + longMember, "ZSCORE K1 " + longMember, "ZRANK K1 " + longMember, "OBJECT ENCODING K1",
                "ZINCRBY K1 1 " + longMember, "OBJECT ENCODING K1");
        assertEquals(SKIPLIST, encoding("K1"));
        sameAsRedis("ZADD K2 1 a", "ZADD K2 GT CH 2 " + longMember, "OBJECT ENCODING K2");
        assertEquals(SKIPLIST, encoding("K2"));
    }

    @Test
    void loweredThresholdsApplyAtTheNextAdd() {
        sameAsRedis(zadd("K1", 0, 10), "OBJECT ENCODING K1");
        thresholds(5, 64);
        sameAsRedis("OBJECT ENCODING K1", "ZADD K1 100 m0", "ZINCRBY K1 1 m1", "ZREM K1 m2", "OBJECT ENCODING K1");
        assertEquals(LISTPACK, encoding("K1"));
        sameAsRedis("ZADD K1 1 new", "OBJECT ENCODING K1");
        assertEquals(SKIPLIST, encoding("K1"));
        thresholds(128, 64);
        sameAsRedis("ZREMRANGEBYRANK K1 0 -2", "ZCARD K1", "ZADD K1 1 again", "OBJECT ENCODING K1");
        assertEquals(SKIPLIST, encoding("K1"));
    }

    @Test
    void zeroThresholds() {
        thresholds(0, 64);
        sameAsRedis("ZADD K1 1 a", "OBJECT ENCODING K1", "ZINCRBY K2 1 a", "OBJECT ENCODING K2");
        assertEquals(SKIPLIST, encoding("K1"));
        thresholds(128, 0);
        sameAsRedis("ZADD K3 1 a", "OBJECT ENCODING K3", "ZADD D1 1 \"\"", "OBJECT ENCODING D1");
        assertEquals(SKIPLIST, encoding("K3"));
    }

    @Test
    void zrangestoreResultsStartFromTheirOwnSize() {
        sameAsRedis(zadd("K1", 0, 200), "OBJECT ENCODING K1");
        thresholds(10, 64);
        sameAsRedis("ZRANGESTORE D1 K1 0 9", "OBJECT ENCODING D1",
                "ZRANGESTORE D2 K1 0 10", "OBJECT ENCODING D2",
                "ZRANGESTORE D3 K1 (5 20 BYSCORE LIMIT 2 10", "OBJECT ENCODING D3",
                "ZRANGESTORE D3 K1 +inf -inf BYSCORE REV LIMIT 0 11", "OBJECT ENCODING D3",
                "ZRANGESTORE K2 D1 0 -1", "OBJECT ENCODING K2");
        assertEquals(LISTPACK, encoding("D1"));
        assertEquals(SKIPLIST, encoding("D2"));
        assertEquals(SKIPLIST, encoding("D3"));
        thresholds(128, 3);
        sameAsRedis("ZADD K3 1 a 2 bb 3 cccc", "OBJECT ENCODING K3",
                "ZRANGESTORE D1 K3 0 1", "OBJECT ENCODING D1",
                "ZRANGESTORE D1 K3 1 2", "OBJECT ENCODING D1",
                "ZRANGESTORE D1 K3 0 2 REV", "OBJECT ENCODING D1");
        assertEquals(SKIPLIST, encoding("D1"));
    }

    @Test
    void storeOperationResultsStartFromTheirOwnSize() {
        thresholds(6, 8);
        sameAsRedis(zadd("K1", 0, 5), zadd("K2", 3, 5), "SADD K3 m0 m100 " + "y".repeat(9),
                "OBJECT ENCODING K1", "OBJECT ENCODING K2",
                "ZUNIONSTORE D1 2 K1 K2", "OBJECT ENCODING D1",
                "ZUNIONSTORE D1 1 K2", "OBJECT ENCODING D1",
                "ZINTERSTORE D2 2 K1 K2", "OBJECT ENCODING D2",
                "ZDIFFSTORE D3 2 K1 K2", "OBJECT ENCODING D3",
                "ZDIFFSTORE D3 1 K2", "OBJECT ENCODING D3",
                "ZINTERSTORE D2 2 K1 K3", "OBJECT ENCODING D2",
                "ZUNIONSTORE D2 2 K1 K3", "OBJECT ENCODING D2",
                "ZDIFFSTORE D3 2 K3 K1", "OBJECT ENCODING D3",
                "ZDIFFSTORE D3 2 K1 K3", "OBJECT ENCODING D3");
        assertEquals(SKIPLIST, encoding("D2"));
    }

    @Test
    void aSkiplistInputGivesAListpackResultWhenSmall() {
        thresholds(4, 64);
        sameAsRedis(zadd("K1", 0, 10), "OBJECT ENCODING K1", "ZINTERSTORE D1 1 K1 WEIGHTS 2", "OBJECT ENCODING D1",
                "ZREMRANGEBYRANK K1 2 -1", "ZUNIONSTORE D2 1 K1", "OBJECT ENCODING D2", "OBJECT ENCODING K1");
        assertEquals(LISTPACK, encoding("D2"));
        assertEquals(SKIPLIST, encoding("K1"));
    }

    @Test
    void copyRenameAndMoveKeepTheEncoding() {
        thresholds(4, 64);
        sameAsRedis(zadd("K1", 0, 3), zadd("K2", 0, 5), "ZREMRANGEBYRANK K2 0 2",
                "COPY K1 D1", "COPY K2 D2", "OBJECT ENCODING D1", "OBJECT ENCODING D2",
                "RENAME D2 D3", "OBJECT ENCODING D3", "ZADD D1 10 x 11 y", "OBJECT ENCODING D1", "OBJECT ENCODING K1");
        assertEquals(SKIPLIST, encoding("D3"));
        assertEquals(SKIPLIST, encoding("D1"));
        assertEquals(LISTPACK, encoding("K1"));
        List<String> moved = new ArrayList<>();
        for (RawClient client : againstRedis() ? List.of(raw) : List.of(redis, raw)) {
            client.call("SELECT", "9");
            client.call("DEL", names.get("K3"));
            client.call("SELECT", "0");
            client.call("MOVE", names.get("K2"), "9");
            client.call("SELECT", "9");
            moved.add(client.call("OBJECT", "ENCODING", names.get("K2")));
            client.call("DEL", names.get("K2"));
            client.call("SELECT", "0");
        }
        assertEquals(SKIPLIST, moved.get(moved.size() - 1));
        assertEquals(moved.get(0), moved.get(moved.size() - 1));
    }

    @Test
    void thresholdsMayChangeBetweenCommandsOfOneKey() {
        StringBuilder growing = new StringBuilder();
        for (int round = 0; round < 6; round++) {
            thresholds(2 + round, 3 + round);
            growing.append('g');
            sameAsRedis("ZADD K1 " + round + " " + growing, "OBJECT ENCODING K1",
                    "ZRANGESTORE D1 K1 0 -1", "OBJECT ENCODING D1", "ZUNIONSTORE D2 2 K1 D1", "OBJECT ENCODING D2");
        }
    }
}
