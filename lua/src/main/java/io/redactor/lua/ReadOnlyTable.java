package io.redactor.lua;

import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/**
 * A library table shared by every script: filled while the engine builds it, then frozen. Writes fail with
 * Redis 7.0's error; through {@code t.k = v} the message gets the script position, through {@code rawset}
 * and {@code setmetatable} it does not (as Redis's readonly tables do).
 */
final class ReadOnlyTable extends LuaTable {
    static final String READONLY = "Attempt to modify a readonly table";

    private boolean frozen;
    private boolean strict;

    ReadOnlyTable freeze() {
        frozen = true;
        return this;
    }

    /** Makes reading a missing field an error, as Redis's load-time {@code redis} table does. */
    ReadOnlyTable strict() {
        strict = true;
        return this;
    }

    @Override
    public LuaValue get(LuaValue key) {
        LuaValue v = super.get(key);
        if (strict && v.isnil()) {
            throw ReadOnlyGlobals.nonexistent(key);
        }
        return v;
    }

    @Override
    public LuaValue get(int key) {
        return get(LuaValue.valueOf(key));
    }

    static LuaTable copyOf(LuaTable source) {
        ReadOnlyTable t = new ReadOnlyTable();
        LuaValue k = LuaValue.NIL;
        while (true) {
            org.luaj.vm2.Varargs n = source.next(k);
            if ((k = n.arg1()).isnil()) {
                break;
            }
            t.rawset(k, n.arg(2));
        }
        if (source.getmetatable() != null) {
            t.setmetatable(source.getmetatable());
        }
        return t.freeze();
    }

    @Override
    public void set(LuaValue key, LuaValue value) {
        if (frozen) {
            throw new org.luaj.vm2.LuaError(READONLY);
        }
        super.set(key, value);
    }

    @Override
    public void set(int key, LuaValue value) {
        if (frozen) {
            throw new org.luaj.vm2.LuaError(READONLY);
        }
        super.set(key, value);
    }

    @Override
    public void rawset(LuaValue key, LuaValue value) {
        if (frozen) {
            throw unpositioned();
        }
        super.rawset(key, value);
    }

    @Override
    public void rawset(int key, LuaValue value) {
        if (frozen) {
            throw unpositioned();
        }
        super.rawset(key, value);
    }

    @Override
    public LuaValue setmetatable(LuaValue metatable) {
        if (frozen) {
            throw unpositioned();
        }
        return super.setmetatable(metatable);
    }

    static ScriptLuaError unpositioned() {
        return new ScriptLuaError(LuaValue.valueOf(READONLY), true);
    }
}
