package io.redactor.lua.libs;

import io.redactor.lua.LuaLibrary;
import org.luaj.vm2.LuaTable;

import java.util.List;
import java.util.function.Supplier;

/**
 * Installs the four libraries Redis 7.0 gives scripts, each as a global table of its name: {@code cjson},
 * {@code cmsgpack}, {@code struct} and {@code bit}. Every call makes new tables; cjson's settings belong to the
 * table installed, so environments sharing one installation share them (as all scripts of a Redis server do).
 */
public final class RedisLuaLibraries {
    private RedisLuaLibraries() {
    }

    /** The four libraries, for {@link io.redactor.lua.LuaEngine}, which shares them read-only between scripts. */
    public static List<LuaLibrary> all() {
        return List.of(library("cjson", CJsonLib::create), library("cmsgpack", CMsgpackLib::create),
                library("struct", StructLib::create), library("bit", BitLib::create));
    }

    private static LuaLibrary library(String name, Supplier<LuaTable> create) {
        return new LuaLibrary() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public LuaTable create() {
                return create.get();
            }
        };
    }

    public static void install(LuaTable globals) {
        globals.set("cjson", CJsonLib.create());
        globals.set("cmsgpack", CMsgpackLib.create());
        globals.set("struct", StructLib.create());
        globals.set("bit", BitLib.create());
    }
}
