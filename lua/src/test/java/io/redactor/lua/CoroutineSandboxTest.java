package io.redactor.lua;

import static io.redactor.lua.LuaEngineTest.error;
import static io.redactor.lua.LuaEngineTest.sha;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Coroutines run on threads of their own; what happens on those threads must behave as on the script's own. */
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
}
