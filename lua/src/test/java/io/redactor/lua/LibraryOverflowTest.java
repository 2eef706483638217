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
        assertEquals("1000000", evalString("return select(2, string.rep('abcdefg', 1000000):gsub('abcdefg', ''))"),
                "copied a megabyte at a time, every repetition whole");
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

    @Test
    void stringPositionsAreLua51sIntegersNotTheirLow32Bits() {
        assertEquals("bc", evalString("return string.sub('abc', 2, 2^32 + 2)"));
        assertEquals("", evalString("return string.sub('abcdef', 2^32 + 2)"));
        assertEquals("abc", evalString("return string.sub('abc', -2^53, 2^53)"));
        assertEquals("97 98 99", evalString("return table.concat({string.byte('abc', -2^31, 2^31)}, ' ')"));
        assertEquals("nil", evalString("return tostring(string.find('abc', 'b', 2^40))"));
        assertEquals("4", evalString("return (string.find('abc', '', 10))"));
        assertEquals("c", evalString("return string.match('abc', 'c', -2^53)"));
    }

    @Test
    void byteGivesAtMost8000ValuesAsLua51sStackDoes() {
        assertEquals("7997", evalString("return select('#', string.byte(string.rep('a', 7997), 1, -1))"));
        String body = "return string.byte(string.rep('a', 7998), 1, -1)";
        assertEquals("ERR user_script:1: stack overflow (string slice too long) script: " + sha(body)
                + ", on @user_script:1.", error(body));
        assertEquals("false stack overflow (string slice too long)", evalString(
                "local ok, e = pcall(string.byte, string.rep('a', 1e6), 1, -1) return tostring(ok) .. ' ' .. e"));
    }

    @Test
    void formatCharConvertsAsCDoesAndEndsAtANul() {
        assertEquals("255", evalString("return table.concat({string.byte(string.format('%c%c', 2^40 + 65, -1), 1, -1)}, ' ')"));
        assertEquals("    |||", evalString("return string.format('%5c|%-5c|%c|', 0, 0, 0)"));
        assertEquals("B", evalString("return string.format('%c', 2^31 - 190)"));
        assertEquals("", evalString("return string.format('%c', -2^31 - 1)"));
    }
}
