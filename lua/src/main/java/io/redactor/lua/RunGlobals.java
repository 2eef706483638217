package io.redactor.lua;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * A script's global table: {@code KEYS} and {@code ARGV} of this run over the shared, frozen library table.
 * Nothing can be added (Redis 7.0's read-only globals) and reading an unknown name is an error, so one
 * script can never leave anything behind for another. Costs one small object per run.
 */
final class RunGlobals extends ReadOnlyGlobals {
    static final LuaString KEYS = LuaValue.valueOf("KEYS");
    static final LuaString ARGV = LuaValue.valueOf("ARGV");

    private final LuaTable library;
    private final LuaTable keys;
    private final LuaTable argv;

    RunGlobals(LuaTable library, LuaTable keys, LuaTable argv) {
        this.library = library;
        this.keys = keys;
        this.argv = argv;
    }

    @Override
    public LuaValue rawget(LuaValue key) {
        LuaValue v = library.rawget(key);
        if (!v.isnil()) {
            return v;
        }
        if (key instanceof LuaString s) {
            if (s.raweq(KEYS)) {
                return keys;
            }
            if (s.raweq(ARGV)) {
                return argv;
            }
            if (s.raweq(G)) {
                return this;
            }
        }
        return NIL;
    }

    /** KEYS, ARGV, _G, then the library's names. */
    @Override
    public Varargs next(LuaValue key) {
        if (key.isnil()) {
            return varargsOf(KEYS, keys);
        }
        if (key.raweq(KEYS)) {
            return varargsOf(ARGV, argv);
        }
        if (key.raweq(ARGV)) {
            return varargsOf(G, this);
        }
        return library.next(key.raweq(G) ? NIL : key);
    }
}
