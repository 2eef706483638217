package io.redactor.lua;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaTable;

/** A throwaway environment LuaJ's library loaders can register into, for copying what they made. */
final class ScratchGlobals {
    private ScratchGlobals() {
    }

    static Globals create() {
        Globals g = new Globals();
        LuaTable pkg = new LuaTable();
        pkg.rawset("loaded", new LuaTable());
        g.rawset("package", pkg);
        return g;
    }
}
