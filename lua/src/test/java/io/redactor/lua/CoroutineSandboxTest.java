package io.redactor.lua;

import static io.redactor.lua.LuaEngineTest.error;
import static io.redactor.lua.LuaEngineTest.sha;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.luaj.vm2.LuaValue;

/** Coroutines run on virtual threads of their own; what happens there must behave as on the script's own thread. */
class CoroutineSandboxTest {
    private static final LuaEngine ENGINE = new LuaEngine();

    /** What a server's context throws to unwind a script (to run it elsewhere, or again from the start). */
    private static final class Unwind extends Error {
        Unwind() {
            super("unwind", null, false, false);
        }
    }

    @Test
    void anErrorTheContextThrowsInsideACoroutineReachesTheScriptsCaller() {
        Unwind unwind = new Unwind();
        ScriptContext context = (command, run) -> {
            throw unwind;
        };
        for (String body : List.of(
                "local co = coroutine.create(function() return redis.call('get', 'k') end) return {coroutine.resume(co)}",
                "return coroutine.wrap(function() return pcall(redis.call, 'get', 'k') end)()",
                "return coroutine.wrap(function() return coroutine.wrap(function() return redis.call('get', 'k') end)() end)()")) {
            CompiledScript script = ENGINE.compile(body.getBytes(StandardCharsets.UTF_8));
            assertSame(unwind, assertThrows(Unwind.class, () -> script.run(context, List.of(), List.of())), body);
        }
    }

    @Test
    void onlyLuaFunctionsBecomeCoroutinesAsInLua51() {
        for (String f : List.of("create", "wrap")) {
            String body = "return coroutine." + f + "(redis.call)";
            assertEquals("ERR user_script:1: bad argument #1 to '" + f + "' (Lua function expected) script: " + sha(body)
                    + ", on @user_script:1.", error(body));
        }
        String body = "return coroutine.create(1)";
        assertEquals("ERR user_script:1: bad argument #1 to 'create' (Lua function expected) script: " + sha(body)
                + ", on @user_script:1.", error(body));
    }

    @Test
    void yieldAndResumeAnswerAsLua51InRedis() {
        String body = "coroutine.yield(1)";
        assertEquals("ERR attempt to yield across metamethod/C-call boundary script: " + sha(body)
                + ", on @user_script:1.", error(body));
        assertEquals("false attempt to yield across metamethod/C-call boundary",
                LuaEngineTest.evalString("local ok, e = pcall(coroutine.yield, 1) return tostring(ok) .. ' ' .. e"));
        assertEquals("cannot resume running coroutine", LuaEngineTest.evalString(
                "local co co = coroutine.create(function() return coroutine.resume(co) end) "
                        + "local _, _, e = coroutine.resume(co) return e"));
        assertEquals("cannot resume normal coroutine", LuaEngineTest.evalString(
                "local a, b a = coroutine.create(function() return coroutine.resume(b) end) "
                        + "b = coroutine.create(function() return coroutine.resume(a) end) "
                        + "local _, _, _, e = coroutine.resume(a) return e"));
    }

    /** Each started coroutine holds memory until it ends: one script may not start them without bound. */
    @Test
    void aScriptCannotStartCoroutinesWithoutBound() {
        String body = "local all = {} for i = 1, 100000 do local co = coroutine.create(function() coroutine.yield() end) "
                + "coroutine.resume(co) all[i] = co end return #all";
        assertEquals("ERR user_script:1: " + CoroutineLibrary.TOO_MANY + " script: " + sha(body) + ", on @user_script:1.",
                error(body));
        assertEquals(CoroutineLibrary.MAX_PER_RUN + 1, LuaEngineTest.eval("local n = 0 for i = 1, 100000 do "
                + "local co = coroutine.create(function() coroutine.yield() end) "
                + "if not pcall(coroutine.resume, co) then return n + 1 end n = n + 1 end").toint(),
                "the refusal is a Lua error");
        assertEquals(1000, LuaEngineTest.eval("local n = 0 for i = 1, 1000 do "
                + "local co = coroutine.create(function() coroutine.yield() return 1 end) "
                + "coroutine.resume(co) n = n + select(2, coroutine.resume(co)) end return n").toint(),
                "coroutines that ended do not count");
    }

    /** Nothing of a script survives it: its suspended coroutines end with it, and their threads. */
    @Test
    void theSuspendedCoroutinesOfAScriptEndWithIt() throws Exception {
        long before = CoroutineLibrary.live();
        assertEquals(50, LuaEngineTest.eval("local all = {} for i = 1, 50 do "
                + "all[i] = coroutine.wrap(function() while true do coroutine.yield(i) end end) all[i]() end "
                + "return #all").toint());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (CoroutineLibrary.live() > before && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(CoroutineLibrary.live() <= before, CoroutineLibrary.live() + " coroutines alive, " + before
                + " before");
    }

    /** A suspended coroutine holds no OS thread: thousands alive at once add none to the process. */
    @Test
    void suspendedCoroutinesHoldNoOsThread() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int before = threads.getThreadCount();
        int[] peak = new int[1];
        ScriptContext context = (command, run) -> {
            peak[0] = Math.max(peak[0], threads.getThreadCount());
            return LuaValue.NIL;
        };
        String body = "local all = {} for i = 1, 2000 do all[i] = coroutine.wrap(function() coroutine.yield() end) "
                + "all[i]() end redis.call('ping') return #all";
        CompiledScript script = ENGINE.compile(body.getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < 20; i++) {
            assertEquals(2000, script.run(context, List.of(), List.of()).toint());
        }
        assertTrue(peak[0] <= before + 16, "threads: " + peak[0] + " with 2,000 coroutines suspended, " + before
                + " before");
    }
}
