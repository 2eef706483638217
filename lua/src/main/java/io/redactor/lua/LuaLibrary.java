package io.redactor.lua;

import org.luaj.vm2.LuaTable;

/**
 * A library scripts see as a global table ({@code cjson}, {@code cmsgpack}, {@code struct}, {@code bit}).
 * {@link LuaEngine} calls {@link #create()} once, copies the table into a read-only one shared by every
 * script, so the functions must be thread-safe and keep no per-run state.
 */
public interface LuaLibrary {
    /** The global name, e.g. {@code "cjson"}. */
    String name();

    /** The library's functions and constants. */
    LuaTable create();
}
