package io.redactor.lua;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.lib.jse.JsePlatform;

/** Figures for the design notes: cache memory (always checked), per-run cost and loop speeds (on demand). */
class EngineFiguresTest {

    @Test
    void tenThousandCachedScriptsStayUnder100MB() {
        LuaEngine engine = new LuaEngine();
        List<CompiledScript> keep = new ArrayList<>();
        long before = usedAfterGc();
        for (int i = 0; i < 10_000; i++) {
            String body = "local v = redis.call('GET', KEYS[1]) if v == '" + i + "' then return " + i
                    + " end return redis.call('INCRBY', KEYS[1], ARGV[1])";
            keep.add(engine.compile(body.getBytes(StandardCharsets.UTF_8)));
        }
        long used = usedAfterGc() - before;
        System.out.printf("10,000 cached scripts: %.1f MB (%d bytes each)%n", used / 1e6, used / 10_000);
        assertEquals(10_000, engine.cachedScripts());
        assertTrue(used < 100_000_000L, used + " bytes");
        assertEquals(10_000, keep.size());
    }

    private static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    /** mvn test -Dtest=EngineFiguresTest -Dredactor.figures=true (with -Dredactor.test.jvmArgs as usual). */
    @Test
    @EnabledIfSystemProperty(named = "redactor.figures", matches = "true")
    void printFigures() throws IOException, InterruptedException {
        LuaEngine engine = new LuaEngine();
        CompiledScript ret0 = engine.compile("return 0".getBytes());
        List<byte[]> keys = List.of("k".getBytes());
        List<byte[]> argv = List.of("1".getBytes());
        // The matrix loop first, in a JVM whose compiler has seen no other script, and again after the others.
        CompiledScript matrix = engine.compile(Files.readAllBytes(Path.of("bench/matrix-loop.lua")));
        Runnable multiply = () -> {
            for (int round = 0; round < 8; round++) {
                long t0 = System.nanoTime();
                Object sum = matrix.run(ScriptContext.NONE, keys, argv);
                System.out.printf("matrix loop (%s): %.1f ms, %s%n", Thread.currentThread().getName(),
                        (System.nanoTime() - t0) / 1e6, sum);
            }
        };
        multiply.run();
        for (int round = 0; round < 5; round++) {
            int n = 2_000_000;
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                ret0.run(ScriptContext.NONE, keys, argv);
            }
            System.out.printf("EVAL 'return 0' engine run: %.3f us%n", (System.nanoTime() - t0) / 1e3 / n);
        }
        String loop = "local s = 0 for i = 1, 3000000 do s = s + i % 7 end local t = {} for i = 1, 300000 do t[#t+1] = i end "
                + "local j = 0 while j < 1000000 do j = j + 1 end return s";
        CompiledScript ours = engine.compile(loop.getBytes());
        Globals stock = JsePlatform.standardGlobals();
        LuaValue theirs = stock.load(loop);
        for (int round = 0; round < 5; round++) {
            long t0 = System.nanoTime();
            ours.run(ScriptContext.NONE, keys, argv);
            long t1 = System.nanoTime();
            theirs.call();
            long t2 = System.nanoTime();
            System.out.printf("loop: engine %.1f ms, stock LuaJ interpreter (no hook) %.1f ms%n", (t1 - t0) / 1e6, (t2 - t1) / 1e6);
        }
        multiply.run();
        Thread first = Thread.ofPlatform().name("one of two at once").start(multiply);
        Thread second = Thread.ofPlatform().name("the other").start(multiply);
        first.join();
        second.join();
    }
}
