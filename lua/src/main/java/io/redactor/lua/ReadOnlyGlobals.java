package io.redactor.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/**
 * A global table as Redis 7.0 protects it: nothing can be added (writes fail with "Attempt to modify a readonly
 * table"), reading an unknown name is an error, and its metatable is Redis's read-only one. Subclasses say which
 * names exist ({@link #rawget(LuaValue)}) and how {@code next} walks them.
 */
abstract class ReadOnlyGlobals extends LuaTable {
    static final LuaString G = LuaValue.valueOf("_G");

    /**
     * Redis 7.0's metatable of the globals, which scripts can see with getmetatable(_G): read-only, its
     * {@code __index} the function that raises the nonexistent-global error (Redis's luaProtectedTableError).
     */
    private static final LuaTable METATABLE = errorMetatable();

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

    @Override
    public LuaValue get(LuaValue key) {
        LuaValue v = rawget(key);
        if (v.isnil()) {
            throw nonexistent(key);
        }
        return v;
    }

    /** Redis's {@code luaProtectedTableError}: the name for strings and numbers, another text for the rest. */
    static LuaError nonexistent(LuaValue key) {
        LuaString name = Lua51Arith.toLuaString(key);
        if (name == null) {
            return new LuaError("Second argument to luaProtectedTableError must be a string or number");
        }
        return new LuaError("Script attempted to access nonexistent global variable '" + name.tojstring() + "'");
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
        throw new LuaError(ReadOnlyTable.READONLY);
    }

    @Override
    public void set(int key, LuaValue value) {
        throw new LuaError(ReadOnlyTable.READONLY);
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
}
