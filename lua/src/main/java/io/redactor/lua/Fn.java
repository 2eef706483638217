package io.redactor.lua;

import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.VarArgFunction;

/** A library function written as a lambda. */
final class Fn extends VarArgFunction {
    interface Body {
        Varargs apply(Varargs args);
    }

    private final Body body;

    private Fn(String name, Body body) {
        this.name = name;
        this.body = body;
    }

    static Fn of(String name, Body body) {
        return new Fn(name, body);
    }

    static void put(LuaTable t, String name, Body body) {
        t.rawset(name, new Fn(name, body));
    }

    @Override
    public Varargs invoke(Varargs args) {
        return body.apply(args);
    }

    @Override
    public String tojstring() {
        return "function: builtin: " + Integer.toHexString(System.identityHashCode(this));
    }

    static LuaValue bool(boolean b) {
        return b ? LuaValue.TRUE : LuaValue.FALSE;
    }
}
