package io.redactor.e2e.lua;

import io.redactor.lua.LuaEngine;
import io.redactor.testing.CommandTestBase;
import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.exceptions.JedisDataException;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** EVAL and friends through Jedis and raw RESP: the script cache, MULTI, SELECT, RESP3, blocked clients. */
class EvalTest extends CommandTestBase {

    @Test
    void scriptLoadThenEvalshaInAnyCaseUntilFlushed() {
        String sha = jedis.scriptLoad("return redis.call('incrby', KEYS[1], ARGV[1])");
        assertEquals(List.of(true, false), jedis.scriptExists(sha, "0".repeat(40)));
        assertEquals(5L, jedis.evalsha(sha, List.of(key("n")), List.of("5")));
        assertEquals(12L, jedis.evalsha(sha.toUpperCase(), List.of(key("n")), List.of("7")));
        assertEquals("OK", jedis.scriptFlush());
        assertEquals(false, jedis.scriptExists(sha));
        JedisDataException e = assertThrows(JedisDataException.class,
                () -> jedis.evalsha(sha, List.of(key("n")), List.of("1")));
        assertEquals("NOSCRIPT No matching script. Please use EVAL.", e.getMessage());
    }

    @Test
    void keysAndArgumentsAreBinarySafe() {
        byte[] binary = {0, (byte) 0xff, '\r', '\n', 'x'};
        Object reply = jedis.eval("redis.call('set', KEYS[1], ARGV[1]) return redis.call('get', KEYS[1])".getBytes(),
                List.of(keyBytes("bin")), List.of(binary));
        assertArrayEquals(binary, (byte[]) reply);
    }

    @Test
    void evalInsideMultiRunsAtExecAndSeesTheTransactionsWrites() {
        Transaction tx = jedis.multi();
        tx.set(key("tx"), "10");
        Response<Object> result = tx.eval("return redis.call('incrby', KEYS[1], 5)", 1, key("tx"));
        tx.incr(key("tx"));
        tx.exec();
        assertEquals(15L, result.get());
        assertEquals("16", jedis.get(key("tx")));
    }

    @Test
    void selectInsideAScriptDoesNotChangeTheCallersDatabase() {
        jedis.select(0);
        Object reply = jedis.eval("redis.call('select', 9) redis.call('set', KEYS[1], 'in-nine') "
                + "return redis.call('get', KEYS[1])", 1, key("db"));
        assertEquals("in-nine", reply);
        assertEquals(null, jedis.get(key("db")));
        jedis.select(9);
        assertEquals("in-nine", jedis.get(key("db")));
        jedis.del(key("db"));
        jedis.select(0);
    }

    @Test
    void resp3RepliesAfterSetrespFollowTheClientsProtocol() {
        try (RawClient raw = TestRedactor.shared().raw()) {
            raw.call("HELLO", "3");
            raw.call("HSET", key("h"), "f", "v");
            raw.call("ZADD", key("z"), "1.5", "m");
            assertEquals("%1\r\n$1\r\nf\r\n$1\r\nv\r\n", raw.call("EVAL",
                    "redis.setresp(3) return redis.call('hgetall', KEYS[1])", "1", key("h")));
            assertEquals(",1.5\r\n", raw.call("EVAL",
                    "redis.setresp(3) return redis.call('zscore', KEYS[1], 'm')", "1", key("z")));
            assertEquals("#t\r\n", raw.call("EVAL", "redis.setresp(3) return true", "0"));
            assertEquals("_\r\n", raw.call("EVAL", "return nil", "0"));
            assertEquals("*2\r\n$1\r\nf\r\n$1\r\nv\r\n", raw.call("EVAL",
                    "return redis.call('hgetall', KEYS[1])", "1", key("h")));
            raw.call("HELLO", "2");
            assertEquals("*2\r\n$1\r\nf\r\n$1\r\nv\r\n", raw.call("EVAL",
                    "redis.setresp(3) return redis.call('hgetall', KEYS[1])", "1", key("h")));
            assertEquals("$3\r\n1.5\r\n", raw.call("EVAL",
                    "redis.setresp(3) return redis.call('zscore', KEYS[1], 'm')", "1", key("z")));
        }
    }

