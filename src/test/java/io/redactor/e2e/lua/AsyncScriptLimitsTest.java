package io.redactor.e2e.lua;

import io.redactor.testing.Eventually;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.redactor.e2e.lua.AsyncScriptTest.EVALASYNC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Admission control, the time limit and BUSY: async scripts on servers configured for them. */
class AsyncScriptLimitsTest {
    private static final String WAIT_FOR_GO = "while redis.call('get', 'go') ~= 'go' do end return 'done'";
    private static ExecutorService callers;

    @BeforeAll
    static void startCallers() {
        callers = Executors.newCachedThreadPool();
    }

    @AfterAll
    static void stopCallers() {
        callers.shutdownNow();
    }

    private static CompletableFuture<Object> startAsync(TestRedactor server, String script) {
        return CompletableFuture.supplyAsync(() -> {
            try (Jedis jedis = server.jedis()) {
                Object reply = jedis.sendCommand(EVALASYNC, script, "0");
                return reply instanceof byte[] bytes ? new String(bytes) : reply;
            } catch (JedisDataException e) {
                return "error: " + e.getMessage();
            }
        }, callers);
    }

    private static long info(Jedis jedis, String field) {
        Matcher m = Pattern.compile("(?m)^" + field + ":(\\d+)").matcher(jedis.info("scripts"));
        assertTrue(m.find(), field);
        return Long.parseLong(m.group(1));
    }

    @Test
    void pastTheRunningAndQueuedLimitsCallersAreRefusedWithBusy() throws Exception {
        try (TestRedactor server = TestRedactor.start(Map.of("redactor.scripts.async.max-running", 2,
                "redactor.scripts.async.max-queued", 1));
             Jedis jedis = server.jedis()) {
            List<CompletableFuture<Object>> admitted = new ArrayList<>();
            admitted.add(startAsync(server, WAIT_FOR_GO));
            admitted.add(startAsync(server, WAIT_FOR_GO));
            Eventually.until("two run", () -> info(jedis, "async_scripts_running") == 2);
            admitted.add(startAsync(server, WAIT_FOR_GO));
            Eventually.until("one waits", () -> info(jedis, "async_scripts_queued") == 1);

            JedisDataException refused = assertThrows(JedisDataException.class,
                    () -> jedis.sendCommand(EVALASYNC, "return redis.call('ping')", "0"));
            assertEquals("BUSY Too many async scripts running and queued, try again later (redactor.scripts.async)",
                    refused.getMessage());
            assertEquals(1, info(jedis, "async_scripts_rejected"));
            assertEquals(1L, jedis.eval("return 1"), "atomic scripts are not limited by async admission");
            assertEquals(2L, jedis.sendCommand(EVALASYNC, "return 1 + 1", "0"),
                    "a script that only computes is answered at once, without a place of its own");

            jedis.set("go", "go");
            for (CompletableFuture<Object> script : admitted) {
                assertEquals("done", script.get(10, TimeUnit.SECONDS));
            }
            assertEquals(4, info(jedis, "async_scripts_completed"), "the three and the inline one");
            Eventually.until("every place given back", () -> info(jedis, "async_scripts_running") == 0
                    && info(jedis, "async_scripts_queued") == 0);
        }
    }

    @Test
    void aScriptPastTheTimeLimitIsStoppedWithAnError() throws Exception {
        try (TestRedactor server = TestRedactor.start(Map.of("redactor.scripts.async.time-limit", "300ms"));
             Jedis jedis = server.jedis()) {
            Object stopped = startAsync(server, "local n = 0\nwhile true do\n  n = n + 1\nend")
                    .get(10, TimeUnit.SECONDS);
            assertTrue(((String) stopped).matches("error: ERR Async script timed out after 300 ms "
                    + "\\(redactor.scripts.async.time-limit\\)\\.\\.\\. script: [0-9a-f]{40}, on @user_script:[23]\\."),
                    stopped.toString());
            assertEquals(1, info(jedis, "async_scripts_timed_out"));
            assertEquals("fast", startAsync(server, "return 'fast'").get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void aLongAsyncScriptNeverMakesOthersBusy() throws Exception {
        try (TestRedactor server = TestRedactor.start(Map.of());
             Jedis jedis = server.jedis()) {
            jedis.configSet("busy-reply-threshold", "50");
            CompletableFuture<Object> script = startAsync(server,
                    "redis.call('set', 'k', 'v') " + WAIT_FOR_GO);
            Eventually.until("the script started", () -> "v".equals(jedis.get("k")));
            Thread.sleep(200);
            assertEquals("v", jedis.get("k"), "past the busy threshold, its keys still answer");
            assertEquals("OK", jedis.set("k", "w"));
            JedisDataException notBusy = assertThrows(JedisDataException.class, jedis::scriptKill);
            assertEquals("NOTBUSY No scripts in execution right now.", notBusy.getMessage());
            jedis.set("go", "go");
            assertEquals("done", script.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void shutdownNosaveStopsRunningAsyncScripts() throws Exception {
        TestRedactor server = TestRedactor.start(Map.of());
        try (Jedis jedis = server.jedis()) {
            CompletableFuture<Object> script = startAsync(server, "redis.call('set', 'k', 1) while true do end");
            Eventually.until("the script started", () -> jedis.exists("k"));
            try {
                jedis.shutdown();
            } catch (RuntimeException expected) {
                // the connection closes under the command
            }
            Object ended = script.handle((reply, failure) -> failure != null ? "error: " + failure : reply)
                    .get(10, TimeUnit.SECONDS);
            assertTrue(ended.toString().startsWith("error:"), "its caller is disconnected: " + ended);
        } finally {
            server.close();
        }
    }
}
