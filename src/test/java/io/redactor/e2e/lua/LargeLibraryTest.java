package io.redactor.e2e.lua;

import io.redactor.testing.Machine;
import io.redactor.testing.RealRedis;
import io.redactor.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Code too big for the thread a command arrives on, against a server process with {@code bin/redactor}'s garbage
 * collector: FUNCTION LOAD of a library of 100,000 functions (7.5 MB), its FUNCTION DUMP and RESTORE, and EVAL and
 * SCRIPT LOAD of a 10 MB body, while another client's GETs are timed; and a library whose code loops forever,
 * which gets Redis's timeout error. Replies are compared with a real Redis 7.0.
 *
 * <p>Other clients' GETs must answer within {@link #GET_MAX_MILLIS}, a stall rather than the 50 ms target
 * (which {@code bench/compare-function-load.sh} measures: garbage collections copying the library's objects took
 * GETs to 54-63 ms on a quiet machine); judged only on a machine not busy with other work (load average at most
 * twice its cores before the test), where a stall would be the server's doing.
 */
class LargeLibraryTest {
    private static final int FUNCTIONS = 100_000;
    private static final long GET_MAX_MILLIS = 250;
    private static final String TIMEOUT = "ERR Error registering functions: ERR FUNCTION LOAD timeout";

    @TempDir
    static Path dir;
    private static ServerProcess server;
    private static boolean quietMachine;

    @BeforeAll
    static void start() {
        quietMachine = Machine.quiet();
        server = ServerProcess.start(dir, Map.of("save", ""), ServerProcess.BIN_REDACTOR_GC);
    }

    @AfterAll
    static void stop() {
        server.close();
        try (Jedis redis = RealRedis.shared().jedis()) {
            redis.functionFlush();
            redis.scriptFlush();
        }
    }

    /** {@code redis.register_function('f'..N, function(keys, args) return N end)} for N from 1 to {@code n}. */
    static String library(String name, int n) {
        StringBuilder code = new StringBuilder(80 * n).append("#!lua name=").append(name).append('\n');
        for (int i = 1; i <= n; i++) {
            code.append("redis.register_function('f'..").append(i).append(", function(keys, args) return ")
                    .append(i).append(" end)\n");
        }
        return code.toString();
    }

    @Test
    void aLibraryOf100000FunctionsLoadsReplacesDumpsAndRestoresWhileOtherClientsAreServed() {
        String code = library("big", FUNCTIONS);
        try (Jedis jedis = server.jedis(); Jedis redis = RealRedis.shared().jedis()) {
            jedis.functionFlush();
            redis.functionFlush();
            maxGetMillisDuring(() -> assertEquals("big", jedis.functionLoad(code)));
            assertEquals("big", loadIntoRedis(redis, code, false));
            assertCalls(redis, jedis, 1);
            assertEquals(FUNCTIONS, functionsCount(jedis));
            assertEquals(functionsCount(redis), functionsCount(jedis));

            assertEquals(error(() -> redis.functionLoad(code)), error(() -> jedis.functionLoad(code)));
            String doubled = code.replace("return", "return 2 *");
            maxGetMillisDuring(() -> assertEquals("big", jedis.functionLoadReplace(doubled)));
            assertEquals("big", loadIntoRedis(redis, doubled, true));
            assertCalls(redis, jedis, 2);

            byte[] dump = jedis.functionDump();
            assertArrayEquals(redis.functionDump(), dump, "FUNCTION DUMP gives Redis's payload");
            jedis.functionFlush();
            maxGetMillisDuring(() -> assertEquals("OK", jedis.functionRestore(dump)));
            assertCalls(redis, jedis, 2);
            assertEquals(error(() -> redis.functionRestore(dump)), error(() -> jedis.functionRestore(dump)));
        }
    }

