package io.redactor.lua;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.luaj.vm2.Lua;
import org.luaj.vm2.Print;
import org.luaj.vm2.Prototype;

/**
 * Lua functions compiled to JVM bytecode run as the interpreter runs them: same results, same error texts and
 * lines, over a corpus that uses every instruction; hot functions are compiled, cold and oversized ones are not.
 * That compiled loops still stop when asked is {@link ScriptStopTest}'s.
 */
class PrototypeCompilerTest {
    private static final List<byte[]> KEYS = List.of("k1".getBytes(StandardCharsets.UTF_8));
    private static final List<byte[]> ARGV = List.of("7".getBytes(StandardCharsets.UTF_8), "x".getBytes(StandardCharsets.UTF_8));

    static List<String> corpus() {
        return List.of(
                "local a, b = 1, 'x' local c = a return c .. b",
                "local x = (1 < 2) return tostring(x) .. tostring(2 < 1)",
                "local a, b, c = 1 return tostring(b) .. tostring(c)",
                "local n = 0 local function inc() n = n + 1 return n end inc() inc() return inc()",
                "return KEYS[1] .. ARGV[1] .. #ARGV",
                "x = 1",
                "KEYS = 5 return KEYS",
                "local t = {10, 20, 30, x = 5} t[4] = t[1] + t.x return #t .. ':' .. t[4]",
                "local s = 'abc' return s:upper() .. ('x'):rep(3)",
                "return (7 + 2) .. ' ' .. (7 - 2) .. ' ' .. (7 * 2) .. ' ' .. (7 / 2) .. ' ' .. (7 % 3) .. ' ' .. 2 ^ 10 .. ' ' .. -7",
                "local a, b = 7.5, -3 return (a % b) .. ' ' .. (a / 0) .. ' ' .. (-a / 0) .. ' ' .. 1 / 3",
                "return '10' * '3' + 0.5 .. ' ' .. ('0x10' + 0) .. ' ' .. -'2'",
                "return tostring(not nil) .. tostring(not 0) .. tostring(not not false)",
                "local b, e, f = 2, 10, false local r = b ^ e if f then r = 0 end if b then r = r + 1 end "
                        + "return r .. tostring(not f) .. tostring(not b) .. (-2) ^ 0.5",
                "local a = nil or 'd' local b = 1 and 2 local r = '' if 1 == 1 then r = r .. 'eq' end "
                        + "if 1 < 2 then r = r .. 'lt' end if 2 <= 2 then r = r .. 'le' end "
                        + "if not (1 == 2) then r = r .. 'ne' end if 'a' < 'b' then r = r .. 's' end return r .. a .. b",
                "local function f(...) return ... end local function g() return f(1, 2, 3) end "
                        + "local t = {g()} return #t .. select('#', f(nil, nil)) .. select('#', g())",
                "local function f(...) local a, b = ... return (a or 0) + (b or 0) end return f(4, 5, 6) .. f()",
                "local s = 0 for i = 10, 1, -2 do s = s + i end for i = 0, 1, 0.25 do s = s + i end "
                        + "for i = 1, 0 do s = s + 100 end return s",
                "local t = {} for i, v in ipairs({5, 6, 7}) do t[#t + 1] = i * v end "
                        + "for k in pairs({a = 1}) do t[#t + 1] = k end return table.concat(t, ',')",
                "local fs = {} for i = 1, 3 do local j = i fs[i] = function() return j end end return fs[1]() + fs[2]() + fs[3]()",
                "local fs = {} local i = 0 while i < 5 do i = i + 1 local j = i * 10 fs[i] = function() j = j + 1 return j end "
                        + "if i == 3 then break end end return #fs .. fs[1]() .. fs[1]() .. fs[3]()",
                "local i = 0 repeat local k = i i = i + 1 until k >= 3 return i",
                "local o = setmetatable({}, {__call = function(self, x) return x * 2 end, __index = function(t, k) return k .. '!' end}) "
                        + "return o(21) .. o.key",
                "local mt = {__add = function(a, b) return 'added' end, __lt = function(a, b) return true end} "
                        + "local a = setmetatable({}, mt) return (a + 1) .. tostring(a < a)",
                "local t = nil return t.x",
                "local t = {} return t.a.b",
                "return 1 + {}",
                "local s = 'a' return s < 1",
                "return undefinedfn()",
                "local t = {} t.f()",
                "error('boom')",
                "error({err = 'custom'})",
                "error('no position', 0)",
                "local x = 1 .. {}",
                "for i = 1, 'x' do end",
                "for i = 'a', 2 do end",
                "return #nil",
                "local t = {} t[nil] = 1",
                "local t = {} t[0/0] = 1",
                "local function f(n) if n == 0 then return 0 end return 1 + f(n - 1) end return f(100)",
                "local function f() return 1 + f() end return f()",
                "local function f(n) if n == 0 then return 'done' end return f(n - 1) end return f(100000)",
                "local ok, e = pcall(function() local t = nil; return t.x end) return tostring(ok) .. e",
                "local ok, e = pcall(error, {1}) return type(e)",
                "local a = 1\nlocal b = 2\nlocal c = a + nil\nreturn c",
                "local t = {(function() return 1, 2, 3 end)()} local u = {(function() return 1, 2, 3 end)(), 4} return #t .. #u",
                "local t = {} for i = 1, 60 do t[i] = i end local u = {unpack(t)} return #u",
                "return string.format('%5.2f|%d|%s', 3.14159, 42, 'x')",
                "local s = 0 local i = 0 while true do i = i + 1 if i % 2 == 0 then s = s + i elseif i > 20 then break end end return s",
                "return tostring(1e15) .. ' ' .. tostring(2^53) .. ' ' .. 0.1 + 0.2",
                "local a, b = 3, 4 local t = {a, b, n = a * b} local r = 0 for k, v in pairs(t) do r = r + v end return r");
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void compiledFunctionsRunAsTheInterpreterRunsThem(String body) {
        assertEquals(outcome(body, false), outcome(body, true));
    }

    @Test
    void theCorpusUsesEveryInstructionButTheLongOperandForms() {
        LuaEngine engine = new LuaEngine();
        Set<String> missing = new TreeSet<>();
        for (int op = 0; op < Lua.OP_EXTRAARG; op++) {
            missing.add(Print.OPNAMES[op]);
        }
        for (String body : corpus()) {
            removeUsed(engine.compile(body.getBytes(StandardCharsets.UTF_8)).code().p, missing);
        }
        // LOADKX needs more than 262,143 constants in one function
        assertEquals(Set.of("LOADKX"), missing);
    }

    private static void removeUsed(Prototype p, Set<String> missing) {
        for (int i : p.code) {
            missing.remove(Print.OPNAMES[Lua.GET_OPCODE(i)]);
        }
        for (Prototype child : p.p) {
            removeUsed(child, missing);
        }
    }

    @Test
    void aFunctionThatLoopsIsCompiledAfterItsPollsAndOneThatDoesNotNever() {
        Assumptions.assumeTrue("hot".equals(System.getProperty(PrototypeCode.MODE_PROPERTY, "hot")));
        LuaEngine engine = new LuaEngine();
        CompiledScript loop = engine.compile("local s = 0 for i = 1, 100000 do s = s + i end return s".getBytes());
        assertNull(loop.code().compiled());
        assertEquals(5000050000L, loop.run(ScriptContext.NONE, KEYS, ARGV).tolong());
        assertNotNull(loop.code().compiled());
        assertEquals(5000050000L, loop.run(ScriptContext.NONE, KEYS, ARGV).tolong());

        CompiledScript straight = engine.compile("return ARGV[1] + 1".getBytes());
        for (int i = 0; i < 20_000; i++) {
            straight.run(ScriptContext.NONE, KEYS, ARGV);
        }
        assertNull(straight.code().compiled());
    }

    /** Loops long enough to turn hot while they run: the interpreter hands each over to the compiled body mid-loop. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "local s = 0 for i = 1, 100000 do s = s + i end return s | 5000050000",
        "local fs = {} local i = 0 while i < 30000 do i = i + 1 local j = i fs[#fs + 1] = function() return j end end "
                + "return fs[1]() + fs[30000]() | 30001",
        "local t = {} for i = 1, 30000 do t[i] = i end local s = 0 for _, v in ipairs(t) do s = s + v end return s | 450015000",
        "local s = 0 repeat s = s + 1 until s == 50000 return s | 50000",
    })
    void aLoopThatTurnsHotWhileItRunsGoesOnCompiled(String body, String expected) {
        Assumptions.assumeTrue("hot".equals(System.getProperty(PrototypeCode.MODE_PROPERTY, "hot")));
        // the loop runs in a function counting its calls: a hand-over that restarted the function would show
        String counted = "local calls = 0 local function f() calls = calls + 1 " + body + " end local r = f() return r .. ':' .. calls";
        CompiledScript script = new LuaEngine().compile(counted.getBytes(StandardCharsets.UTF_8));
        assertEquals(expected + ":1", BaseLibrary.tostring(script.run(ScriptContext.NONE, KEYS, ARGV)).tojstring());
        assertNotNull(script.code().children[0].compiled());
    }

    @Test
    void anErrorAfterTheHandOverHasTheInterpretersPosition() {
        String body = "local s = 0\nfor i = 1, 100000 do\n  s = s + i\n  if i == 90000 then local t = nil; s = t.x end\nend\nreturn s";
        String hot = outcome(body, false);
        assertTrue(hot.startsWith("error: ERR user_script:4: attempt to index local 't' (a nil value)"), hot);
        assertTrue(hot.endsWith("@@user_script:4"), hot);
        assertEquals(outcome(body, true), hot);
    }

    @Test
    void aFunctionTooLongForTheJitStaysInterpreted() {
        StringBuilder body = new StringBuilder("local x = 0\n");
        for (int i = 0; i < 2000; i++) {
            body.append("x = x + ").append(i).append('\n');
        }
        body.append("return x");
        CompiledScript script = new LuaEngine().compile(body.toString().getBytes());
        assertNull(PrototypeCompiler.classBytes(script.code().p));
        script.code().compileAll();
        assertNull(script.code().compiled());
        assertEquals(1999000L, script.run(ScriptContext.NONE, KEYS, ARGV).tolong());
    }

    /** The script's result, or its error's text and line, run in a fresh engine interpreted or compiled. */
    private static String outcome(String body, boolean compiled) {
        CompiledScript script = new LuaEngine().compile(body.getBytes(StandardCharsets.UTF_8));
        if (compiled) {
            script.code().compileAll();
            assertNotNull(script.code().compiled());
        }
        try {
            return "ok: " + BaseLibrary.tostring(script.run(ScriptContext.NONE, KEYS, ARGV)).tojstring();
        } catch (ScriptError e) {
            return "error: " + e.message() + " @" + e.source() + ":" + e.line();
        }
    }
}
