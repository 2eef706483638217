package io.redactor.lua;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.redactor.lua.libs.RedisLuaLibraries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.luaj.vm2.LuaValue;

/**
 * The per-run memory budget ({@link ScriptMemory}): every way a script makes large strings and tables is counted,
 * what a run holds past its budget is Lua's memory error (which pcall catches), and what it made and dropped is not.
 */
class ScriptMemoryTest {
    private static final long BUDGET = 16L << 20;

    private static LuaEngine engine(long budget) {
        LuaEngine engine = new LuaEngine(RedisLuaLibraries.all(), "7.0.15", 0x07000f);
        engine.limitMemory(budget, bytes -> true);
        return engine;
    }

    private static LuaValue run(LuaEngine engine, String body) {
        return engine.compile(body.getBytes(StandardCharsets.UTF_8)).run(ScriptContext.NONE, List.of(), List.of());
    }

    /** Each keeps 32 MB or more in a table, made another way. */
    @ParameterizedTest
    @ValueSource(strings = {
            "local s = string.rep('x', 1048576) local t = {} for i = 1, 64 do t[i] = s .. i end",
            "local t = {} for i = 1, 64 do t[i] = string.rep('x', 1048576 + i) end",
            "local s = string.rep('x', 1048576) local t = {} for i = 1, 64 do t[i] = string.upper(s .. i) end",
            "local s = string.rep('x', 1048576) local t = {} for i = 1, 64 do t[i] = (s .. i):gsub('x', 'y') end",
            "local s = string.rep('x', 1048576) local t = {} for i = 1, 64 do t[i] = s:reverse() end",
            "local p = {} for i = 1, 1024 do p[i] = 'abcdefgh' end local t = {} "
                    + "for i = 1, 8192 do t[i] = table.concat(p, tostring(i)) end",
            "local s = string.rep('x', 1048576) local t = {} for i = 1, 64 do t[i] = cjson.encode({s, i}) end",
            "local s = string.rep('x', 1048576) local t = {} for i = 1, 64 do t[i] = cmsgpack.pack(s, i) end",
            "local s = string.rep('x', 1048576) local t = {} for i = 1, 64 do t[i] = struct.pack('>Is', i, s) end",
            "local t = {} for i = 1, 1e7 do t[i] = i end",
            "local t = {} for i = 1, 1e7 do t['k' .. i] = true end",
    })
    void aRunHoldingMoreThanItsBudgetGetsLuasMemoryError(String body) {
        ScriptError e = assertThrows(ScriptError.class, () -> run(engine(BUDGET), body));
        assertTrue(e.message().endsWith("not enough memory"), e.message());
        assertEquals("@user_script", e.source());
        assertEquals(1, e.line());
    }

    @Test
    void whatARunMakesAndDropsDoesNotCount() {
        // 256 MB made, 1 MB held at a time: a collection shows the budget is not reached
        assertEquals(256L * 1048580, run(engine(BUDGET), "local s = string.rep('x', 1048576) local n = 0 "
                + "for i = 1, 256 do local t = s .. (i + 1000) n = n + #t end return n").tolong());
    }

    @Test
    void pcallCatchesTheMemoryErrorAndTheRunGoesOn() {
        assertEquals("not enough memory", run(engine(BUDGET), "local ok, e = pcall(function() "
                + "local t = {} for i = 1, 64 do t[i] = string.rep('x', 1048576 + i) end end) "
                + "return (string.gsub(e, '^.-: ', ''))").tojstring());
    }

    @Test
    void withoutABudgetOnlyTheHeapDecides() {
        assertEquals(64L, run(engine(0), "local t = {} for i = 1, 64 do t[i] = string.rep('x', 1048576 + i) end "
                + "return #t").tolong());
        LuaEngine full = new LuaEngine();
        AtomicLong asked = new AtomicLong();
        full.limitMemory(0, bytes -> {
            asked.set(bytes);
            return false;
        });
        ScriptError e = assertThrows(ScriptError.class, () -> run(full, "return #string.rep('x', 65536)"));
        assertTrue(e.message().endsWith("not enough memory"), e.message());
        assertEquals(65536, asked.get());
        // small values never ask
        assertEquals(100L, run(full, "return #string.rep('x', 100)").tolong());
    }

    @Test
    void aNegativeBudgetIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new LuaEngine().limitMemory(-1, bytes -> true));
    }
}