    /**
     * FUNCTION LOAD into the reference Redis, again while it refuses, for up to a minute: its 500 ms limit is wall
     * time, which a busy machine stretches past it for this library now and then (five tries in a row were refused
     * on a machine running two other builds).
     */
    private static String loadIntoRedis(Jedis redis, String code, boolean replace) {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (true) {
            try {
                return replace ? redis.functionLoadReplace(code) : redis.functionLoad(code);
            } catch (JedisDataException e) {
                if (!e.getMessage().equals(TIMEOUT) || System.nanoTime() > deadline) {
                    throw e;
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
            }
        }
    }

    /** FCALL of a few functions, in any case, answers as in Redis: {@code times} times the function's number. */
    private static void assertCalls(Jedis redis, Jedis jedis, int times) {
        for (int f : List.of(1, 2, 77_777, FUNCTIONS)) {
            assertEquals(redis.fcall("f" + f, List.of(), List.of()), jedis.fcall("f" + f, List.of(), List.of()));
            assertEquals((long) f * times, jedis.fcall("F" + f, List.of(), List.of()), "names ignore case");
        }
    }

    @Test
    void aLibraryThatLoopsForeverGetsRedisTimeoutError() {
        try (Jedis jedis = server.jedis(); Jedis redis = RealRedis.shared().jedis()) {
            for (String loop : List.of("while true do end",
                    "local n = 0 repeat n = n + 1 until n < 0",
                    "for i = 1, 1e308 do end")) {
                String code = "#!lua name=loop\n" + loop + "\nredis.register_function('f', function() return 1 end)";
                assertEquals(TIMEOUT, error(() -> redis.functionLoad(code)));
                long start = System.nanoTime();
                assertEquals(TIMEOUT, error(() -> jedis.functionLoad(code)), loop);
                long millis = (System.nanoTime() - start) / 1_000_000;
                assertTrue(millis >= 500 && millis < 10_000, loop + ": " + millis + " ms");
                assertEquals("PONG", jedis.ping());
                assertEquals(error(() -> redis.fcall("f", List.of(), List.of())),
                        error(() -> jedis.fcall("f", List.of(), List.of())));
            }
        }
    }

    @Test
    void aTenMegabyteScriptCompilesAndRunsWhileOtherClientsAreServed() {
        StringBuilder body = new StringBuilder("local x = 0\n");
        while (body.length() < 10 << 20) {
            body.append("x = x + 1\n");
        }
        String script = body.append("return x").toString();
        try (Jedis jedis = server.jedis(); Jedis redis = RealRedis.shared().jedis()) {
            Object expected = redis.eval(script);
            maxGetMillisDuring(() -> assertEquals(expected, jedis.eval(script)));
            assertEquals(redis.scriptLoad(script), jedis.scriptLoad(script));
            jedis.scriptFlush();
            String sha = redis.scriptLoad(script);
            maxGetMillisDuring(() -> assertEquals(sha, jedis.scriptLoad(script)));
            assertEquals(expected, jedis.evalsha(sha));
            String broken = script + " +";
            assertEquals(error(() -> redis.eval(broken)).replaceAll("f_[0-9a-f]+", "f_"),
                    error(() -> jedis.eval(broken)).replaceAll("f_[0-9a-f]+", "f_"));
        }
    }

    private static String error(Runnable command) {
        try {
            command.run();
            return "(no error)";
        } catch (JedisDataException e) {
            return e.getMessage();
        }
    }

    private static long functionsCount(Jedis jedis) {
        Object count = jedis.functionStats().getEngines().get("LUA").get("functions_count");
        return count instanceof Long n ? n : -1;
    }

    /**
     * Runs {@code work} while another client GETs a key in a loop; judges the longest GET on a quiet machine.
     */
    private static void maxGetMillisDuring(Runnable work) {
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong maxNanos = new AtomicLong();
        AtomicLong gets = new AtomicLong();
        Thread getter = Thread.ofPlatform().start(() -> {
            try (Jedis other = server.jedis()) {
                other.set("probe", "value");
                while (running.get()) {
                    long start = System.nanoTime();
                    assertEquals("value", other.get("probe"));
                    maxNanos.accumulateAndGet(System.nanoTime() - start, Math::max);
                    gets.incrementAndGet();
                }
            }
        });
        try {
            sleep(200);
            work.run();
            sleep(200);
        } finally {
            running.set(false);
            join(getter);
        }
        long maxMillis = maxNanos.get() / 1_000_000;
        System.out.printf("LargeLibraryTest: %d GETs meanwhile, the longest %d ms (machine %s)%n", gets.get(),
                maxMillis, quietMachine ? "quiet: judged" : "busy: not judged");
        assertTrue(gets.get() > 0, "the other client was served");
        if (quietMachine) {
            assertTrue(maxMillis <= GET_MAX_MILLIS, "the longest GET took " + maxMillis + " ms");
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
