package io.redactor.e2e.lua;

import io.redactor.core.keys.PartitionMap;
import io.redactor.testing.Eventually;
import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scripts past busy-reply-threshold: BUSY from the partitions they hold only, SCRIPT KILL before a write (also
 * inside pcall), UNKILLABLE after one, NOTBUSY when nothing is busy. A private server with a 100 ms threshold.
 */
class BusyScriptTest {
    private static final String BUSY = "BUSY Redis is busy running a script. You can only call SCRIPT KILL or "
            + "SHUTDOWN NOSAVE.";
    private static final String LOOP = "while true do end";
    private static final Duration DEADLINE = Duration.ofSeconds(20);
    private static TestRedactor server;
    /** Not the common pool: it may have a single thread, which a blocked EVAL would occupy. */
    private static final ExecutorService clients = Executors.newCachedThreadPool();

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of("redactor.redis.busy-reply-threshold", "100"));
    }

    @AfterAll
    static void stop() {
        clients.shutdownNow();
        server.close();
    }

    /** Runs {@code script} with {@code keys} on its own connection; completes with its reply or error text. */
    private static CompletableFuture<Object> evalInBackground(String script, String... keys) {
        return CompletableFuture.supplyAsync(() -> {
            try (Jedis jedis = server.jedis()) {
                return jedis.eval(script, List.of(keys), List.of());
            } catch (JedisDataException e) {
                return e.getMessage();
            }
        }, clients);
    }

    private static void awaitBusy(Jedis jedis, String heldKey) {
        Eventually.until("the script holding " + heldKey + " is busy", Duration.ofSeconds(10), () -> {
            try {
                jedis.get(heldKey);
                return false;
            } catch (JedisDataException e) {
                return e.getMessage().startsWith("BUSY");
            }
        });
    }

    @Test
    void aBusyScriptBlocksOnlyItsPartitionsAndScriptKillStopsIt() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            try (Jedis jedis = server.jedis()) {
                jedis.set("busy:{a}", "before");
                jedis.set("free:{b}", "free");
                CompletableFuture<Object> script = evalInBackground("redis.call('get', KEYS[1]) " + LOOP, "busy:{a}");
                awaitBusy(jedis, "busy:{a}");
                JedisDataException busy = assertThrows(JedisDataException.class, () -> jedis.get("busy:{a}"));
                assertEquals(BUSY, busy.getMessage());
                assertEquals("free", jedis.get("free:{b}"));
                assertEquals("free", jedis.eval("return redis.call('get', KEYS[1])", List.of("free:{b}"), List.of()));
                assertEquals("PONG", jedis.ping());
                assertEquals("OK", jedis.scriptKill());
                Object reply = script.get(10, TimeUnit.SECONDS);
                assertTrue(reply.toString().startsWith("ERR Script killed by user with SCRIPT KILL... script: "),
                        reply.toString());
                assertTrue(reply.toString().endsWith(", on @user_script:1."), reply.toString());
                assertEquals("before", jedis.get("busy:{a}"));
            }
        });
    }

    @Test
    void commandsHeldBackBeforeTheThresholdAreAnsweredBusyOnceItPasses() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            try (Jedis jedis = server.jedis(); Jedis waiter = server.jedis()) {
                jedis.set("held:{c}", "x");
                CompletableFuture<Object> script = evalInBackground("redis.call('get', KEYS[1]) " + LOOP, "held:{c}");
                Eventually.until("the script runs", Duration.ofSeconds(5), () -> server.server().node().services().scripts()
                        .runningCount() == 1);
                CompletableFuture<String> early = CompletableFuture.supplyAsync(() -> {
                    try {
                        return waiter.get("held:{c}");
                    } catch (JedisDataException e) {
                        return e.getMessage();
                    }
                }, clients);
                assertEquals(BUSY, early.get(10, TimeUnit.SECONDS));
                assertEquals("OK", jedis.scriptKill());
                script.get(10, TimeUnit.SECONDS);
            }
        });
    }

    @Test
    void scriptKillWorksInsidePcall() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            try (Jedis jedis = server.jedis()) {
                CompletableFuture<Object> script = evalInBackground(
                        "redis.call('get', KEYS[1]) local ok = pcall(function() " + LOOP + " end) return 'escaped'",
                        "pcall:{d}");
                awaitBusy(jedis, "pcall:{d}");
                assertEquals("OK", jedis.scriptKill());
                assertTrue(script.get(10, TimeUnit.SECONDS).toString().startsWith("ERR Script killed by user"));
            }
        });
    }

    @Test
    void aScriptThatWroteIsUnkillableAndFinishes() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            try (Jedis jedis = server.jedis()) {
                CompletableFuture<Object> script = evalInBackground(
                        "redis.call('set', KEYS[1], 'written') local t0 = redis.call('time') "
                                + "repeat local t = redis.call('time') "
                                + "until (t[1] - t0[1]) * 1000000 + (t[2] - t0[2]) > 800000 return 'done'",
                        "wrote:{e}");
                awaitBusy(jedis, "wrote:{e}");
                JedisDataException unkillable = assertThrows(JedisDataException.class, jedis::scriptKill);
                assertEquals("UNKILLABLE Sorry the script already executed write commands against the dataset. "
                        + "You can either wait the script termination or kill the server in a hard way using the "
                        + "SHUTDOWN NOSAVE command.", unkillable.getMessage());
                assertEquals("done", script.get(10, TimeUnit.SECONDS));
                assertEquals("written", jedis.get("wrote:{e}"));
            }
        });
    }

    @Test
    void shutdownNosaveStopsAServerWhoseScriptIsUnkillable() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            TestRedactor doomed = TestRedactor.start(Map.of("redactor.redis.busy-reply-threshold", "100"));
            try (RawClient client = doomed.raw(); RawClient admin = doomed.raw(); Jedis jedis = doomed.jedis()) {
                client.send("EVAL \"redis.call('set', KEYS[1], '1') " + LOOP + "\" 1 doomed\r\n");
                Eventually.until("the script is busy", Duration.ofSeconds(10), () -> {
                    try {
                        jedis.get("doomed");
                        return false;
                    } catch (JedisDataException e) {
                        return e.getMessage().startsWith("BUSY");
                    }
                });
                assertThrows(JedisDataException.class, jedis::scriptKill);
                admin.send("SHUTDOWN NOSAVE\r\n");
                assertTrue(admin.isClosedByServer(10_000), "SHUTDOWN closes the connection");
                assertTrue(client.isClosedByServer(10_000), "the script's client is disconnected");
            } finally {
                doomed.close();
            }
        });
    }

    @Test
    void aBusyFunctionIsStoppedByFunctionKillNotScriptKill() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            try (Jedis jedis = server.jedis()) {
                jedis.functionLoadReplace("#!lua name=spinner\nredis.register_function('spin', function(keys) "
                        + "redis.call('get', keys[1]) " + LOOP + " end)");
                CompletableFuture<Object> function = CompletableFuture.supplyAsync(() -> {
                    try (Jedis caller = server.jedis()) {
                        return caller.fcall("spin", List.of("fn:{f}"), List.of());
                    } catch (JedisDataException e) {
                        return e.getMessage();
                    }
                }, clients);
                Eventually.until("the function is busy", Duration.ofSeconds(10), () -> {
                    try {
                        jedis.get("fn:{f}");
                        return false;
                    } catch (JedisDataException e) {
                        return e.getMessage().equals("BUSY Redis is busy running a script. You can only call "
                                + "FUNCTION KILL or SHUTDOWN NOSAVE.");
                    }
                });
                JedisDataException wrongKill = assertThrows(JedisDataException.class, jedis::scriptKill);
                assertEquals("BUSY Redis is busy running a script. You can only call FUNCTION KILL or SHUTDOWN "
                        + "NOSAVE.", wrongKill.getMessage());
                assertEquals("OK", jedis.functionKill());
                assertEquals("ERR Script killed by user with SCRIPT KILL... script: spin, on @user_function:2.",
                        function.get(10, TimeUnit.SECONDS));
            }
        });
    }

    /** Declared keys in every partition hold the whole server, as numkeys 0 does: PING and EXEC are refused too. */
    @Test
    void aScriptWithKeysInEveryPartitionMakesEveryCommandBusy() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            try (Jedis jedis = server.jedis(); RawClient other = server.raw()) {
                String[] keys = keysInEveryPartition(16);
                CompletableFuture<Object> script = evalInBackground("redis.call('get', KEYS[1]) " + LOOP, keys);
                Eventually.until("the script is busy everywhere", Duration.ofSeconds(10),
                        () -> other.call("PING").startsWith("-BUSY"));
                assertEquals("-" + BUSY + "\r\n", other.call("ECHO", "x"));
                assertEquals("-EXECABORT Transaction discarded because of: " + BUSY + "\r\n", other.call("EXEC"));
                assertEquals("OK", jedis.scriptKill());
                assertTrue(script.get(10, TimeUnit.SECONDS).toString().startsWith("ERR Script killed by user"));
                assertEquals("+PONG\r\n", other.call("PING"));
            }
        });
    }

    /** One key per partition of a server with {@code count} partitions. */
    private static String[] keysInEveryPartition(int count) {
        PartitionMap map = new PartitionMap(count);
        String[] keys = new String[count];
        for (int i = 0, found = 0; found < count; i++) {
            String key = "every:" + i;
            int partition = map.partitionOf(key.getBytes(StandardCharsets.UTF_8));
            if (keys[partition] == null) {
                keys[partition] = key;
                found++;
            }
        }
        return keys;
    }

    @Test
    void nothingBusyMeansNotBusy() {
        try (Jedis jedis = server.jedis()) {
            JedisDataException e = assertThrows(JedisDataException.class, jedis::scriptKill);
            assertEquals("NOTBUSY No scripts in execution right now.", e.getMessage());
        }
    }
}
