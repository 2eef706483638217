package io.redactor.lua.libs;

import org.luaj.vm2.LuaTable;

/**
 * Installs the four libraries Redis 7.0 gives scripts, each as a global table of its name: {@code cjson},
 * {@code cmsgpack}, {@code struct} and {@code bit}. Every call makes new tables; cjson's settings belong to the
 * table installed, so environments sharing one installation share them (as all scripts of a Redis server do).
 */
public final class RedisLuaLibraries {
    private RedisLuaLibraries() {
    }

    public static void install(LuaTable globals) {
        globals.set("cjson", CJsonLib.create());
        globals.set("cmsgpack", CMsgpackLib.create());
        globals.set("struct", StructLib.create());
        globals.set("bit", BitLib.create());
    }
}
