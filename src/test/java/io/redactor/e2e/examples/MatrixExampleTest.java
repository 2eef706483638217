package io.redactor.e2e.examples;

import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** examples/matrix: its run command on Redactor and Redis, and its script against Redis's answers. */
class MatrixExampleTest {
    private static final String SCRIPT = ExampleProcess.read("matrix/matrix.lua");

    @Test
    void runCommandWritesTheProductOfTheMatricesItLoaded() {
        int port = TestRedactor.shared().port();
        String output = ExampleProcess.run("matrix/run", "--port", port, "-n", 12, "--seed", 5, "--tag", "ex-matrix")
                .succeeded();
        assertTrue(output.matches("n=12 time=\\d+\\.\\d{3}s OK\n"), output);
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            assertProductWritten(jedis, "ex-matrix", 12);
        }
    }

    @Test
    void parallelMultiplicationsEachWriteTheirOwnProduct() {
        int port = TestRedactor.shared().port();
        String output = ExampleProcess.run("matrix/run", "--port", port, "-n", 7, "--parallel", 3,
                "--tag", "ex-matrix-p").succeeded();
        assertTrue(output.matches("n=7 parallel=3 time=\\d+\\.\\d{3}s OK\n"), output);
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            for (int i = 0; i < 3; i++) {
                assertProductWritten(jedis, "ex-matrix-p" + i, 7);
            }
        }
    }

    @Test
    void runCommandWithEvalshaWorksAgainstRedisToo() {
        String output = ExampleProcess.run("matrix/run", "--port", RealRedis.shared().port(), "--atomic", "-n", 9,
                "--tag", "ex-matrix").succeeded();
        assertTrue(output.matches("n=9 time=\\d+\\.\\d{3}s OK\n"), output);
    }

    /** Decimal entries: the result list holds Lua's numbers as Redis formats them (%.17g), byte for byte. */
    @Test
    void scriptWritesTheSameListAsRedisForDecimalEntries() {
        int n = 5;
        SplittableRandom random = new SplittableRandom(11);
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        for (int i = 0; i < n * n; i++) {
            a.add(Double.toString(random.nextInt(-500, 500) / 100.0));
            b.add(random.nextInt(3) == 0 ? "0.1" : Double.toString(random.nextInt(1000) / 7.0));
        }
        List<String> redactor;
        List<String> redis;
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            redactor = multiply(jedis, a, b);
        }
        try (Jedis jedis = RealRedis.shared().jedis()) {
            redis = multiply(jedis, a, b);
        }
        assertEquals(redis, redactor);
        assertEquals(n * n, redactor.size());
    }

    private static List<String> multiply(Jedis jedis, List<String> a, List<String> b) {
        String[] keys = {"{ex-matrix-d}:A", "{ex-matrix-d}:B", "{ex-matrix-d}:R"};
        jedis.del(keys);
        jedis.rpush(keys[0], a.toArray(String[]::new));
        jedis.rpush(keys[1], b.toArray(String[]::new));
        assertEquals(5L, jedis.eval(SCRIPT, List.of(keys), List.of()));
        return jedis.lrange(keys[2], 0, -1);
    }

    private static void assertProductWritten(Jedis jedis, String tag, int n) {
        long[] a = longs(jedis.lrange("{" + tag + "}:A", 0, -1));
        long[] b = longs(jedis.lrange("{" + tag + "}:B", 0, -1));
        assertEquals(n * n, a.length);
        assertEquals(n * n, b.length);
        List<String> expected = new ArrayList<>();
        for (int row = 0; row < n; row++) {
            for (int column = 0; column < n; column++) {
                long sum = 0;
                for (int k = 0; k < n; k++) {
                    sum += a[row * n + k] * b[k * n + column];
                }
                expected.add(Long.toString(sum));
            }
        }
        assertEquals(expected, jedis.lrange("{" + tag + "}:R", 0, -1), tag);
    }

    private static long[] longs(List<String> values) {
        return values.stream().mapToLong(Long::parseLong).toArray();
    }
}
