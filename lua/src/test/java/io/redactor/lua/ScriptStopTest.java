package io.redactor.lua;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** SCRIPT KILL's engine side: a stop request ends a busy script within 100 ms, even inside pcall, interpreted or compiled. */
class ScriptStopTest {
    private static final LuaEngine ENGINE = new LuaEngine();

    static List<String> busyScripts() {
        return List.of(
                "while true do end",
                "pcall(function() while true do end end)",
                "while true do pcall(function() local x = 0 for i = 1, 100 do x = x + i end end) end",
                "local function f() return f() end f()",
                "local t = {} for i = 1, 1e12 do t[i % 100 + 1] = i end",
                "repeat local ok = pcall(error, 'x') until false",
                "local co = coroutine.wrap(function() while true do end end) co()");
    }

    @ParameterizedTest
    @MethodSource("busyScripts")
    void stopEndsABusyScriptWithin100ms(String body) throws Exception {
        assertStopsWithin100ms(ENGINE.compile(body.getBytes(StandardCharsets.UTF_8)));
    }

    /** The same with every function of the script compiled to JVM bytecode first (PrototypeCompiler). */
    @ParameterizedTest
    @MethodSource("busyScripts")
    void stopEndsACompiledBusyScriptWithin100ms(String body) throws Exception {
        CompiledScript script = new LuaEngine().compile(body.getBytes(StandardCharsets.UTF_8));
        script.code().compileAll();
        assertNotNull(script.code().compiled());
        assertStopsWithin100ms(script);
    }

    private static void assertStopsWithin100ms(CompiledScript script) throws Exception {
        ScriptRun run = script.newRun(ScriptContext.NONE, List.of(), List.of());
        CompletableFuture<Throwable> outcome = CompletableFuture.supplyAsync(() -> {
            try {
                run.execute();
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        while (!run.isRunning()) {
            Thread.onSpinWait();
        }
        Thread.sleep(50);
        assertTrue(run.elapsedNanos() >= TimeUnit.MILLISECONDS.toNanos(50));
        long asked = System.nanoTime();
        run.stop();
        Throwable t = outcome.get(5, TimeUnit.SECONDS);
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - asked);
        assertInstanceOf(ScriptKilledError.class, t, String.valueOf(t));
        assertTrue(tookMillis < 100, "stopped after " + tookMillis + " ms");
    }
}