    /**
     * A script or function is off the running list before its reply leaves: the caller's next FUNCTION STATS shows
     * no running script, its next SCRIPT KILL finds none and SCRIPT ASYNC LIST is empty, however late the script's
     * thread (at a lower CPU priority) gets to clean up.
     */
    @Test
    void aScriptIsNoLongerRunningOnceItsReplyArrives() {
        try (RawClient raw = TestRedactor.shared().raw()) {
            raw.call("FUNCTION", "LOAD", "REPLACE", "#!lua name=looping\n"
                    + "redis.register_function('looping', function() local s = 0 for i = 1, 10 do s = s + i end return s end)");
            for (int i = 0; i < 300; i++) {
                assertEquals(":55\r\n", raw.call("FCALL", "looping", "0"));
                assertTrue(raw.call("FUNCTION", "STATS").startsWith("*4\r\n$14\r\nrunning_script\r\n$-1\r\n"));
                assertEquals(":55\r\n", raw.call("EVAL", "local s = 0 for i = 1, 10 do s = s + i end return s", "0"));
                assertEquals("-NOTBUSY No scripts in execution right now.\r\n", raw.call("SCRIPT", "KILL"));
                assertEquals(":55\r\n", raw.call("EVALASYNC", "local s = 0 for i = 1, 10 do s = s + i end return s", "0"));
                assertEquals("*0\r\n", raw.call("SCRIPT", "ASYNC", "LIST"));
            }
            raw.call("FUNCTION", "DELETE", "looping");
        }
    }

    @Test
    void aClientBlockedOnAListIsServedByAScriptsPush() throws Exception {
        try (Jedis waiter = TestRedactor.shared().jedis()) {
            CompletableFuture<List<String>> popped = CompletableFuture.supplyAsync(() -> waiter.blpop(10, key("q")));
            io.redactor.testing.Eventually.until("the client blocks", () ->
                    jedis.clientList().contains("cmd=blpop"));
            jedis.eval("redis.call('rpush', KEYS[1], 'a', 'b')", 1, key("q"));
            assertEquals(List.of(key("q"), "a"), popped.get(10, TimeUnit.SECONDS));
            assertEquals(List.of("b"), jedis.lrange(key("q"), 0, -1));
        }
    }

    /**
     * A straight-line script runs on its own thread the first time and inline (on the client's or the partition's
     * thread) once it is known to stay within its keys: the replies are the same, and an inline run that meets an
     * undeclared key before writing moves to its own thread and still reaches it.
     */
    @Test
    void straightLineScriptsAnswerTheSameInlineAsOnTheirOwnThread() {
        String counter = "redis.call('incr', KEYS[1]) return redis.call('get', KEYS[1])";
        for (int i = 1; i <= 5; i++) {
            assertEquals(String.valueOf(i), jedis.eval(counter, 1, key("inline:{x}")));
        }
        for (int i = 0; i < 3; i++) {
            assertEquals(0L, jedis.eval("return 0", 0));
        }
        jedis.set(key("inline:{y}"), "elsewhere");
        String reader = "local v = redis.call('get', KEYS[1]) "
                + "if ARGV[1] ~= '' then return redis.call('get', ARGV[1]) end return v";
        for (int i = 0; i < 3; i++) {
            assertEquals("5", jedis.eval(reader, List.of(key("inline:{x}")), List.of("")));
        }
        assertEquals("elsewhere", jedis.eval(reader, List.of(key("inline:{x}")), List.of(key("inline:{y}"))));
        assertEquals(6L, jedis.eval("return redis.call('incr', ARGV[1])", List.of(), List.of(key("inline:{x}"))));
    }

    @Test
    void scriptErrorsNameTheScriptAndLine() {
        JedisDataException e = assertThrows(JedisDataException.class,
                () -> jedis.eval("local x = 1\nerror('boom')", 0));
        String sha = LuaEngine.sha1hex("local x = 1\nerror('boom')".getBytes(StandardCharsets.UTF_8));
        assertEquals("ERR user_script:2: boom script: " + sha + ", on @user_script:2.", e.getMessage());
    }
}
