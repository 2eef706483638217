package io.redactor.lua.functions;

import java.util.List;
import java.util.Set;

import org.luaj.vm2.LuaValue;

import io.redactor.lua.LibraryFunction;
import io.redactor.lua.ScriptContext;
import io.redactor.lua.ScriptFlag;
import io.redactor.lua.ScriptRun;

/**
 * A function of a loaded library: what FCALL runs and FUNCTION LIST shows. Immutable and shareable between threads.
 */
public final class RegisteredFunction {
    private final LibraryFunction function;
    /** The name as FCALL finds it (see {@link FunctionNames}). */
    final String key;
    private final String libraryName;
    private final byte[] description;
    private final Set<ScriptFlag> flags;

    RegisteredFunction(LibraryFunction function, String libraryName, byte[] description, Set<ScriptFlag> flags) {
        this.function = function;
        this.key = FunctionNames.key(function.name());
        this.libraryName = libraryName;
        this.description = description;
        this.flags = ScriptFlag.shared(flags);
    }

    /** The name as registered (FCALL finds it in any case). */
    public String name() {
        return function.name();
    }

    public String libraryName() {
        return libraryName;
    }

    /** The description given to {@code redis.register_function}, or null (FUNCTION LIST shows a null then). */
    public byte[] description() {
        return description == null ? null : description.clone();
    }

    /**
     * The declared flags; FUNCTION LIST shows them in {@link ScriptFlag}'s order. Unlike EVAL scripts, functions
     * never run in compatibility mode: no flags means "may write, denied when out of memory", checked before the
     * function starts.
     */
    public Set<ScriptFlag> flags() {
        return flags;
    }

    public boolean has(ScriptFlag flag) {
        return flags.contains(flag);
    }

    /**
     * A call of this function, not started (run it with {@link ScriptRun#execute()}). The callback gets
     * {@code keys} and {@code args} as its two arguments; on error, {@link io.redactor.lua.ScriptError#redisMessage}
     * given {@link ScriptRun#name()} (this function's name) is FCALL's reply text, e.g.
     * {@code "ERR user_function:3: boom script: myfunc, on @user_function:3."}.
     */
    public ScriptRun newRun(ScriptContext context, List<byte[]> keys, List<byte[]> args) {
        return function.newRun(context, keys, args);
    }

    /** Runs the function on the calling thread and returns its first return value. */
    public LuaValue run(ScriptContext context, List<byte[]> keys, List<byte[]> args) {
        return function.run(context, keys, args);
    }

    @Override
    public String toString() {
        return libraryName + "." + name();
    }
}
