package io.redactor.lua;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** Which scripts may run on a network thread: those that cannot run for long by themselves. */
class StraightLineTest {
    private static final LuaEngine ENGINE = new LuaEngine();

    private static boolean straight(String body) {
        return ENGINE.compile(body.getBytes(StandardCharsets.UTF_8)).straightLine();
    }

    @Test
    void shortScriptsWithoutLoopsAreStraight() {
        assertEquals(true, straight("return redis.call('get', KEYS[1])"));
        assertEquals(true, straight("redis.call('set', KEYS[1], ARGV[1]) return redis.call('incr', KEYS[2])"));
        assertEquals(true, straight("return string.format('%d:%s', 1, tostring(ARGV[1]))"));
        assertEquals(true, straight("if ARGV[1] == 'x' then return 1 else return 2 end"));
    }

    @Test
    void loopsFunctionsAndCodeMadeAtRunTimeAreNot() {
        assertEquals(false, straight("for i = 1, 2 do end"));
        assertEquals(false, straight("while true do end"));
        assertEquals(false, straight("local function f() end return f()"));
        assertEquals(false, straight("return loadstring('return 1')()"));
        assertEquals(false, straight("local x = 0 " + "x = x + 1 ".repeat(1000) + "return x"), "too long a body");
    }

    @Test
    void librariesWhoseOneCallCanTakeLongAreNot() {
        for (String body : new String[] {
                "return string.find(ARGV[1], ARGV[2])", "return ARGV[1]:match('(a*)*b')",
                "return string.gsub(ARGV[1], 'a', 'b')", "return string.rep('x', 1e9)",
                "return table.concat(KEYS, ',')", "table.sort(KEYS) return KEYS", "return cjson.decode(ARGV[1])",
                "return cjson.encode(KEYS)", "return cmsgpack.unpack(ARGV[1])", "return unpack(KEYS)",
                "return rawget(string, 'rep')", "return next(string)"}) {
            assertEquals(false, straight(body), body);
        }
    }

    @Test
    void tablesIndexedByKeysComputedAtRunTimeAreNot() {
        assertEquals(false, straight("local s = string return s['r' .. 'ep']('x', 10)"));
        assertEquals(false, straight("return ARGV[#ARGV]"));
        assertEquals(false, straight("return getmetatable('').__index[ARGV[1]]"));
    }
}
