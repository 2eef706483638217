package io.redactor.lua;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Compile errors and lexing with Lua 5.1's rules, each expectation what Redis 7.0.15 answers. */
class Lua51SyntaxTest {
    private static final LuaEngine ENGINE = new LuaEngine();

    /** A body and the message after {@code ERR Error compiling script (new function): }. */
    private static final String[][] ERRORS = {
            {"return (", "user_script:1: unexpected symbol near '<eof>'"},
            {"x = = 1", "user_script:1: unexpected symbol near '='"},
            {"return \"unterminated", "user_script:1: unfinished string near '<eof>'"},
            {"return 1\\nend", "user_script:2: '<eof>' expected near 'end'"},
            {"return 'abc\\ndef'", "user_script:1: unfinished string near ''abc'"},
            {"return [[never closed", "user_script:1: unfinished long string near '<eof>'"},
            {"--[[ never closed", "user_script:1: unfinished long comment near '<eof>'"},
            {"local function f() return 1", "user_script:1: 'end' expected near '<eof>'"},
            {"if x then", "user_script:1: 'end' expected near '<eof>'"},
            {"for i = 1 do end", "user_script:1: ',' expected near 'do'"},
            {"for i in do end", "user_script:1: unexpected symbol near 'do'"},
            {"for a b in x do end", "user_script:1: '=' or 'in' expected near 'b'"},
            {"local 1 = 2", "user_script:1: '<name>' expected near '1'"},
            {"return 3x", "user_script:1: malformed number near '3x'"},
            {"return 0x", "user_script:1: malformed number near '0x'"},
            {"return 1e", "user_script:1: malformed number near '1e'"},
            {"return 1..2", "user_script:1: malformed number near '1..2'"},
            {"x = }", "user_script:1: unexpected symbol near '}'"},
            {"f(", "user_script:1: unexpected symbol near '<eof>'"},
            {"return {1, 2", "user_script:1: '}' expected near '<eof>'"},
            {"return \"\\999\"", "user_script:1: escape sequence too large near '\"'"},
            {"return [=[ x ]]", "user_script:1: unfinished long string near '<eof>'"},
            {"return [==", "user_script:1: invalid long string delimiter near '[=='"},
            {"function f() return ... end", "user_script:1: cannot use '...' outside a vararg function near '...'"},
            {"x = 1 y = 2 z", "user_script:1: '=' expected near '<eof>'"},
            {"local t = {} t.1 = 2", "user_script:1: '=' expected near '.1'"},
            {"return 1 2", "user_script:1: '<eof>' expected near '2'"},
            {"a.b:c = 1", "user_script:1: function arguments expected near '='"},
            {"return not", "user_script:1: unexpected symbol near '<eof>'"},
            {"local x <const> = 1", "user_script:1: unexpected symbol near '<'"},
            {"return a b", "user_script:1: '<eof>' expected near 'b'"},
            {"while true do", "user_script:1: 'end' expected near '<eof>'"},
            {"repeat until", "user_script:1: unexpected symbol near '<eof>'"},
            {"return function", "user_script:1: '(' expected near '<eof>'"},
            {"x = 'a' .. ", "user_script:1: unexpected symbol near '<eof>'"},
            {"return #", "user_script:1: unexpected symbol near '<eof>'"},
            {"local", "user_script:1: '<name>' expected near '<eof>'"},
            {"return @", "user_script:1: unexpected symbol near '@'"},
            {"return $", "user_script:1: unexpected symbol near '$'"},
            {"f", "user_script:1: '=' expected near '<eof>'"},
            {"return ~= 1", "user_script:1: unexpected symbol near '~='"},
            {"if x then else elseif y then end", "user_script:1: 'end' expected near 'elseif'"},
            {"return -", "user_script:1: unexpected symbol near '<eof>'"},
            {"return 1e+", "user_script:1: malformed number near '1e+'"},
            {"return .5e", "user_script:1: malformed number near '.5e'"},
            {"return 5..2", "user_script:1: malformed number near '5..2'"},
            {"x = 'a", "user_script:1: unfinished string near '<eof>'"},
            {"local s = [[", "user_script:1: unfinished long string near '<eof>'"},
            {"line", "user_script:1: '=' expected near '<eof>'"},
            {"x = = 3x", "user_script:1: unexpected symbol near '='"},
            {"return 3x = =", "user_script:1: malformed number near '3x'"},
            {"#comment\\nreturn 1", "user_script:1: unexpected symbol near '#'"},
            {"return \"\\300\" .. 3x", "user_script:1: escape sequence too large near '\"'"},
            {"local t = { [1] = 0x, }", "user_script:1: malformed number near '0x'"},
            {"#!lua\\nreturn (", "user_script:2: unexpected symbol near '<eof>'"},
    };

    @Test
    void compileErrorsAreLua51s() {
        List<String> mismatches = new ArrayList<>();
        for (String[] c : ERRORS) {
            String body = c[0].replace("\\n", "\n");
            ScriptCompileError e = assertThrows(ScriptCompileError.class,
                    () -> ENGINE.compile(body.getBytes(StandardCharsets.ISO_8859_1)), body);
            String expected = "ERR Error compiling script (new function): " + c[1];
            if (!expected.equals(e.getMessage())) {
                mismatches.add(body + "\n    expected: " + expected + "\n    got:      " + e.getMessage());
            }
        }
        assertEquals("", String.join("\n", mismatches));
    }

    @Test
    void loadstringReportsLua51ErrorsUnderItsChunkName() {
        assertEquals("[string \"x = = 1\"]:1: unexpected symbol near '='",
                eval("local f, e = loadstring('x = = 1') return e"));
        assertEquals("mine:1: malformed number near '3x'", eval("local f, e = loadstring('return 3x', '=mine') return e"));
    }

    @Test
    void stringEscapesAndNumeralsReadAsLua51Does() {
        assertEquals("ax41b", eval("return 'a\\x41b'"));
        assertEquals("z   x", eval("return '\\z   x'"));
        assertEquals("aqb", eval("return 'a\\qb'"));
        assertEquals("ABC7", eval("return '\\65\\066\\0677'"));
        assertEquals("a\nb", eval("return 'a\\\nb'"));
        assertEquals(" x ]=] ", eval("return [==[ x ]=] ]==]"));
        assertEquals("16 16 0.5", eval("return 0x10 .. ' ' .. 0x1P4 .. ' ' .. .5"));
        assertEquals("1", eval("#!lua flags=no-writes\nreturn 1"));
    }

    private static String eval(String body) {
        return ENGINE.compile(body.getBytes(StandardCharsets.ISO_8859_1)).run(ScriptContext.NONE, List.of(), List.of())
                .tojstring();
    }
}
