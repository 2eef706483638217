package io.redactor.lua.functions;

import static io.redactor.lua.functions.Libraries.ENGINE;
import static io.redactor.lua.functions.Libraries.bytes;
import static io.redactor.lua.functions.Libraries.fcall;
import static io.redactor.lua.functions.Libraries.fcallError;
import static io.redactor.lua.functions.Libraries.list;
import static io.redactor.lua.functions.Libraries.load;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.luaj.vm2.LuaValue;

import io.redactor.lua.ScriptContext;
import io.redactor.lua.ScriptKilledError;
import io.redactor.lua.ScriptRun;

/** Running registered functions (FCALL): arguments, globals, state, and Redis 7.0.15's error replies. */
class FunctionCallTest {
    private final FunctionRegistry registry = new FunctionRegistry(ENGINE);

    private static String joined(LuaValue table) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= table.length(); i++) {
            sb.append(i > 1 ? " " : "").append(table.get(i).tojstring());
        }
        return sb.toString();
    }

    @Test
    void theCallbackGetsKeysAndArgsAsItsTwoArguments() {
        load(registry, "#!lua name=t10\nredis.register_function('f10', function(keys, args)\n"
                + "  return {#keys, #args, keys[1], args[1], args[3]}\nend)");
        assertEquals("2 3 k1 a1 a3", joined(fcall(registry, "f10", list("k1", "k2"), list("a1", "a2", "a3"))));
        assertEquals("0 0", joined(fcall(registry, "F10", list(), list())), "FCALL ignores case");
        load(registry, "#!lua name=t5\nredis.register_function('f5', function(keys, args)\n"
                + " keys[1] = 'changed' args[5] = 1 return {keys[1], #args}\nend)");
        assertEquals("changed 1", joined(fcall(registry, "f5", list("a"), list("b"))), "plain, writable tables");
    }

    @Test
    void errorsNameTheFunctionAndTheLine() {
        load(registry, "#!lua name=e1\nredis.register_function('e1', function(keys, args)\n  error('boom')\nend)");
        assertEquals("ERR user_function:3: boom script: e1, on @user_function:3.", fcallError(registry, "e1"));
        load(registry, "#!lua name=e2\nredis.register_function('e2', function(keys, args)\n  error({err='MY code'})\nend)");
        assertEquals("MY code script: e2, on @user_function:3.", fcallError(registry, "e2"));
        load(registry, "#!lua name=e3\nredis.register_function('e3', function(keys, args)\n  return redis.call('nosuch')\nend)");
        assertEquals("ERR Unknown Redis command called from script script: e3, on @user_function:3.",
                fcallError(registry, "e3"));
        load(registry, "#!lua name=e17\nlocal function helper()\n  error('deep')\nend\n"
                + "redis.register_function('e17', function(keys, args)\n  helper()\nend)");
        assertEquals("ERR user_function:3: deep script: e17, on @user_function:3.", fcallError(registry, "e17"));
        load(registry, "#!lua name=e19\nredis.register_function('e19', function(keys, args)\n  local t = nil\n  return t.x\nend)");
        assertEquals("ERR user_function:4: attempt to index local 't' (a nil value) script: e19, on @user_function:4.",
                fcallError(registry, "e19"));
        load(registry, "#!lua name=e21\nredis.register_function('e21', function(keys, args)\n  error()\nend)");
        assertEquals("ERR nil script: e21, on @user_function:3.", fcallError(registry, "e21"));
        load(registry, "#!lua name=e22\nredis.register_function('e22', function(keys, args)\n  error('lvl0', 0)\nend)");
        assertEquals("ERR lvl0 script: e22, on @user_function:3.", fcallError(registry, "e22"));
        load(registry, "#!lua name=e10\nredis.register_function('e10', function(keys, args)\n  return nonexistent_global\nend)");
        assertEquals("ERR user_function:3: Script attempted to access nonexistent global variable 'nonexistent_global' "
                + "script: e10, on @user_function:3.", fcallError(registry, "e10"));
        load(registry, "#!lua name=g3\nredis.register_function('g3', function()\n_G.x = 1 end)");
        assertEquals("ERR user_function:3: Attempt to modify a readonly table script: g3, on @user_function:3.",
                fcallError(registry, "g3"));
    }

    @Test
    void aFunctionThatIsACFunctionFailsWithoutPosition() {
        load(registry, "#!lua name=cap3\nredis.register_function('cap3', redis.log)");
        assertEquals("ERR First argument must be a number (log level).", fcallError(registry, "cap3"));
    }

    @Test
    void errorRepliesAndPcallAreReturnedNotRaised() {
        load(registry, "#!lua name=e18\nredis.register_function('e18', function(keys, args)\n  return redis.pcall('nosuch')\nend)");
        assertEquals("ERR Unknown Redis command called from script", fcall(registry, "e18", list(), list()).get("err").tojstring());
        load(registry, "#!lua name=g9\nredis.register_function('g9', function()\n"
                + "return {pcall(function() error('in pcall') end)}\nend)");
        assertEquals("user_function:3: in pcall", fcall(registry, "g9", list(), list()).get(2).tojstring());
        load(registry, "#!lua name=ping\nredis.register_function('ping', function() return redis.call('ping') end)");
        assertEquals("PONG", fcall(registry, "ping", list(), list()).get("ok").tojstring());
    }

    @Test
    void functionsSeeTheScriptGlobalsButNotKeysArgvOrTheDebugger() {
        load(registry, "#!lua name=g1\nredis.register_function('g1', function() local t={} for k in pairs(_G) do "
                + "t[#t+1]=k end table.sort(t) return table.concat(t, ' ') end)");
        assertEquals("_G _VERSION assert collectgarbage coroutine error gcinfo getmetatable ipairs load loadstring math "
                + "next pairs pcall rawequal rawget rawset redis select setmetatable string table tonumber tostring type "
                + "unpack xpcall", fcall(registry, "g1", list(), list()).tojstring());
        load(registry, "#!lua name=g2\nredis.register_function('g2', function() local t={} for k in pairs(redis) do "
                + "t[#t+1]=k end table.sort(t) return table.concat(t, ' ') end)");
        assertEquals("LOG_DEBUG LOG_NOTICE LOG_VERBOSE LOG_WARNING REDIS_VERSION REDIS_VERSION_NUM REPL_ALL REPL_AOF "
                + "REPL_NONE REPL_REPLICA REPL_SLAVE acl_check_cmd call error_reply log pcall set_repl setresp sha1hex "
                + "status_reply", fcall(registry, "g2", list(), list()).tojstring());
        load(registry, "#!lua name=g4\nredis.register_function('g4', function(keys, args)\n  return KEYS\nend)");
        assertEquals("ERR user_function:3: Script attempted to access nonexistent global variable 'KEYS' script: g4, "
                + "on @user_function:3.", fcallError(registry, "g4"));
        load(registry, "#!lua name=g12\nredis.register_function('g12', function() return type(redis.foo) end)");
        assertEquals("nil", fcall(registry, "g12", list(), list()).tojstring(), "only the load-time redis is strict");
        load(registry, "#!lua name=g5\nredis.register_function('g5', function()\n"
                + "local f = loadstring('return type(redis.call)') return f()\nend)");
        assertEquals("function", fcall(registry, "g5", list(), list()).tojstring());
    }

    @Test
    void whatTheCodeTookAtLoadTimeStaysAsItWas() {
        load(registry, "#!lua name=g7\nlocal r = redis\nredis.register_function('g7', function(keys, args)\n"
                + "  return r.call('ping')\nend)");
        assertEquals("ERR user_function:4: Script attempted to access nonexistent global variable 'call' script: g7, "
                + "on @user_function:4.", fcallError(registry, "g7"));
        load(registry, "#!lua name=cap\nlocal reg = redis.register_function\n"
                + "redis.register_function('cap', function() return reg('g', function() end) end)");
        assertEquals("ERR redis.register_function can only be called on FUNCTION LOAD command script: cap, on "
                + "@user_function:3.", fcallError(registry, "cap"));
        load(registry, "#!lua name=cap2\nlocal log = redis.log\n"
                + "redis.register_function('cap2', function() log(redis.LOG_WARNING, 'x') return 1 end)");
        assertEquals(1, fcall(registry, "cap2", list(), list()).toint());
    }

    @Test
    void aLibraryKeepsItsStateBetweenCalls() {
        load(registry, "#!lua name=s1\nlocal n = 0\nlocal t = {}\n"
                + "redis.register_function('inc', function() n = n + 1 t[#t+1] = n return {n, #t} end)");
        assertEquals("1 1", joined(fcall(registry, "inc", list(), list())));
        assertEquals("2 2", joined(fcall(registry, "inc", list(), list())));
        load(registry, "#!lua name=s2\nlocal f\nredis.register_function('mk', function()\n"
                + "  if not f then f = function() error('from saved') end return 0 end return f() end)");
        assertEquals(0, fcall(registry, "mk", list(), list()).toint());
        assertEquals("ERR user_function:4: from saved script: mk, on @user_function:4.", fcallError(registry, "mk"),
                "a closure made by one call fails with the position in a later call");
    }

    /**
     * A coroutine kept in an upvalue is resumed by later calls, as in Redis; its redis.call goes through the
     * context of the call resuming it, never through the (ended) call that made it.
     */
    @Test
    void aLibrarysCoroutineRunsOnBehalfOfTheCallThatResumesIt() {
        load(registry, "#!lua name=gen\nlocal co\nredis.register_function('gen', function(keys, args)\n"
                + "  if not co then co = coroutine.wrap(function()\n"
                + "    local i = 0 while true do i = i + 1 coroutine.yield(redis.call('whoami') .. ':' .. i) end\n"
                + "  end) end\n  return co()\nend)");
        for (int call = 1; call <= 3; call++) {
            String caller = "call" + call;
            ScriptContext context = (command, run) -> LuaValue.valueOf(caller);
            LuaValue reply = registry.requireFunction(bytes("gen")).run(context, List.of(), List.of());
            assertEquals(caller + ":" + call, reply.tojstring());
        }
    }

    /** A library's coroutine that loops when a later call resumes it is stopped by stopping that call. */
    @Test
    void aLibrarysCoroutineStopsWithTheCallThatResumedIt() throws Exception {
        load(registry, "#!lua name=spin\nlocal co\nredis.register_function('spin', function(keys, args)\n"
                + "  if not co then co = coroutine.wrap(function() coroutine.yield(0) while true do end end) end\n"
                + "  return co()\nend)");
        assertEquals(0, fcall(registry, "spin", list(), list()).toint());
        ScriptRun run = registry.requireFunction(bytes("spin")).newRun(ScriptContext.NONE, List.of(), List.of());
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Throwable> outcome = pool.submit(() -> {
                try {
                    run.execute();
                    return null;
                } catch (Throwable t) {
                    return t;
                }
            });
            Thread.sleep(50);
            run.stop();
            assertTrue(outcome.get(5, TimeUnit.SECONDS) instanceof ScriptKilledError);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void runsHaveTheirOwnRespAndCanBeStopped() throws Exception {
        load(registry, "#!lua name=r\nredis.register_function('resp3', function() redis.setresp(3) return 1 end)\n"
                + "redis.register_function('spin', function() while true do end end)");
        ScriptRun run = registry.requireFunction(Libraries.bytes("resp3")).newRun(Libraries.PING_ONLY, List.of(), List.of());
        run.execute();
        assertEquals(3, run.resp());
        assertEquals("resp3", run.name());
        assertNull(run.sha());

        ScriptRun spin = registry.function("spin").newRun(Libraries.PING_ONLY, List.of(), List.of());
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch started = new CountDownLatch(1);
            Future<?> result = executor.submit(() -> {
                started.countDown();
                spin.execute();
            });
            started.await();
            while (!spin.isRunning()) {
                Thread.onSpinWait();
            }
            spin.stop();
            Exception e = assertThrows(Exception.class, () -> result.get(5, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof ScriptKilledError, String.valueOf(e.getCause()));
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void functionsOfOneLibraryRunOnManyThreadsAtOnce() throws Exception {
        load(registry, "#!lua name=par\nlocal function square(x) return x * x end\n"
                + "redis.register_function('sum', function(keys, args)\n"
                + "  local s = 0 for i = 1, tonumber(args[1]) do s = s + square(i) end return s end)");
        ExecutorService executor = Executors.newFixedThreadPool(8);
        try {
            List<Future<LuaValue>> results = new java.util.ArrayList<>();
            for (int i = 0; i < 64; i++) {
                results.add(executor.submit(() -> fcall(registry, "sum", list(), list("2000"))));
            }
            for (Future<LuaValue> r : results) {
                assertEquals(2668667000L, r.get(10, TimeUnit.SECONDS).tolong());
            }
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void fcallOfAMissingFunction() {
        assertEquals("ERR Function not found",
                assertThrows(FunctionError.class, () -> registry.requireFunction(Libraries.bytes("nosuch"))).getMessage());
        assertNull(registry.function("nosuch"));
    }

    @Test
    void resultsAreTheFirstReturnValue() {
        load(registry, "#!lua name=multi\nredis.register_function('multi', function() return 1, 2 end)\n"
                + "redis.register_function('none', function() end)");
        assertEquals(1, fcall(registry, "multi", list(), list()).toint());
        assertTrue(fcall(registry, "none", list(), list()).isnil());
    }
}
