package io.redactor.lua;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * {@code redis.register_function}, in its two forms: {@code (name, callback)} and
 * {@code {function_name=, callback=, flags={...}, description=}}. Names and descriptions may be numbers (Lua
 * strings them, as {@code lua_isstring} allows); named-argument keys and flag names are matched ignoring ASCII
 * case. Each failure raises Redis 7.0's error table ({@code {err="ERR ..."}}).
 *
 * <p>When a table has several bad entries, which error comes first follows the table's iteration order, which is
 * LuaJ's here and Lua 5.1's hash order in Redis: the texts are Redis's, the choice among them may differ.
 */
final class FunctionRegistration {
    private FunctionRegistration() {
    }

    static Varargs register(Varargs args) {
        ScriptRun run = ScriptRun.current();
        if (run.registrar == null) {
            throw RedisLibrary.raise("ERR redis.register_function can only be called on FUNCTION LOAD command");
        }
        int argc = args.narg();
        if (argc < 1 || argc > 2) {
            throw RedisLibrary.raise("ERR wrong number of arguments to redis.register_function");
        }
        Declaration d = argc == 1 ? named(args.arg1()) : positional(args.arg(1), args.arg(2));
        String name = new String(RedisLibrary.copy(d.name), StandardCharsets.ISO_8859_1);
        LibraryFunction function = new LibraryFunction(run.engine, name, d.callback, (LibraryGlobals) run.globals);
        String error = run.registrar.register(function, d.description, d.flags);
        if (error != null) {
            throw RedisLibrary.raise("ERR " + error);
        }
        return LuaValue.NONE;
    }

    private static final class Declaration {
        LuaString name;
        byte[] description;
        LuaValue callback;
        Set<ScriptFlag> flags = ScriptFlag.none();
    }

    private static Declaration positional(LuaValue name, LuaValue callback) {
        Declaration d = new Declaration();
        d.name = Lua51Arith.toLuaString(name);
        if (d.name == null) {
            throw RedisLibrary.raise("ERR first argument to redis.register_function must be a string");
        }
        if (!callback.isfunction()) {
            throw RedisLibrary.raise("ERR second argument to redis.register_function must be a function");
        }
        d.callback = callback;
        return d;
    }

    private static Declaration named(LuaValue arg) {
        if (!(arg instanceof LuaTable table)) {
            throw RedisLibrary.raise("ERR calling redis.register_function with a single argument is only applicable "
                    + "to Lua table (representing named arguments).");
        }
        Declaration d = new Declaration();
        LuaValue key = LuaValue.NIL;
        while (true) {
            Varargs entry = table.next(key);
            key = entry.arg1();
            if (key.isnil()) {
                break;
            }
            LuaValue value = entry.arg(2);
            LuaString keyName = Lua51Arith.toLuaString(key);
            if (keyName == null) {
                throw RedisLibrary.raise("ERR named argument key given to redis.register_function is not a string");
            }
            switch (asciiLowerCase(Shebang.cString(RedisLibrary.copy(keyName)))) {
                case "function_name" -> {
                    d.name = Lua51Arith.toLuaString(value);
                    if (d.name == null) {
                        throw RedisLibrary.raise(
                                "ERR function_name argument given to redis.register_function must be a string");
                    }
                }
                case "description" -> {
                    LuaString description = Lua51Arith.toLuaString(value);
                    if (description == null) {
                        throw RedisLibrary.raise(
                                "ERR description argument given to redis.register_function must be a string");
                    }
                    d.description = RedisLibrary.copy(description);
                }
                case "callback" -> {
                    if (!value.isfunction()) {
                        throw RedisLibrary.raise(
                                "ERR callback argument given to redis.register_function must be a function");
                    }
                    d.callback = value;
                }
                case "flags" -> {
                    if (!(value instanceof LuaTable flags)) {
                        throw RedisLibrary.raise("ERR flags argument to redis.register_function must be a table "
                                + "representing function flags");
                    }
                    d.flags = flags(flags);
                }
                default -> throw RedisLibrary.raise("ERR unknown argument given to redis.register_function");
            }
        }
        if (d.name == null) {
            throw RedisLibrary.raise("ERR redis.register_function must get a function name argument");
        }
        if (d.callback == null) {
            throw RedisLibrary.raise("ERR redis.register_function must get a callback argument");
        }
        return d;
    }

    /** {@code flags[1]}, {@code flags[2]}, ... up to the first nil; anything else than a known name fails. */
    private static Set<ScriptFlag> flags(LuaTable table) {
        Set<ScriptFlag> flags = ScriptFlag.none();
        for (int i = 1;; i++) {
            LuaValue v = table.get(i);
            if (v.isnil()) {
                return flags;
            }
            LuaString s = Lua51Arith.toLuaString(v);
            ScriptFlag flag = s == null ? null : ScriptFlag.namedIgnoringCase(Shebang.cString(RedisLibrary.copy(s)));
            if (flag == null) {
                throw RedisLibrary.raise("ERR unknown flag given");
            }
            flags.add(flag);
        }
    }

    /** C's strcasecmp folds ASCII letters only. */
    private static String asciiLowerCase(String s) {
        char[] chars = s.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] >= 'A' && chars[i] <= 'Z') {
                chars[i] += 'a' - 'A';
            }
        }
        return new String(chars);
    }
}
