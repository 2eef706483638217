package io.redactor.lua.libs;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.Varargs;

import java.nio.charset.StandardCharsets;

/** Argument checks with the messages of Lua 5.1's {@code luaL_check*} functions. */
final class LibArgs {
    private LibArgs() {
    }

    /**
     * {@code luaL_error}: the caller's position is added in front (level 1). Messages are bytes; chars up to 0xFF
     * stand for one byte each. LuaJ would encode a String message as UTF-8, so one with bytes past ASCII becomes a
     * Lua string error object (LuaJ then adds no position).
     */
    static LuaError error(String message) {
        for (int i = 0; i < message.length(); i++) {
            if (message.charAt(i) > 0x7f) {
                return new LuaError(LuaString.valueOf(message.getBytes(StandardCharsets.ISO_8859_1)));
            }
        }
        return new LuaError(message);
    }

    /** An error raised by the Lua core on behalf of a C function: no position in front. */
    static LuaError errorWithoutPosition(String message) {
        return new LuaError(message, 0);
    }

    /** {@code luaL_argerror}. */
    static LuaError argError(int narg, String function, String extra) {
        return error("bad argument #" + narg + " to '" + function + "' (" + extra + ")");
    }

    /** {@code luaL_typerror}. */
    static LuaError typeError(Varargs args, int narg, String function, String expected) {
        return argError(narg, function, expected + " expected, got " + typeName(args, narg));
    }

    static String typeName(Varargs args, int narg) {
        return narg > args.narg() ? "no value" : args.arg(narg).typename();
    }

    static boolean isNone(Varargs args, int narg) {
        return narg > args.narg();
    }

    static boolean isNoneOrNil(Varargs args, int narg) {
        return narg > args.narg() || args.arg(narg).isnil();
    }

    static double checkNumber(Varargs args, int narg, String function) {
        Double number = Lua51.toNumber(args.arg(narg));
        if (number == null) {
            throw typeError(args, narg, function, "number");
        }
        return number;
    }

    /** {@code luaL_checkinteger}: the number truncated to a 64-bit {@code lua_Integer}. */
    static long checkInteger(Varargs args, int narg, String function) {
        return Lua51.toInt64(checkNumber(args, narg, function));
    }

    static long optInteger(Varargs args, int narg, String function, long defaultValue) {
        return isNoneOrNil(args, narg) ? defaultValue : checkInteger(args, narg, function);
    }

    /** {@code luaL_checklstring}: strings, and numbers as Lua 5.1 prints them. */
    static LuaString checkString(Varargs args, int narg, String function) {
        LuaString s = Lua51.toLuaString(args.arg(narg));
        if (s == null) {
            throw typeError(args, narg, function, "string");
        }
        return s;
    }
}
