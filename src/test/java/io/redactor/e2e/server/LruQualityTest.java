package io.redactor.e2e.server;

import io.redactor.testing.InfoFields;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * allkeys-lru's quality side by side with Redis 7.0.15, measured as {@code redis-cli --lru-test} measures it: cycles of
 * 250 pipelined SETs then 250 pipelined GETs of keys drawn from an 80/20 power law (alpha 6.2) over a keyspace four
 * times larger than the cache, and the GETs' hit rate once the cache has turned over. The access sequence is seeded,
 * so both servers see the same one, and paced in time (a cycle every 100 ms) because both rank keys by an idle clock
 * of seconds: run faster, every key would look as recent as any other. Each server's maxmemory is what its own
 * used_memory says the cache's number of keys takes, corrected every few cycles by the keys it held over them (Redis
 * counts its clients' buffers in, Redactor evicts beside the writes rather than before each), so both hold about as
 * many keys while the hit rate is measured.
 */
class LruQualityTest {
    private static final int KEYSPACE = 10_000;
    private static final int CACHED_KEYS = 2_500;
    private static final int BATCH = 250;
    /**
     * From the first calibration on, every few cycles, maxmemory is corrected by what the keys held over those cycles
     * missed the goal by.
     */
    private static final int FIRST_CALIBRATION = 10;
    private static final int CALIBRATION_WINDOW = 5;
    private static final int WARM_UP_CYCLES = 35;
    private static final int MEASURED_CYCLES = 70;
    private static final long CYCLE_MILLIS = 100;
    private static final double TOLERANCE_POINTS = 2.0;
    private static final long SEED = 20261129L;

    private static TestRedactor redactor;
    private static RealRedis redis;

    @BeforeAll
    static void start() throws Exception {
        redactor = TestRedactor.start(Map.of());
        redis = RealRedis.startIn(Files.createTempDirectory("redactor-lru-redis"), "--save", "", "--appendonly", "no");
    }

    @AfterAll
    static void stop() {
        redactor.close();
        redis.close();
    }

    @ParameterizedTest(name = "maxmemory-samples {0}")
    @ValueSource(ints = {5, 10})
    void hitRateWithinTwoPointsOfRedis(int samples) throws Exception {
        Result ofRedis;
        Result ofRedactor;
        try (Jedis r = redis.jedis(); Jedis d = redactor.jedis()) {
            ofRedis = run(r, samples);
            ofRedactor = run(d, samples);
        }
        String report = String.format("maxmemory-samples %d: hit rate Redis %.2f%% (%d keys held on average), "
                        + "Redactor %.2f%% (%d keys), an exact LRU of %d keys %.2f%%", samples, ofRedis.hitRate(),
                ofRedis.keysHeld(), ofRedactor.hitRate(), ofRedactor.keysHeld(), CACHED_KEYS, exactLruHitRate());
        System.out.println(report);
        assertTrue(ofRedactor.hitRate() >= ofRedis.hitRate() - TOLERANCE_POINTS, report);
        // a hit rate bought by holding more keys than Redis would not say anything of the LRU's quality
        assertTrue(ofRedactor.keysHeld() <= ofRedis.keysHeld() * 1.03, report);
    }

    record Result(double hitRate, long keysHeld) {
    }

