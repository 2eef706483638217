package io.redactor.e2e.lua;

import io.redactor.testing.Eventually;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.exceptions.JedisDataException;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** EVALASYNC, EVALSHAASYNC, FCALLASYNC and SCRIPT ASYNC over real sockets: what makes them differ from EVAL. */
class AsyncScriptTest {
    static final ProtocolCommand EVALASYNC = () -> "EVALASYNC".getBytes(StandardCharsets.US_ASCII);
    static final ProtocolCommand EVALSHAASYNC = () -> "EVALSHAASYNC".getBytes(StandardCharsets.US_ASCII);
    static final ProtocolCommand FCALLASYNC = () -> "FCALLASYNC".getBytes(StandardCharsets.US_ASCII);
    private static final ProtocolCommand SCRIPT = () -> "SCRIPT".getBytes(StandardCharsets.US_ASCII);
    /** Waits, polling its second key, until another client sets it to "go". */
    private static final String WAIT_FOR_GO =
            "redis.call('set', KEYS[1], 'started') while redis.call('get', KEYS[2]) ~= 'go' do end return 'done'";

    private static ExecutorService callers;

    @BeforeAll
    static void startCallers() {
        callers = Executors.newCachedThreadPool();
    }

    @AfterAll
    static void stopCallers() {
        callers.shutdownNow();
    }

