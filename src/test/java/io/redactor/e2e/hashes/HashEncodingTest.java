package io.redactor.e2e.hashes;

import io.redactor.testing.CommandTestBase;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.corpus.ConfigSnapshot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * OBJECT ENCODING of hashes: "listpack" up to hash-max-listpack-entries fields of at most hash-max-listpack-value
 * bytes, "hashtable" from the write that passes either, and never back. The thresholds are read at each write.
 */
class HashEncodingTest extends CommandTestBase {

    private static final List<String> THRESHOLDS = List.of("hash-max-listpack-entries", "hash-max-listpack-value");

    private ConfigSnapshot saved;

    /** The tests are written for 128 and 64; Redis 7.0's defaults are 512 and 64. */
    @BeforeEach
    void setThresholds() {
        saved = ConfigSnapshot.take(raw, THRESHOLDS);
        call("CONFIG", "SET", THRESHOLDS.get(0), "128", THRESHOLDS.get(1), "64");
    }

    @AfterEach
    void restoreThresholds() {
        saved.restore(raw);
    }

    @Test
    void defaultsAreRedis() {
        try (RawClient redis = RealRedis.shared().raw()) {
            assertEquals(ConfigSnapshot.take(redis, THRESHOLDS), saved);
        }
        assertEquals(new ConfigSnapshot(Map.of(THRESHOLDS.get(0), "512", THRESHOLDS.get(1), "64")), saved);
    }

    private String encoding(String key) {
        return jedis.objectEncoding(key);
    }

    private void fill(String h, int n) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            pairs.put("f" + i, "v" + i);
        }
        jedis.hset(h, pairs);
    }

    @Test
    void entriesThresholdIsInclusive() {
        String h = key("h");
        fill(h, 128);
        assertEquals("listpack", encoding(h));
        jedis.hset(h, "f0", "updated");
        assertEquals("listpack", encoding(h));
        jedis.hset(h, "f128", "v");
        assertEquals("hashtable", encoding(h));
    }

    @Test
    void everyWriteThatAddsAFieldCanConvert() {
        for (String[] command : new String[][] {{"HSETNX", "new", "v"}, {"HINCRBY", "new", "1"},
                {"HINCRBYFLOAT", "new", "1.5"}, {"HMSET", "new", "v"}}) {
            String h = key(command[0]);
            fill(h, 128);
            String[] full = new String[command.length + 1];
            full[0] = command[0];
            full[1] = h;
            System.arraycopy(command, 1, full, 2, command.length - 1);
            call(full);
            assertEquals("hashtable", encoding(h), command[0]);
        }
    }

    @Test
    void valueThresholdIsInclusiveForFieldsAndValues() {
        String h = key("h");
        jedis.hset(h, "a".repeat(64), "b".repeat(64));
        assertEquals("listpack", encoding(h));
        jedis.hset(h, "f", "c".repeat(65));
        assertEquals("hashtable", encoding(h));
        String g = key("g");
        jedis.hset(g, "a".repeat(65), "v");
        assertEquals("hashtable", encoding(g));
    }

    @Test
    void aLongArgumentConvertsEvenWhenItChangesNothingNew() {
        String h = key("h");
        jedis.hset(h, "a", "1");
        jedis.hdel(h, "x".repeat(100));
        assertEquals("listpack", encoding(h));
        jedis.hset(h, "a", "y".repeat(100));
        assertEquals("hashtable", encoding(h));
    }

    @Test
    void hsetnxOfAnExistingFieldDoesNotConvert() {
        String h = key("h");
        jedis.hset(h, "a", "1");
        assertEquals(0, jedis.hsetnx(h, "a", "x".repeat(100)));
        assertEquals("listpack", encoding(h));
        assertEquals(1, jedis.hsetnx(h, "b", "x".repeat(100)));
        assertEquals("hashtable", encoding(h));
    }

    @Test
    void countersConvertOnLongFieldsAndLongResults() {
        String h = key("h");
        jedis.hincrBy(h, "f".repeat(65), 1);
        assertEquals("hashtable", encoding(h));
        String g = key("g");
        jedis.hincrByFloat(g, "f", 1e62);
        assertEquals("listpack", encoding(g));
        call("HINCRBYFLOAT", g, "f", "1e64");
        assertEquals(65, jedis.hstrlen(g, "f"));
        assertEquals("hashtable", encoding(g));
    }

    @Test
    void shrinkingKeepsTheTable() {
        String h = key("h");
        fill(h, 200);
        for (int i = 1; i < 200; i++) {
            jedis.hdel(h, "f" + i);
        }
        assertEquals(1, jedis.hlen(h));
        assertEquals("hashtable", encoding(h));
        assertEquals(Map.of("f0", "v0"), jedis.hgetAll(h));
    }

    @Test
    void thresholdsAreReadAtEachWrite() {
        jedis.configSet("hash-max-listpack-entries", "2");
        jedis.configSet("hash-max-listpack-value", "3");
        String h = key("h");
        jedis.hset(h, Map.of("a", "1", "b", "2"));
        assertEquals("listpack", encoding(h));
        jedis.configSet("hash-max-listpack-entries", "1");
        assertEquals("listpack", encoding(h), "a change of the setting alone converts nothing");
        jedis.hset(h, "a", "9");
        assertEquals("listpack", encoding(h), "updating a field adds no entry");
        jedis.hset(h, "c", "3");
        assertEquals("hashtable", encoding(h));
        jedis.configSet("hash-max-listpack-entries", "128");
        String g = key("g");
        jedis.hset(g, "abc", "abc");
        assertEquals("listpack", encoding(g));
        jedis.hset(g, "abcd", "1");
        assertEquals("hashtable", encoding(g));
        jedis.configSet("hash-max-listpack-entries", "0");
        String z = key("z");
        jedis.hset(z, "a", "1");
        assertEquals("hashtable", encoding(z));
    }

    @Test
    void copiesKeepTheEncoding() {
        String h = key("{c}h");
        fill(h, 129);
        jedis.copy(h, key("{c}copy"), false);
        assertEquals("hashtable", encoding(key("{c}copy")));
        String small = key("{c}small");
        jedis.hset(small, "a", "1");
        jedis.copy(small, key("{c}small-copy"), false);
        assertEquals("listpack", encoding(key("{c}small-copy")));
    }
}