    private static Result run(Jedis jedis, int samples) throws Exception {
        jedis.configSet("maxmemory", "0");
        jedis.configSet("maxmemory-policy", "allkeys-lru");
        jedis.configSet("maxmemory-samples", Integer.toString(samples));
        jedis.flushAll();
        long empty = settledUsedMemory(jedis);
        // the cache's worth of keys shaped as the workload's, outside its keyspace: what they take is the limit
        Pipeline fill = jedis.pipelined();
        for (int i = 0; i < CACHED_KEYS; i++) {
            fill.set("lru:" + (KEYSPACE + 1 + i), "fill0");
        }
        fill.sync();
        long used = settledUsedMemory(jedis);
        long perKey = (used - empty) / CACHED_KEYS;
        long maxmemory = used;
        jedis.configSet("maxmemory", Long.toString(maxmemory));

        Random random = new Random(SEED);
        long hits = 0;
        long gets = 0;
        List<Long> held = new ArrayList<>();
        long start = System.nanoTime();
        for (int cycle = 0; cycle < WARM_UP_CYCLES + MEASURED_CYCLES; cycle++) {
            long due = start + cycle * CYCLE_MILLIS * 1_000_000;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            Pipeline writes = jedis.pipelined();
            for (int i = 0; i < BATCH; i++) {
                writes.set(key(random), value(random));
            }
            writes.sync();
            Pipeline reads = jedis.pipelined();
            List<Response<String>> replies = new ArrayList<>(BATCH);
            for (int i = 0; i < BATCH; i++) {
                replies.add(reads.get(key(random)));
            }
            reads.sync();
            held.add(jedis.dbSize());
            if (cycle + 1 >= FIRST_CALIBRATION && (cycle + 1) % CALIBRATION_WINDOW == 0) {
                long recent = Math.round(held.subList(held.size() - CALIBRATION_WINDOW, held.size()).stream()
                        .mapToLong(Long::longValue).average().orElseThrow());
                maxmemory += (CACHED_KEYS - recent) * perKey;
                jedis.configSet("maxmemory", Long.toString(maxmemory));
            }
            if (cycle >= WARM_UP_CYCLES) {
                for (Response<String> reply : replies) {
                    gets++;
                    hits += reply.get() != null ? 1 : 0;
                }
            }
        }
        jedis.configSet("maxmemory", "0");
        jedis.flushAll();
        long averageHeld = Math.round(held.subList(WARM_UP_CYCLES, held.size()).stream().mapToLong(Long::longValue)
                .average().orElseThrow());
        return new Result(100.0 * hits / gets, averageHeld);
    }

    /** The hit rate of the same sequence on a cache that evicts exactly the least recently used key. */
    private static double exactLruHitRate() {
        Map<String, Boolean> cache = new LinkedHashMap<>(CACHED_KEYS * 2, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > CACHED_KEYS;
            }
        };
        Random random = new Random(SEED);
        long hits = 0;
        long gets = 0;
        for (int cycle = 0; cycle < WARM_UP_CYCLES + MEASURED_CYCLES; cycle++) {
            for (int i = 0; i < BATCH; i++) {
                cache.put(key(random), Boolean.TRUE);
                value(random);
            }
            for (int i = 0; i < BATCH; i++) {
                boolean hit = cache.get(key(random)) != null;
                if (cycle >= WARM_UP_CYCLES) {
                    gets++;
                    hits += hit ? 1 : 0;
                }
            }
        }
        return 100.0 * hits / gets;
    }

    /** redis-cli's powerLawRand(1, KEYSPACE, 6.2): 20% of the keys get 80% of the accesses. */
    private static String key(Random random) {
        double alpha = 6.2;
        double max = KEYSPACE + 1;
        double pl = Math.pow((Math.pow(max, alpha + 1) - 1) * random.nextDouble() + 1, 1.0 / (alpha + 1));
        return "lru:" + (KEYSPACE - (long) pl + 1);
    }

    private static String value(Random random) {
        char[] value = new char[5];
        for (int i = 0; i < value.length; i++) {
            value[i] = (char) ('A' + random.nextInt('z' - 'A'));
        }
        return new String(value);
    }

    /** used_memory once two readings 100 ms apart agree (Redactor publishes each partition's figure as it settles). */
    private static long settledUsedMemory(Jedis jedis) throws InterruptedException {
        long previous = -1;
        for (int i = 0; i < 50; i++) {
            long used = Long.parseLong(InfoFields.of(jedis.info("memory")).get("used_memory"));
            if (used == previous) {
                return used;
            }
            previous = used;
            Thread.sleep(100);
        }
        return previous;
    }
}
