package io.redactor.e2e.examples;

import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * examples/quadrature: the areas its run command prints are within the tolerance of the closed forms (computed
 * here), its parallel copies and its sequential script agree, and the script gives Redis's areas.
 */
class QuadratureExampleTest {
    private static final Pattern ROW = Pattern.compile(
            "^(\\d+ cop(?:y|ies)|sequential)\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+\\s+(\\S+)\\s+\\S+", Pattern.MULTILINE);
    private static final String SCRIPT = ExampleProcess.read("quadrature/quadrature.lua");

    /** sin(40x) + sum over i = 1..30 of 1 / ((x - (2i - 1)/60)^2 + (i/3000)^2), as in quadrature.lua. */
    private static double peaksAntiderivative(double x) {
        double total = -Math.cos(40 * x) / 40;
        for (int i = 1; i <= 30; i++) {
            double w = i / 3000.0;
            total += Math.atan((x - (2 * i - 1) / 60.0) / w) / w;
        }
        return total;
    }

    /** x sin(50x). */
    private static double waveAntiderivative(double x) {
        return Math.sin(50 * x) / 2500 - x * Math.cos(50 * x) / 50;
    }

    @Test
    void parallelCopiesAndTheSequentialScriptFindTheClosedFormOfPeaks() {
        double exact = peaksAntiderivative(1) - peaksAntiderivative(0);
        Map<String, Double> areas = areas(ExampleProcess.run("quadrature/run", "--port", TestRedactor.shared().port(),
                "-k", 3, "--tolerance", "1e-6", "--budget", 300, "--tag", "ex-quad").succeeded());
        assertEquals(List.of("1 copy", "2 copies", "3 copies", "sequential"), List.copyOf(areas.keySet()));
        for (var entry : areas.entrySet()) {
            assertEquals(exact, entry.getValue(), 1e-6, entry.getKey());
            assertEquals(areas.get("sequential"), entry.getValue(), 1e-9, entry.getKey() + " against sequential");
        }
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            assertEquals("0", jedis.get("{ex-quad}:pending"));
            assertEquals(0, jedis.llen("{ex-quad}:work"));
        }
    }

    /** Copies that give up at once on an empty list leave their work to the copies that pushed it. */
    @Test
    void copiesThatNeverWaitStillLeaveNoWorkBehind() {
        double exact = waveAntiderivative(10) - waveAntiderivative(0);
        Map<String, Double> areas = areas(ExampleProcess.run("quadrature/run", "--port", TestRedactor.shared().port(),
                "-k", 4, "--integrand", "wave", "--b", 10, "--tolerance", "1e-6", "--pieces", 2, "--budget", 20,
                "--idle-retries", 0, "--tag", "ex-quad-w").succeeded());
        assertEquals(4 + 1, areas.size());
        for (var entry : areas.entrySet()) {
            assertEquals(exact, entry.getValue(), 1e-6, entry.getKey());
        }
    }

    @Test
    void runCommandWithEvalshaWorksAgainstRedisToo() {
        double exact = peaksAntiderivative(1) - peaksAntiderivative(0);
        Map<String, Double> areas = areas(ExampleProcess.run("quadrature/run", "--port", RealRedis.shared().port(),
                "--atomic", "-k", 2, "--tolerance", "1e-6", "--tag", "ex-quad").succeeded());
        assertEquals(3, areas.size());
        areas.values().forEach(area -> assertEquals(exact, area, 1e-6));
    }

    /** The sequential mode and one worker after a seed: Redactor's areas, interval and evaluation counts are Redis's. */
    @Test
    void scriptGivesRedisResults() {
        List<String> keys = List.of("{ex-quad-r}:work", "{ex-quad-r}:total", "{ex-quad-r}:pending");
        for (String integrand : List.of("peaks", "wave")) {
            List<String> common = List.of(integrand, "0", "1", "1e-4", "8", "100", "50", "10");
            Object redactorSequential;
            Object redisSequential;
            Object redactorWorker;
            Object redisWorker;
            String redactorTotal;
            String redisTotal;
            try (Jedis redactor = TestRedactor.shared().jedis(); Jedis redis = RealRedis.shared().jedis()) {
                redactorSequential = redactor.eval(SCRIPT, keys, args("sequential", common));
                redisSequential = redis.eval(SCRIPT, keys, args("sequential", common));
                assertEquals(8L, redactor.eval(SCRIPT, keys, args("seed", common)));
                assertEquals(8L, redis.eval(SCRIPT, keys, args("seed", common)));
                redactorWorker = redactor.eval(SCRIPT, keys, args("worker", common));
                redisWorker = redis.eval(SCRIPT, keys, args("worker", common));
                redactorTotal = redactor.get(keys.get(1));
                redisTotal = redis.get(keys.get(1));
            }
            assertEquals(redisSequential, redactorSequential, integrand);
            assertEquals(redisWorker, redactorWorker, integrand);
            assertEquals(Double.parseDouble(redisTotal), Double.parseDouble(redactorTotal), 1e-12, integrand);
        }
    }

    @Test
    void scriptRefusesUnknownModesAndIntegrands() {
        List<String> keys = List.of("{ex-quad-e}:work", "{ex-quad-e}:total", "{ex-quad-e}:pending");
        for (List<String> argv : List.of(List.of("walk", "peaks", "0", "1", "1e-3", "4", "10", "50", "10"),
                List.of("worker", "gauss", "0", "1", "1e-3", "4", "10", "50", "10"))) {
            String redactor;
            String redis;
            try (Jedis jedis = TestRedactor.shared().jedis()) {
                redactor = errorOf(jedis, keys, argv);
            }
            try (Jedis jedis = RealRedis.shared().jedis()) {
                redis = errorOf(jedis, keys, argv);
            }
            assertEquals(redis, redactor);
            assertTrue(redactor.startsWith("ERR unknown "), redactor);
        }
    }

    private static String errorOf(Jedis jedis, List<String> keys, List<String> argv) {
        try {
            jedis.eval(SCRIPT, keys, argv);
            throw new AssertionError("no error for " + argv);
        } catch (redis.clients.jedis.exceptions.JedisDataException e) {
            return e.getMessage();
        }
    }

    private static List<String> args(String mode, List<String> common) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(mode), common.stream()).toList();
    }

    /** Run name -> area, from the driver's table. */
    private static Map<String, Double> areas(String output) {
        assertTrue(output.contains("\nOK\n"), output);
        Map<String, Double> areas = new LinkedHashMap<>();
        Matcher row = ROW.matcher(output);
        while (row.find()) {
            areas.put(row.group(1), Double.parseDouble(row.group(2)));
        }
        return areas;
    }
}
