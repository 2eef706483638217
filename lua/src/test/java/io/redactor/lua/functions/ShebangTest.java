package io.redactor.lua.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.redactor.lua.CompiledScript;
import io.redactor.lua.LuaEngine;
import io.redactor.lua.ScriptCompileError;
import io.redactor.lua.ScriptContext;
import io.redactor.lua.ScriptError;
import io.redactor.lua.ScriptFlag;
import io.redactor.lua.Shebang;

/** EVAL's shebang line; every text below is what redis-server 7.0.15 answers to EVAL with that body. */
class ShebangTest {
    private static final LuaEngine ENGINE = new LuaEngine();

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static Shebang parse(String body) {
        return Shebang.parse(bytes(body));
    }

    private static String error(String body) {
        return assertThrows(ScriptCompileError.class, () -> Shebang.parse(bytes(body))).getMessage();
    }

    @Test
    void bodiesWithoutShebangRunInCompatibilityMode() {
        Shebang none = parse("return 1");
        assertSame(Shebang.NONE, none);
        assertFalse(none.present());
        assertTrue(none.compatibilityMode());
        assertEquals(Set.of(), none.flags());
        assertEquals(0, none.codeOffset());
        assertSame(Shebang.NONE, parse("  #!lua\nreturn 1"), "only the very first bytes count");
        assertSame(Shebang.NONE, parse("#"));
    }

    @Test
    void luaAloneOrWithEmptyFlagsDeclaresNoFlags() {
        Shebang s = parse("#!lua\nreturn 1");
        assertTrue(s.present());
        assertFalse(s.compatibilityMode());
        assertEquals(Set.of(), s.flags());
        assertEquals(5, s.codeOffset());
        assertEquals(Set.of(), parse("#!lua flags=\nreturn 1").flags());
        assertTrue(parse("#!lua\r\nreturn 1").present(), "CR is whitespace");
    }

    @Test
    void flagsAreCommaSeparatedAndAddUp() {
        assertEquals(EnumSet.allOf(ScriptFlag.class),
                parse("#!lua flags=no-writes,allow-oom,allow-stale,no-cluster,allow-cross-slot-keys\n").flags());
        assertEquals(EnumSet.of(ScriptFlag.NO_WRITES, ScriptFlag.ALLOW_OOM),
                parse("#!lua flags=no-writes flags=allow-oom\n").flags());
        assertEquals(EnumSet.of(ScriptFlag.NO_WRITES), parse("#!lua  \t flags=no-writes  \nreturn 1").flags());
        assertEquals(EnumSet.of(ScriptFlag.NO_WRITES), parse("#!lua \"flags=no-writes\"\n").flags());
        assertTrue(parse("#!lua flags=no-writes\n").has(ScriptFlag.NO_WRITES));
    }

    @Test
    void badFlagsAndOptions() {
        assertEquals("ERR Unexpected flag in script shebang: bad", error("#!lua flags=no-writes,bad\n"));
        assertEquals("ERR Unexpected flag in script shebang: NO-WRITES", error("#!lua flags=NO-WRITES\n"));
        assertEquals("ERR Unexpected flag in script shebang: ", error("#!lua flags=,\n"));
        assertEquals("ERR Unexpected flag in script shebang: ", error("#!lua flags=no-writes,,allow-oom\n"));
        assertEquals("ERR Unknown lua shebang option: foo=bar", error("#!lua foo=bar\n"));
        assertEquals("ERR Unknown lua shebang option: name=x", error("#!lua name=x\n"));
    }

    @Test
    void theEngineMustBeExactlyLua() {
        assertEquals("ERR Unexpected engine in script shebang: #!LUA", error("#!LUA\nreturn 1"));
        assertEquals("ERR Unexpected engine in script shebang: #!js", error("#!js\nreturn 1"));
        assertEquals("ERR Unexpected engine in script shebang: #!", error("#!\nreturn 1"));
        assertEquals("ERR Unexpected engine in script shebang: #!", error("#! lua\nreturn 1"));
        assertEquals("ERR Unexpected engine in script shebang: #!lua\u000bflags=no-writes",
                error("#!lua\u000bflags=no-writes\nreturn 1"), "a vertical tab does not end a word");
    }

    @Test
    void lineAndQuotingErrors() {
        assertEquals("ERR Invalid script shebang", error("#!lua"));
        assertEquals("ERR Invalid script shebang", error("#!lua\0\nreturn 1"), "Redis looks for the LF with strchr");
        assertEquals("ERR Invalid engine in script shebang", error("#!lua \"flags=no-writes\nreturn 1"));
        assertEquals("ERR Invalid engine in script shebang", error("#!lua \"a\"b\nreturn 1"));
    }

    @Test
    void namesAreComparedAsCStrings() {
        assertEquals(EnumSet.of(ScriptFlag.NO_WRITES), parse("#!lua \"flags=no-writes\\x00junk\"\n").flags());
        assertEquals("ERR Unexpected flag in script shebang: bad", error("#!lua \"flags=bad\\x00junk\"\n"));
        assertEquals("ERR Unknown lua shebang option: fl", error("#!lua \"fl\\x00ags=x\"\n"));
    }

    @Test
    void theEngineCompilesFromTheShebangsLineFeedSoLinesStillCount() {
        CompiledScript script = ENGINE.compile(bytes("#!lua flags=no-writes\nreturn 1 + 1"));
        assertEquals(EnumSet.of(ScriptFlag.NO_WRITES), script.shebang().flags());
        assertEquals(LuaEngine.sha1hex(bytes("#!lua flags=no-writes\nreturn 1 + 1")), script.sha());
        assertEquals(2, script.run(ScriptContext.NONE, List.of(), List.of()).toint());

        CompiledScript failing = ENGINE.compile(bytes("#!lua\n\nerror('x')"));
        ScriptError e = assertThrows(ScriptError.class, () -> failing.run(ScriptContext.NONE, List.of(), List.of()));
        assertEquals("ERR user_script:3: x script: " + failing.sha() + ", on @user_script:3.",
                e.redisMessage(failing.sha()));

        assertSame(Shebang.NONE, ENGINE.compile(bytes("return 1")).shebang());
        assertEquals("ERR Unexpected flag in script shebang: bad", assertThrows(ScriptCompileError.class,
                () -> ENGINE.compile(bytes("#!lua flags=bad\nreturn 1"))).getMessage());
        // Redis: "... user_script:1: unexpected symbol near '#'"; LuaJ's syntax error texts are not Lua 5.1's yet
        assertTrue(assertThrows(ScriptCompileError.class, () -> ENGINE.compile(bytes("  #!lua\nreturn 1")))
                .getMessage().startsWith("ERR Error compiling script (new function): user_script:1: unexpected symbol"));
    }
}
