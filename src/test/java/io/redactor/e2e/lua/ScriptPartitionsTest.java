package io.redactor.e2e.lua;

import io.redactor.testing.SharedServerTest;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scripts over many partitions, declared or not: they never deadlock, their writes all land, and they stay
 * atomic (an audit script summing every account never sees a transfer half done).
 */
class ScriptPartitionsTest extends SharedServerTest {
    private static final int CLIENTS = 20;
    private static final int SCRIPTS_PER_CLIENT = 500;
    private static final int KEYS = 40;

    /**
     * Increments its declared keys and then its undeclared ones (ARGV), in the random order given, and returns the
     * keys it incremented: pcall keeps going when a partition cannot be taken after a write, so the caller knows
     * exactly what was written.
     */
    private static final String INCREMENT = """
            local done = {}
            local function incr(k)
              local r = redis.pcall('incr', k)
              if type(r) == 'number' then done[#done + 1] = k end
            end
            for _, k in ipairs(KEYS) do incr(k) end
            for _, k in ipairs(ARGV) do incr(k) end
            return done""";

    @Test
    void tenThousandScriptsOverRandomKeySetsFromTwentyClientsAllFinishAndCountRight() {
        String[] keys = new String[KEYS];
        for (int i = 0; i < KEYS; i++) {
            keys[i] = "sp:count:" + i;
        }
        jedis.del(keys);
        String sha = jedis.scriptLoad(INCREMENT);
        Map<String, Long> expected = new HashMap<>();
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<List<String>>> results = new ArrayList<>();
                for (int c = 0; c < CLIENTS; c++) {
                    long seed = 1000 + c;
                    results.add(pool.submit(() -> runClient(sha, keys, seed)));
                }
                for (Future<List<String>> result : results) {
                    for (String key : result.get(110, TimeUnit.SECONDS)) {
                        expected.merge(key, 1L, Long::sum);
                    }
                }
            } finally {
                pool.shutdownNow();
            }
        });
        long total = 0;
        for (String key : keys) {
            String value = jedis.get(key);
            assertEquals(expected.getOrDefault(key, 0L), value == null ? 0L : Long.parseLong(value), key);
            total += expected.getOrDefault(key, 0L);
        }
        assertTrue(total > CLIENTS * SCRIPTS_PER_CLIENT, "the scripts did increment: " + total);
    }

    private static List<String> runClient(String sha, String[] keys, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<String> incremented = new ArrayList<>();
        try (Jedis connection = TestRedactor.shared().jedis()) {
            for (int i = 0; i < SCRIPTS_PER_CLIENT; i++) {
                List<String> picked = new ArrayList<>();
                for (String key : keys) {
                    if (random.nextInt(KEYS) < 4) {
                        picked.add(key);
                    }
                }
                Collections.shuffle(picked, new java.util.Random(random.nextLong()));
                int declared = random.nextInt(picked.size() + 1);
                @SuppressWarnings("unchecked")
                List<String> done = (List<String>) connection.evalsha(sha, picked.subList(0, declared),
                        picked.subList(declared, picked.size()));
                incremented.addAll(done);
            }
        }
        return incremented;
    }

    @Test
    void transfersBetweenUndeclaredAccountsOnManyPartitionsKeepTheTotalForAnAtomicAudit() {
        int accounts = 16;
        int initial = 100;
        List<String> names = new ArrayList<>();
        for (int i = 0; i < accounts; i++) {
            names.add("sp:account:" + i);
            jedis.set(names.get(i), String.valueOf(initial));
        }
        // Reads both balances before writing either: a partition met late restarts the script, never half a transfer.
        String transfer = """
                local from, to = redis.call('get', ARGV[1]), redis.call('get', ARGV[2])
                local amount = tonumber(ARGV[3])
                if tonumber(from) < amount then return 0 end
                redis.call('decrby', ARGV[1], amount)
                redis.call('incrby', ARGV[2], amount)
                return 1""";
        String audit = "local sum = 0 for _, k in ipairs(ARGV) do sum = sum + tonumber(redis.call('get', k)) end "
                + "return sum";
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            ExecutorService pool = Executors.newFixedThreadPool(6);
            try {
                List<Future<?>> work = new ArrayList<>();
                for (int c = 0; c < 4; c++) {
                    long seed = c;
                    work.add(pool.submit(() -> {
                        SplittableRandom random = new SplittableRandom(seed);
                        try (Jedis connection = TestRedactor.shared().jedis()) {
                            for (int i = 0; i < 400; i++) {
                                int from = random.nextInt(accounts);
                                int to = (from + 1 + random.nextInt(accounts - 1)) % accounts;
                                connection.eval(transfer, List.of(), List.of(names.get(from), names.get(to),
                                        String.valueOf(1 + random.nextInt(20))));
                            }
                        }
                    }));
                }
                for (int c = 0; c < 2; c++) {
                    work.add(pool.submit(() -> {
                        try (Jedis connection = TestRedactor.shared().jedis()) {
                            for (int i = 0; i < 200; i++) {
                                assertEquals((long) accounts * initial, connection.eval(audit, List.of(), names));
                            }
                        }
                    }));
                }
                for (Future<?> f : work) {
                    f.get(50, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
        });
        assertEquals((long) accounts * initial, jedis.eval(audit, List.of(), names));
    }

    @Test
    void aScriptWritingBeforeReadingALowerPartitionTakesItWhenFree() {
        for (int i = 0; i < 30; i++) {
            jedis.set("sp:low:" + i, "v" + i);
        }
        String script = "local out = {} for i = 29, 0, -1 do redis.call('set', 'sp:low:' .. i, 'w' .. i) end "
                + "for i = 0, 29 do out[#out + 1] = redis.call('get', 'sp:low:' .. i) end return out";
        @SuppressWarnings("unchecked")
        List<String> values = (List<String>) jedis.eval(script, 0);
        for (int i = 0; i < 30; i++) {
            assertEquals("w" + i, values.get(i));
        }
    }
}
