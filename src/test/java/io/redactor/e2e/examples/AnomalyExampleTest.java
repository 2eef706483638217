package io.redactor.e2e.examples;

import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * examples/anomaly: its run command finds exactly the windows the generator injected anomalies in, the cached run
 * finds the same ones from the cache, and Redis finds the same windows with the same chi-square values.
 */
class AnomalyExampleTest {
    /** The hours generate.py puts its anomalies in (spike, flatline, noise, outage, shift). */
    private static final List<String> INJECTED = List.of("2024-01-05 10:00", "2024-01-09 03:00", "2024-01-14 16:00",
            "2024-01-20 08:00", "2024-01-26 21:00");
    private static final Pattern ANOMALY = Pattern.compile(
            "^  (\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d)  chi-square +([\\d.]+)  df +(\\d+)  critical +([\\d.]+)  (.*)$",
            Pattern.MULTILINE);

    @Test
    void runCommandFindsExactlyTheInjectedWindowsAndTheCachedRunReadsTheCache() {
        String key = "metric:{ex-anomaly}";
        String output = ExampleProcess.run("anomaly/run", "--port", TestRedactor.shared().port(), "--repeat", 1,
                "--key", key).succeeded();
        assertEquals(INJECTED, windows(output));
        assertTrue(output.contains("OK: exactly the windows with injected anomalies"), output);
        assertTrue(output.matches("(?s).*first run: +[\\d.]+ s  720 windows, 648 judged, 720 computed from points, "
                + "0 from the cache\n.*"), output);
        assertTrue(output.matches("(?s).*cached run: +[\\d.]+ s  720 windows, 648 judged, 1 computed from points, "
                + "719 from the cache\n.*"), output);
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            assertEquals(43_200, jedis.zcard(key));
            // every window but the last one, which no later point closes
            assertEquals(719, jedis.hlen(key + ":windows:3600:0:100:20"));
        }
    }

    @Test
    void redisFindsTheSameWindowsWithTheSameStatistics() {
        List<String> options = List.of("--repeat", "1", "--key", "metric:{ex-anomaly-r}", "--window", "7200",
                "--bins", "30", "--confidence", "0.9999");
        String redactor = ExampleProcess.run("anomaly/run", with(options, "--port", TestRedactor.shared().port()))
                .succeeded();
        String redis = ExampleProcess.run("anomaly/run", with(options, "--port", RealRedis.shared().port(), "--atomic"))
                .succeeded();
        assertEquals(anomalyLines(redis), anomalyLines(redactor));
        assertEquals(5, anomalyLines(redactor).size(), redactor);
    }

    @Test
    void withoutSeasonsEveryEarlierWindowIsTheReference() {
        // the daily cycle makes most hours differ from the hours before them: the run says so and fails
        ExampleProcess.Result result = ExampleProcess.run("anomaly/run", "--port", TestRedactor.shared().port(),
                "--repeat", 1, "--days", 6, "--season", 0, "--key", "metric:{ex-anomaly-s}");
        assertEquals(1, result.exitCode(), result.output());
        assertTrue(result.output().contains("DIFFERENT: 0 missed ()"), result.output());
    }

    @Test
    void badArgumentsAreRefusedAsRedisRefusesThem() {
        String script = ExampleProcess.read("anomaly/anomaly.lua");
        List<String> keys = List.of("metric:{ex-anomaly-e}", "metric:{ex-anomaly-e}:windows");
        List<String> argv = List.of("0", "3600", "600", "0", "100", "10", "1.5", "0", "7", "3");
        try (Jedis redactor = TestRedactor.shared().jedis(); Jedis redis = RealRedis.shared().jedis()) {
            assertEquals(errorOf(redis, script, keys, argv), errorOf(redactor, script, keys, argv));
        }
    }

    private static String errorOf(Jedis jedis, String script, List<String> keys, List<String> argv) {
        try {
            jedis.eval(script, keys, argv);
            throw new AssertionError("no error for " + argv);
        } catch (redis.clients.jedis.exceptions.JedisDataException e) {
            assertTrue(e.getMessage().startsWith("ERR bad arguments"), e.getMessage());
            return e.getMessage();
        }
    }

    private static Object[] with(List<String> options, Object... more) {
        List<Object> all = new ArrayList<>(options);
        all.addAll(List.of(more));
        return all.toArray();
    }

    private static List<String> windows(String output) {
        List<String> windows = new ArrayList<>();
        Matcher m = ANOMALY.matcher(output);
        while (m.find()) {
            windows.add(m.group(1));
        }
        return windows;
    }

    private static List<String> anomalyLines(String output) {
        List<String> lines = new ArrayList<>();
        Matcher m = ANOMALY.matcher(output);
        while (m.find()) {
            lines.add(m.group());
        }
        return lines;
    }
}
