package io.redactor.e2e.strings;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.util.JedisClusterCRC16;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MSET, MSETNX and MGET over keys spread across hash slots (and so across partitions). */
class MultiKeyCommandsTest extends CommandTestBase {
    private static final int KEYS = 400;

    private List<String> spreadKeys(String name) {
        List<String> keys = new ArrayList<>();
        Set<Integer> slots = new HashSet<>();
        for (int i = 0; i < KEYS; i++) {
            String k = key(name + i);
            keys.add(k);
            slots.add(JedisClusterCRC16.getSlot(k));
        }
        assertTrue(slots.size() > KEYS / 2, "keys should fall in many slots");
        return keys;
    }

    private static String[] keysAndValues(List<String> keys, String valuePrefix) {
        String[] args = new String[keys.size() * 2];
        for (int i = 0; i < keys.size(); i++) {
            args[2 * i] = keys.get(i);
            args[2 * i + 1] = valuePrefix + i;
        }
        return args;
    }

    @Test
    void msetThenMgetAcrossPartitions() {
        List<String> keys = spreadKeys("k");
        assertEquals("OK", jedis.mset(keysAndValues(keys, "v")));
        List<String> values = jedis.mget(keys.toArray(String[]::new));
        for (int i = 0; i < KEYS; i++) {
            assertEquals("v" + i, values.get(i));
            assertEquals("v" + i, jedis.get(keys.get(i)));
        }
    }

    @Test
    void mgetAnswersNilForMissingKeysInOrder() {
        List<String> keys = spreadKeys("k");
        for (int i = 0; i < KEYS; i += 2) {
            jedis.set(keys.get(i), "v" + i);
        }
        List<String> values = jedis.mget(keys.toArray(String[]::new));
        for (int i = 0; i < KEYS; i++) {
            if (i % 2 == 0) {
                assertEquals("v" + i, values.get(i));
            } else {
                assertNull(values.get(i));
            }
        }
        assertEquals(Arrays.asList("v0", null, "v0"), jedis.mget(keys.get(0), keys.get(1), keys.get(0)));
    }

    @Test
    void msetLastValueOfARepeatedKeyWins() {
        String k = key("k");
        jedis.mset(k, "1", key("other"), "x", k, "2");
        assertEquals("2", jedis.get(k));
    }

    @Test
    void msetClearsTimeToLive() {
        String k = key("k");
        jedis.setex(k, 1000, "old");
        jedis.mset(k, "new", key("other"), "x");
        assertEquals(-1, jedis.ttl(k));
    }

    @Test
    void msetnxSetsAllOrNothingAcrossPartitions() {
        List<String> keys = spreadKeys("k");
        String lastKey = keys.get(KEYS - 1);
        jedis.set(lastKey, "exists");
        assertEquals(0, jedis.msetnx(keysAndValues(keys, "v")));
        for (int i = 0; i < KEYS - 1; i++) {
            assertFalse(jedis.exists(keys.get(i)), keys.get(i));
        }
        assertEquals("exists", jedis.get(lastKey));
        jedis.del(lastKey);
        assertEquals(1, jedis.msetnx(keysAndValues(keys, "v")));
        assertEquals("v7", jedis.get(keys.get(7)));
        assertEquals(0, jedis.msetnx(keys.get(3), "again"));
        assertEquals("v3", jedis.get(keys.get(3)));
    }

    @Test
    void msetnxWithARepeatedKeyTakesTheLastValue() {
        String k = key("k");
        assertEquals(1, jedis.msetnx(k, "1", k, "2"));
        assertEquals("2", jedis.get(k));
    }

    @Test
    void pipelinedMultiKeyCommandsKeepTheirOrder() {
        List<String> keys = spreadKeys("k");
        List<Response<Long>> counters = new ArrayList<>();
        List<Response<List<String>>> reads = new ArrayList<>();
        try (Pipeline pipeline = jedis.pipelined()) {
            for (int round = 0; round < 20; round++) {
                String[] pairs = new String[20];
                for (int i = 0; i < 10; i++) {
                    pairs[2 * i] = keys.get((round * 17 + i * 31) % KEYS);
                    pairs[2 * i + 1] = "r" + round;
                }
                pipeline.mset(pairs);
                counters.add(pipeline.incr(key("counter")));
                reads.add(pipeline.mget(pairs[0], pairs[18]));
            }
            pipeline.sync();
        }
        for (int round = 0; round < 20; round++) {
            assertEquals(round + 1, counters.get(round).get());
            assertEquals(List.of("r" + round, "r" + round), reads.get(round).get());
        }
    }

    @Test
    void arityErrors() {
        assertError(arity("mset"), "MSET");
        assertError(arity("mset"), "MSET", key("a"));
        assertError(arity("mset"), "MSET", key("a"), "1", key("b"));
        assertError(arity("msetnx"), "MSETNX", key("a"));
        assertError(arity("msetnx"), "MSETNX", key("a"), "1", key("b"));
        assertError(arity("mget"), "MGET");
        assertFalse(jedis.exists(key("a")));
    }
}
