package io.redactor.lua;

import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * The global table of one function library. Like Redis 7.0, which swaps what its one global table shows around
 * FUNCTION LOAD, it shows two sets of names:
 * <ul>
 *   <li>while the library's code runs at load time, only {@code redis}, and that {@code redis} holds only
 *       {@code register_function}, {@code log}, the {@code LOG_*} levels, {@code REDIS_VERSION} and
 *       {@code REDIS_VERSION_NUM}: {@code string}, {@code pairs}, {@code error}, {@code redis.call}, even
 *       {@code _G} are "nonexistent global variables" then;</li>
 *   <li>once loaded (when its functions run), the function libraries: the script globals without {@code KEYS},
 *       {@code ARGV} and {@code __redis__err__handler}, {@code redis} without {@code breakpoint}, {@code debug}
 *       and {@code replicate_commands}.</li>
 * </ul>
 * Values the code took at load time keep what they were: {@code local r = redis} at load time still lacks
 * {@code call} when a function uses it.
 */
final class LibraryGlobals extends ReadOnlyGlobals {
    static final String CHUNK = "user_function";
    static final String CHUNK_NAME = "@" + CHUNK;

    private final LuaTable loadApi;
    private final LuaTable functionLibrary;
    private volatile boolean loaded;

    LibraryGlobals(LuaTable loadApi, LuaTable functionLibrary) {
        this.loadApi = loadApi;
        this.functionLibrary = functionLibrary;
    }

    /** The library's code has run: from now on its functions see the function libraries. */
    void loaded() {
        loaded = true;
    }

    @Override
    public LuaValue rawget(LuaValue key) {
        if (!loaded) {
            return loadApi.rawget(key);
        }
        LuaValue v = functionLibrary.rawget(key);
        if (v.isnil() && key instanceof LuaString s && s.raweq(G)) {
            return this;
        }
        return v;
    }

    /** _G, then the function libraries' names (or only the load-time names while loading). */
    @Override
    public Varargs next(LuaValue key) {
        if (!loaded) {
            return loadApi.next(key);
        }
        if (key.isnil()) {
            return varargsOf(G, this);
        }
        return functionLibrary.next(key.raweq(G) ? NIL : key);
    }
}
