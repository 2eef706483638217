package io.redactor.lua.functions;

import static io.redactor.lua.functions.Libraries.list;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Arguments of the FUNCTION subcommands and FCALL; every text is redis-server 7.0.15's reply. */
class FunctionArgumentsTest {
    private static String error(Executable call) {
        return assertThrows(FunctionError.class, call).getMessage();
    }

    @Test
    void loadOptions() {
        FunctionArguments.Load plain = FunctionArguments.load(list("FUNCTION", "LOAD", "code"));
        assertFalse(plain.replace());
        assertArrayEquals(Libraries.bytes("code"), plain.code());
        assertTrue(FunctionArguments.load(list("FUNCTION", "LOAD", "replace", "REPLACE", "code")).replace());
        FunctionArguments.Load replaceAsCode = FunctionArguments.load(list("FUNCTION", "LOAD", "REPLACE"));
        assertFalse(replaceAsCode.replace());
        assertArrayEquals(Libraries.bytes("REPLACE"), replaceAsCode.code());
        assertEquals("ERR Unknown option given: BAD", error(() -> FunctionArguments.load(list("FUNCTION", "LOAD", "BAD", "x"))));
        assertEquals("ERR Unknown option given: BAD",
                error(() -> FunctionArguments.load(list("FUNCTION", "LOAD", "REPLACE", "BAD", "x"))));
        assertEquals("ERR Unknown option given: a  b",
                error(() -> FunctionArguments.load(list("FUNCTION", "LOAD", "a\r\nb\0c", "x"))));
    }

    @Test
    void listOptions() {
        FunctionArguments.ListOptions none = FunctionArguments.list(list("FUNCTION", "LIST"));
        assertNull(none.pattern());
        assertFalse(none.withCode());
        FunctionArguments.ListOptions both = FunctionArguments.list(list("FUNCTION", "LIST", "withcode", "libraryname", "s*"));
        assertTrue(both.withCode());
        assertArrayEquals(Libraries.bytes("s*"), both.pattern());
        assertEquals("ERR Unknown argument BAD", error(() -> FunctionArguments.list(list("FUNCTION", "LIST", "BAD"))));
        assertEquals("ERR Unknown argument a", error(() -> FunctionArguments.list(list("FUNCTION", "LIST", "a\0b"))));
        assertEquals("ERR library name argument was not given",
                error(() -> FunctionArguments.list(list("FUNCTION", "LIST", "LIBRARYNAME"))));
        assertEquals("ERR library name argument was not given",
                error(() -> FunctionArguments.list(list("FUNCTION", "LIST", "withcode", "libraryname"))));
        assertEquals("ERR Unknown argument WITHCODE",
                error(() -> FunctionArguments.list(list("FUNCTION", "LIST", "WITHCODE", "WITHCODE"))));
        assertEquals("ERR Unknown argument LIBRARYNAME",
                error(() -> FunctionArguments.list(list("FUNCTION", "LIST", "LIBRARYNAME", "a", "LIBRARYNAME", "b"))));
    }

    @Test
    void flush() {
        assertTrue(FunctionArguments.flushAsync(list("FUNCTION", "FLUSH"), true));
        assertFalse(FunctionArguments.flushAsync(list("FUNCTION", "FLUSH"), false));
        assertTrue(FunctionArguments.flushAsync(list("FUNCTION", "FLUSH", "async"), false));
        assertFalse(FunctionArguments.flushAsync(list("FUNCTION", "FLUSH", "SYNC"), true));
        assertEquals("ERR FUNCTION FLUSH only supports SYNC|ASYNC option",
                error(() -> FunctionArguments.flushAsync(list("FUNCTION", "FLUSH", "BAD"), false)));
        assertEquals("ERR unknown subcommand or wrong number of arguments for 'FLUSH'. Try FUNCTION HELP.",
                error(() -> FunctionArguments.flushAsync(list("FUNCTION", "FLUSH", "SYNC", "extra"), false)));
        assertEquals("ERR unknown subcommand or wrong number of arguments for 'flush'. Try FUNCTION HELP.",
                error(() -> FunctionArguments.flushAsync(list("function", "flush", "a", "b"), false)));
    }

    @Test
    void restorePolicy() {
        assertEquals(RestorePolicy.APPEND, FunctionArguments.restorePolicy(list("FUNCTION", "RESTORE", "p")));
        assertEquals(RestorePolicy.FLUSH, FunctionArguments.restorePolicy(list("FUNCTION", "RESTORE", "p", "flush")));
        assertEquals(RestorePolicy.REPLACE, FunctionArguments.restorePolicy(list("FUNCTION", "RESTORE", "p", "Replace")));
        assertEquals(RestorePolicy.APPEND, FunctionArguments.restorePolicy(list("FUNCTION", "RESTORE", "p", "APPEND")));
        assertEquals("ERR Wrong restore policy given, value should be either FLUSH, APPEND or REPLACE.",
                error(() -> FunctionArguments.restorePolicy(list("FUNCTION", "RESTORE", "p", "BAD"))));
        assertEquals("ERR unknown subcommand or wrong number of arguments for 'RESTORE'. Try FUNCTION HELP.",
                error(() -> FunctionArguments.restorePolicy(list("FUNCTION", "RESTORE", "p", "FLUSH", "extra"))));
    }

    @Test
    void fcallNumberOfKeys() {
        assertEquals(0, FunctionArguments.numKeys(list("FCALL", "f", "0")));
        assertEquals(2, FunctionArguments.numKeys(list("FCALL", "f", "2", "k1", "k2", "a")));
        assertEquals("ERR Bad number of keys provided", error(() -> FunctionArguments.numKeys(list("FCALL", "f", "x"))));
        assertEquals("ERR Bad number of keys provided", error(() -> FunctionArguments.numKeys(list("FCALL", "f", "1.5", "a"))));
        assertEquals("ERR Bad number of keys provided", error(() -> FunctionArguments.numKeys(list("FCALL", "f", "01", "a"))));
        assertEquals("ERR Bad number of keys provided", error(() -> FunctionArguments.numKeys(list("FCALL", "f", "-0"))));
        assertEquals("ERR Number of keys can't be negative",
                error(() -> FunctionArguments.numKeys(list("FCALL", "f", "-1"))));
        assertEquals("ERR Number of keys can't be greater than number of args",
                error(() -> FunctionArguments.numKeys(list("FCALL", "f", "2", "a"))));
    }

    @Test
    void helpHasRedis70sLines() {
        assertEquals(37, FunctionArguments.HELP.size());
        assertEquals("LOAD [REPLACE] <FUNCTION CODE>", FunctionArguments.HELP.get(0));
        assertEquals("      in case of functions name collision with another library).",
                FunctionArguments.HELP.get(FunctionArguments.HELP.size() - 1));
    }
}
