package io.redactor.lua;

import java.util.List;

import org.luaj.vm2.LuaValue;

/**
 * A Lua function a library registered with {@code redis.register_function}, callable from any thread by any
 * number of runs. Runs of functions of one library share the library's state: whatever the library's code keeps
 * in upvalues or in tables it made (e.g. {@code local calls = 0} bumped by a function) lives as long as the
 * library and is seen by every later call, as in Redis. Redis runs one function at a time; callers that run
 * functions of the same library concurrently must serialize them if the library may keep such state.
 */
public final class LibraryFunction {
    final LuaEngine engine;
    final String name;
    final LuaValue callback;
    final LibraryGlobals globals;

    LibraryFunction(LuaEngine engine, String name, LuaValue callback, LibraryGlobals globals) {
        this.engine = engine;
        this.name = name;
        this.callback = callback;
        this.globals = globals;
    }

    /** The name it was registered under, as given (names are matched ignoring case by FCALL). */
    public String name() {
        return name;
    }

    /**
     * A call of the function, not started: the callback gets {@code (keys, args)} as two tables of strings;
     * there are no {@code KEYS}/{@code ARGV} globals. Errors read
     * {@code "ERR user_function:3: boom script: <name>, on @user_function:3."} ({@link ScriptError#redisMessage}
     * with {@link ScriptRun#name()}).
     */
    public ScriptRun newRun(ScriptContext context, List<byte[]> keys, List<byte[]> args) {
        return new ScriptRun(engine, this, context, keys, args);
    }

    /** Runs the function on the calling thread and returns its first return value. */
    public LuaValue run(ScriptContext context, List<byte[]> keys, List<byte[]> args) {
        return newRun(context, keys, args).execute();
    }

    @Override
    public String toString() {
        return "function " + name;
    }
}
