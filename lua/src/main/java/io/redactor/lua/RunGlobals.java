package io.redactor.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * A script's global table: {@code KEYS} and {@code ARGV} of this run over the shared, frozen library table.
 * Nothing can be added (Redis 7.0's read-only globals) and reading an unknown name is an error, so one
 * script can never leave anything behind for another. Costs one small object per run.
 */
final class RunGlobals extends LuaTable {
    static final LuaString KEYS = LuaValue.valueOf("KEYS");
    static final LuaString ARGV = LuaValue.valueOf("ARGV");
    static final LuaString G = LuaValue.valueOf("_G");

    /**
     * Redis 7.0's metatable of the globals, which scripts can see with getmetatable(_G): read-only, its
     * {@code __index} the function that raises the nonexistent-global error (Redis's luaProtectedTableError).
     */
    private static final LuaTable METATABLE = errorMetatable();

    private final LuaTable library;
    private final LuaTable keys;
    private final LuaTable argv;

    RunGlobals(LuaTable library, LuaTable keys, LuaTable argv) {
        this.library = library;
        this.keys = keys;
        this.argv = argv;
    }

    @Override
    public LuaValue get(LuaValue key) {
        LuaValue v = rawget(key);
        if (v.isnil()) {
            throw nonexistent(key);
        }
        return v;
    }

    private static LuaTable errorMetatable() {
        ReadOnlyTable mt = new ReadOnlyTable();
        mt.rawset(LuaValue.INDEX, Fn.of("__index", args -> {
            if (args.narg() != 2) {
                throw new LuaError("Wrong number of arguments to luaProtectedTableError");
            }
            throw nonexistent(args.arg(2));
        }));
        return mt.freeze();
    }

    private static LuaError nonexistent(LuaValue name) {
        LuaString text = Lua51Arith.toLuaString(name);
        if (text == null) {
            return new LuaError("Second argument to luaProtectedTableError must be a string or number");
        }
        return new LuaError("Script attempted to access nonexistent global variable '" + text.tojstring() + "'");
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

    @Override
    public LuaValue get(int key) {
        return get(LuaValue.valueOf(key));
    }

    @Override
    public LuaValue rawget(int key) {
        return NIL;
    }

    @Override
    public void set(LuaValue key, LuaValue value) {
        throw new org.luaj.vm2.LuaError(ReadOnlyTable.READONLY);
    }

    @Override
    public void set(int key, LuaValue value) {
        throw new org.luaj.vm2.LuaError(ReadOnlyTable.READONLY);
    }

    @Override
    public void rawset(LuaValue key, LuaValue value) {
        throw ReadOnlyTable.unpositioned();
    }

    @Override
    public void rawset(int key, LuaValue value) {
        throw ReadOnlyTable.unpositioned();
    }

    @Override
    public LuaValue setmetatable(LuaValue metatable) {
        throw ReadOnlyTable.unpositioned();
    }

    @Override
    public LuaValue getmetatable() {
        return METATABLE;
    }

    @Override
    public int length() {
        return 0;
    }

    @Override
    public LuaValue len() {
        return LuaValue.ZERO;
    }

    @Override
    public int rawlen() {
        return 0;
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
        Varargs n = library.next(key.raweq(G) ? NIL : key);
        return n;
    }
}
