package io.redactor.lua;

import java.util.List;

import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;

/** A script body compiled once, shared by every run on every thread. */
public final class CompiledScript {
    /**
     * Longer bodies never count as straight-line: each instruction runs once at most, but 100,000 of them (a body of a
     * megabyte) take milliseconds, too long for the event loop or partition thread an inline run would hold.
     */
    static final int STRAIGHT_LINE_MAX_INSTRUCTIONS = 2048;

    private final LuaEngine engine;
    private final String sha;
    private final PrototypeCode code;
    private final Shebang shebang;
    private final boolean straightLine;

    CompiledScript(LuaEngine engine, String sha, Prototype prototype, Shebang shebang) {
        this.engine = engine;
        this.sha = sha;
        this.code = new PrototypeCode(prototype);
        this.shebang = shebang;
        this.straightLine = prototype.code.length <= STRAIGHT_LINE_MAX_INSTRUCTIONS && StraightLine.is(prototype);
    }

    /**
     * Whether the body is short, has no loops and defines no functions, so that its running time is bounded by its
     * length and by the commands it calls (see {@link StraightLine}).
     */
    public boolean straightLine() {
        return straightLine;
    }

    /** The body's {@code #!lua flags=...} line, or {@link Shebang#NONE} (EVAL compatibility mode). */
    public Shebang shebang() {
        return shebang;
    }

    /** The SHA1 of the body, lowercase hex, as EVALSHA names it. */
    public String sha() {
        return sha;
    }

    /** The body's code, shared by all runs: compiled to a JVM class once it is hot. */
    PrototypeCode code() {
        return code;
    }

    /** A run of this script, not started: keep it to {@link ScriptRun#stop()} it from another thread. */
    public ScriptRun newRun(ScriptContext context, List<byte[]> keys, List<byte[]> argv) {
        return new ScriptRun(engine, this, context, keys, argv);
    }

    /** Runs the script on the calling thread and returns its first return value. */
    public LuaValue run(ScriptContext context, List<byte[]> keys, List<byte[]> argv) {
        return newRun(context, keys, argv).execute();
    }
}
