package io.redactor.lua;

import static io.redactor.lua.LuaEngineTest.error;
import static io.redactor.lua.LuaEngineTest.evalString;
import static io.redactor.lua.LuaEngineTest.sha;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Library functions given huge counts and positions: Lua 5.1's arithmetic on them, and Lua's memory error where a
 * size does not fit, never a wrapped-around size or a Java exception.
 */
class LibraryOverflowTest {

    @Test
    void repCountsAsLua51AndRefusesWhatNoStringCanHold() {
        assertEquals("0", evalString("return #string.rep('x', 2^31)"), "(int) of 2^31 is negative");
        assertEquals("3", evalString("return #string.rep('x', 2^32 + 3)"), "the low 32 bits");
        assertEquals("0", evalString("return #string.rep('x', -2^32 - 5)"));
        assertEquals("abcabcabcabcabc", evalString("return string.rep('abc', 5)"));
        assertEquals("3000000 abcabc", evalString("local s = string.rep('abc', 1000000) return #s .. ' ' .. s:sub(-6)"));
        assertEquals("false not enough memory", evalString("local ok, e = pcall(string.rep, 'ab', 2^30) "
                + "return tostring(ok) .. ' ' .. e"), "2^31 bytes: the size wrapped around to a negative one");
        assertEquals("false not enough memory", evalString("local ok, e = pcall(string.rep, 'abcd', 2^30 + 1) "
                + "return tostring(ok) .. ' ' .. e"), "2^32 + 4 bytes: the size wrapped around to 4");
        String body = "return ('xyz'):rep(2^31 - 1)";
        assertEquals("ERR user_script:1: not enough memory script: " + sha(body) + ", on @user_script:1.", error(body));
    }

    @Test
    void tableRemoveOutsideTheArrayRemovesNothingAtOnce() {
        assertEquals("1 2 3", evalString("local t = {1, 2, 3} table.remove(t, 7) return table.concat(t, ' ')"));
        assertEquals("1 2 3", evalString("local t = {1, 2, 3} table.remove(t, -1) return table.concat(t, ' ')"));
        assertEquals("0 1 2 3", evalString("local t = {1, 2, 3} return select('#', table.remove(t, 0)) .. ' ' "
                + ".. table.concat(t, ' ')"));
        long start = System.nanoTime();
        assertEquals("1", evalString("local t = {1} table.remove(t, -2^31) return #t"), "a loop of 2^31 steps before");
        assertEquals(true, System.nanoTime() - start < 1_000_000_000L);
        assertEquals("2 1 3", evalString("local t = {1, 2, 3} return table.remove(t, 2) .. ' ' .. table.concat(t, ' ')"));
        assertEquals("3 1 2", evalString("local t = {1, 2, 3} return table.remove(t) .. ' ' .. table.concat(t, ' ')"));
    }
}