    @BeforeEach
    void flush() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            jedis.flushAll();
        }
    }

    static Object evalAsync(Jedis jedis, String script, String... keysThenArgs) {
        return jedis.sendCommand(EVALASYNC, concat(script, keysThenArgs));
    }

    private static String[] concat(String first, String... rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    /** Runs {@code script} with EVALASYNC on a connection of its own, in the background. */
    private static CompletableFuture<Object> startAsync(TestRedactor server, String script, String... keysThenArgs) {
        return CompletableFuture.supplyAsync(() -> {
            try (Jedis jedis = server.jedis()) {
                return decode(evalAsync(jedis, script, keysThenArgs));
            } catch (JedisDataException e) {
                return "error: " + e.getMessage();
            }
        }, callers);
    }

    private static Object decode(Object reply) {
        return reply instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : reply;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> asyncList(Jedis jedis) {
        List<Object> entries = (List<Object>) jedis.sendCommand(SCRIPT, "ASYNC", "LIST");
        List<Map<String, Object>> list = new ArrayList<>();
        for (Object entry : entries) {
            List<Object> fields = (List<Object>) entry;
            Map<String, Object> map = new java.util.LinkedHashMap<>();
            for (int i = 0; i < fields.size(); i += 2) {
                map.put((String) decode(fields.get(i)), decode(fields.get(i + 1)));
            }
            list.add(map);
        }
        return list;
    }

    private static long infoField(Jedis jedis, String name) {
        Matcher m = Pattern.compile("(?m)^" + name + ":(\\d+)").matcher(jedis.info("scripts"));
        assertTrue(m.find(), name + " in INFO scripts");
        return Long.parseLong(m.group(1));
    }

    @Test
    void otherClientsRunBetweenTheCallsOfAnAsyncScript() throws Exception {
        TestRedactor server = TestRedactor.shared();
        CompletableFuture<Object> script = startAsync(server, WAIT_FOR_GO, "2", "{a}state", "{b}go");
        try (Jedis jedis = server.jedis()) {
            Eventually.until("the script started", () -> "started".equals(jedis.get("{a}state")));
            jedis.set("{a}other", "answered");
            assertEquals("answered", jedis.get("{a}other"), "a command on the script's own partition");
            assertFalse(script.isDone(), "the script still waits for its go");
            jedis.set("{b}go", "go");
        }
        assertEquals("done", script.get(10, TimeUnit.SECONDS));
    }

    @Test
    void evalshaAsyncRunsACachedScriptAndKeepsTheOrderOfItsCalls() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            String sha = jedis.scriptLoad("for i = 1, tonumber(ARGV[1]) do redis.call('rpush', KEYS[1], i) end "
                    + "return redis.call('lrange', KEYS[1], 0, -1)");
            Object reply = jedis.sendCommand(EVALSHAASYNC, sha, "1", "list", "50");
            List<String> expected = new ArrayList<>();
            for (int i = 1; i <= 50; i++) {
                expected.add(Integer.toString(i));
            }
            assertEquals(expected, ((List<?>) reply).stream().map(AsyncScriptTest::decode).toList());
            JedisDataException missing = assertThrows(JedisDataException.class,
                    () -> jedis.sendCommand(EVALSHAASYNC, "0123456789012345678901234567890123456789", "0"));
            assertEquals("NOSCRIPT No matching script. Please use EVAL.", missing.getMessage());
        }
    }

    /**
     * Two CPU-bound scripts at once take about the time of one, as far as the machine lets two plain Java threads do
     * so right now: the scripts' slowdown from one to two is compared with that of two busy Java threads measured
     * between the same rounds, so that other load on the machine (which slows both alike) cannot fail the test, and
     * scripts run one after the other (a slowdown of 2) always does.
     */
    @Test
    void asyncScriptsOnBothCoresRunInParallel() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two cores");
        TestRedactor server = TestRedactor.shared();
        String spin = "local x = 0 for i = 1, tonumber(ARGV[1]) do x = x + i % 7 end return x";
        String iterations = "5000000";
        double scripts = Double.MAX_VALUE;
        double threads = Double.MAX_VALUE;
        // the best of four: other load only ever makes a round slower
        for (int attempt = 0; attempt < 4; attempt++) {
            long one = timed(() -> startAsync(server, spin, "0", iterations).get(60, TimeUnit.SECONDS));
            long two = timed(() -> CompletableFuture.allOf(startAsync(server, spin, "0", iterations),
                    startAsync(server, spin, "0", iterations)).get(60, TimeUnit.SECONDS));
            scripts = Math.min(scripts, (double) two / one);
            long oneThread = timed(() -> CompletableFuture.runAsync(AsyncScriptTest::busyWork, callers).get());
            long twoThreads = timed(() -> CompletableFuture.allOf(CompletableFuture.runAsync(
                    AsyncScriptTest::busyWork, callers), CompletableFuture.runAsync(AsyncScriptTest::busyWork, callers))
                    .get());
            threads = Math.min(threads, (double) twoThreads / oneThread);
        }
        assertTrue(scripts < Math.max(1.5, threads * 1.25), String.format(
                "two scripts at once took %.2fx the time of one; two Java threads %.2fx", scripts, threads));
    }

    private interface Timed {
        void run() throws Exception;
    }

    private static long timed(Timed work) throws Exception {
        long start = System.nanoTime();
        work.run();
        return System.nanoTime() - start;
    }

    private static volatile long sink;

    /** About as long as the scripts above: a few hundred milliseconds of arithmetic. */
    private static void busyWork() {
        long x = 0;
        for (long i = 1; i <= 200_000_000L; i++) {
            x += i % 7;
        }
        sink = x;
    }

    @Test
    void scriptAsyncKillStopsATightLoopAndALoopInsidePcall() throws Exception {
        TestRedactor server = TestRedactor.shared();
        CompletableFuture<Object> tight = startAsync(server, "redis.call('set', KEYS[1], 1) while true do end",
                "1", "{a}tight");
        CompletableFuture<Object> guarded = startAsync(server,
                "redis.call('set', KEYS[1], 1)\nwhile true do\n  pcall(function() while true do end end)\nend",
                "1", "{b}guarded");
        try (Jedis jedis = server.jedis()) {
            // a call counts once its reply is back in the script, a moment after the SET is visible to others
            Eventually.until("both made their call", () -> jedis.exists("{a}tight", "{b}guarded") == 2
                    && asyncList(jedis).stream().allMatch(script -> Long.valueOf(1).equals(script.get("calls"))));
            List<Map<String, Object>> running = asyncList(jedis);
            assertEquals(2, running.size(), running.toString());
            for (Map<String, Object> script : running) {
                assertEquals("running", script.get("state"));
                assertEquals("OK", decode(jedis.sendCommand(SCRIPT, "ASYNC", "KILL", script.get("id").toString())));
            }
            String tightError = (String) tight.get(10, TimeUnit.SECONDS);
            assertTrue(tightError.matches("error: ERR Script killed by user with SCRIPT ASYNC KILL\\.\\.\\. script: "
                    + "[0-9a-f]{40}, on @user_script:1\\."), tightError);
            String guardedError = (String) guarded.get(10, TimeUnit.SECONDS);
            assertTrue(guardedError.endsWith(", on @user_script:3."), guardedError);
            Eventually.until("the list is empty", () -> asyncList(jedis).isEmpty());
            JedisDataException gone = assertThrows(JedisDataException.class,
                    () -> jedis.sendCommand(SCRIPT, "ASYNC", "KILL", running.get(0).get("id").toString()));
            assertEquals("ERR No such async script", gone.getMessage());
        }
    }

    @Test
    void aScriptWaitingForAReplyIsKilledAtOnce() throws Exception {
        TestRedactor server = TestRedactor.shared();
        try (Jedis holder = server.jedis(); Jedis jedis = server.jedis()) {
            // an atomic script holds {h}'s partition for 2 s; the async script's GET waits for it
            CompletableFuture<Object> atomic = CompletableFuture.supplyAsync(() -> holder.eval(
                    "redis.call('set', KEYS[1], 'held') local t = redis.call('time') "
                            + "local stop = t[1] * 1000000 + t[2] + 2000000 "
                            + "repeat t = redis.call('time') until t[1] * 1000000 + t[2] >= stop return 1",
                    1, "{h}busy"), callers);
            Eventually.until("the partition is held", () -> infoField(jedis, "atomic_scripts_running") == 1);
            CompletableFuture<Object> waiting = startAsync(server, "return redis.call('get', KEYS[1])", "1", "{h}busy");
            Eventually.until("the script waits", () -> asyncList(jedis).stream()
                    .anyMatch(script -> "waiting".equals(script.get("state"))));
            long killedAt = System.nanoTime();
            jedis.sendCommand(SCRIPT, "ASYNC", "KILL", asyncList(jedis).get(0).get("id").toString());
            String error = (String) waiting.get(10, TimeUnit.SECONDS);
            assertTrue(error.startsWith("error: ERR Script killed by user with SCRIPT ASYNC KILL"), error);
            assertFalse(atomic.isDone(), "killed while the partition was still held");
            assertTrue(System.nanoTime() - killedAt < TimeUnit.SECONDS.toNanos(1));
            assertEquals(1L, atomic.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void fcallAsyncCallsAFunction() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            jedis.functionLoadReplace("#!lua name=asynclib\n"
                    + "redis.register_function('bump', function(keys, args) "
                    + "return redis.call('incrby', keys[1], args[1]) end)");
            assertEquals(5L, jedis.sendCommand(FCALLASYNC, "bump", "1", "counter", "5"));
            assertEquals(7L, jedis.sendCommand(FCALLASYNC, "bump", "1", "counter", "2"));
            JedisDataException unknown = assertThrows(JedisDataException.class,
                    () -> jedis.sendCommand(FCALLASYNC, "nosuch", "0"));
            assertEquals("ERR Function not found", unknown.getMessage());
        }
    }

    @Test
    void insideMultiAnAsyncScriptRunsAtExec() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            Transaction multi = jedis.multi();
            multi.set("m", "1");
            multi.sendCommand(EVALASYNC, "return redis.call('incr', KEYS[1])", "1", "m");
            assertEquals(List.of("OK", 2L), multi.exec());
        }
    }

    @Test
    void aThousandScriptsWaitingAtOnceAllComplete() throws Exception {
        TestRedactor server = TestRedactor.shared();
        try (Jedis jedis = server.jedis()) {
            List<CompletableFuture<Object>> scripts = new ArrayList<>();
            String sha = jedis.scriptLoad("while redis.call('get', KEYS[1]) ~= 'go' do "
                    + "redis.call('incr', KEYS[2]) end return redis.call('incr', KEYS[3])");
            for (int i = 0; i < 1000; i++) {
                String polls = "polls:" + i;
                scripts.add(CompletableFuture.supplyAsync(() -> {
                    try (Jedis client = server.jedis()) {
                        return client.sendCommand(EVALSHAASYNC, sha, "3", "go", polls, "finished");
                    }
                }, callers));
            }
            Eventually.until("a thousand run", Duration.ofSeconds(30),
                    () -> infoField(jedis, "async_scripts_running") >= 1000);
            jedis.set("go", "go");
            CompletableFuture.allOf(scripts.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
            assertEquals("1000", jedis.get("finished"));
        }
    }
}
