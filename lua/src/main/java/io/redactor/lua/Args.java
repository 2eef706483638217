package io.redactor.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/** Argument checks of library functions with Lua 5.1's wording (the call site adds the function name). */
final class Args {
    private Args() {
    }

    static LuaError error(int n, String message) {
        return new LuaError("bad argument #" + n + ": " + message);
    }

    static LuaError typeError(Varargs args, int n, String expected) {
        return error(n, expected + " expected, got " + typeName(args, n));
    }

    static String typeName(Varargs args, int n) {
        return n > args.narg() ? "no value" : args.arg(n).typename();
    }

    static LuaValue checkAny(Varargs args, int n) {
        if (n > args.narg()) {
            throw error(n, "value expected");
        }
        return args.arg(n);
    }

    static LuaTable checkTable(Varargs args, int n) {
        LuaValue v = args.arg(n);
        if (!(v instanceof LuaTable t)) {
            throw typeError(args, n, "table");
        }
        return t;
    }

    static double checkNumber(Varargs args, int n) {
        LuaValue v = args.arg(n);
        LuaValue num = Lua51Arith.coerce(v);
        if (num == null) {
            throw typeError(args, n, "number");
        }
        return num.todouble();
    }

    static double optNumber(Varargs args, int n, double def) {
        return args.arg(n).isnil() ? def : checkNumber(args, n);
    }

    static int checkInt(Varargs args, int n) {
        return Lua51Numbers.toIntLikeC(checkNumber(args, n));
    }

    static int optInt(Varargs args, int n, int def) {
        return args.arg(n).isnil() ? def : checkInt(args, n);
    }

    static LuaString checkString(Varargs args, int n) {
        LuaString s = Lua51Arith.toLuaString(args.arg(n));
        if (s == null) {
            throw typeError(args, n, "string");
        }
        return s;
    }

    static LuaString optString(Varargs args, int n, LuaString def) {
        return args.arg(n).isnil() ? def : checkString(args, n);
    }
}
