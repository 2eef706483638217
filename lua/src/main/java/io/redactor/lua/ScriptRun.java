package io.redactor.lua;

import java.util.List;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * One execution of a compiled script: its globals ({@code KEYS}, {@code ARGV} over the shared libraries),
 * its stop flag and start time. Create with {@link CompiledScript#newRun}, run once with {@link #execute()};
 * {@link #stop()} and {@link #elapsedNanos()} may be called from any thread meanwhile.
 */
public final class ScriptRun {
    /** Backward jumps and calls between two reads of the stop flag. */
    static final int POLL_EVERY = 1024;
    private static final ThreadLocal<ScriptRun> CURRENT = new ThreadLocal<>();

    final LuaEngine engine;
    final CompiledScript script;
    final ScriptContext context;
    final RunGlobals globals;
    private final long startNanos;
    private volatile boolean stopRequested;
    private volatile boolean running;
    int countdown = POLL_EVERY;
    int depth;
    int resp = 2;
    int replicationFlags = RedisLibrary.REPL_ALL;
    private Globals coroutineGlobals;

    private LuaError originError;
    private String originSource;
    private int originLine = -1;

    ScriptRun(LuaEngine engine, CompiledScript script, ScriptContext context, List<byte[]> keys, List<byte[]> argv) {
        this.engine = engine;
        this.script = script;
        this.context = context;
        this.globals = new RunGlobals(engine.library(), toTable(keys), toTable(argv));
        this.startNanos = System.nanoTime();
    }

    private static LuaTable toTable(List<byte[]> values) {
        int n = values.size();
        LuaValue[] array = new LuaValue[n];
        for (int i = 0; i < n; i++) {
            array[i] = LuaString.valueUsing(values.get(i));
        }
        Lua51Table t = new Lua51Table(0, 0);
        for (int i = 0; i < n; i++) {
            t.rawset(i + 1, array[i]);
        }
        return t;
    }

    /**
     * Runs the script and returns its first return value (NIL when it returns nothing).
     *
     * @throws ScriptError       the script raised an error
     * @throws ScriptKilledError {@link #stop()} was called
     */
    public LuaValue execute() {
        ScriptRun previous = CURRENT.get();
        CURRENT.set(this);
        running = true;
        try {
            ScriptClosure main = new ScriptClosure(script.prototype(), globals, this);
            return main.call();
        } catch (LuaError e) {
            if (stopRequested) {
                throw new ScriptKilledError();
            }
            throw toScriptError(e);
        } catch (StackOverflowError e) {
            throw new ScriptError("ERR user_script: stack overflow", null, -1);
        } finally {
            running = false;
            CURRENT.set(previous);
            if (coroutineGlobals != null) {
                coroutineGlobals = null;
            }
        }
    }

    /** Asks the script to stop at its next poll (within {@link #POLL_EVERY} jumps or calls). */
    public void stop() {
        stopRequested = true;
    }

    public boolean stopRequested() {
        return stopRequested;
    }

    public boolean isRunning() {
        return running;
    }

    /** Time since this run was created, for BUSY and SCRIPT KILL decisions. */
    public long elapsedNanos() {
        return System.nanoTime() - startNanos;
    }

    public String sha() {
        return script.sha();
    }

    /** The RESP version {@code redis.setresp} chose (2 or 3). */
    public int resp() {
        return resp;
    }

    /** The flags of the last {@code redis.set_repl} (REPL_ALL unless changed). */
    public int replicationFlags() {
        return replicationFlags;
    }

    static ScriptRun current() {
        ScriptRun run = CURRENT.get();
        if (run == null) {
            throw new LuaError("no script is running on this thread");
        }
        return run;
    }

    static void setCurrent(ScriptRun run) {
        CURRENT.set(run);
    }

    void poll(org.luaj.vm2.Prototype p, int pc) {
        countdown = POLL_EVERY;
        if (stopRequested) {
            int line = p.lineinfo != null && pc >= 0 && pc < p.lineinfo.length ? p.lineinfo[pc] : -1;
            throw new ScriptKilledError(p.source == null ? null : p.source.tojstring(), line);
        }
    }

    /** A private Globals for LuaJ coroutines of this run (LuaThread keeps its running thread there). */
    Globals coroutineGlobals() {
        if (coroutineGlobals == null) {
            coroutineGlobals = new Globals();
        }
        return coroutineGlobals;
    }

    /**
     * Gives an error crossing a Lua frame of this run its Lua 5.1 message (position, variable names, the
     * name of the function a bad argument went to) and remembers the innermost frame for Redis's
     * {@code on @user_script:<line>}.
     */
    LuaError locate(LuaError e, ScriptClosure frame, int pc) {
        ScriptLuaError located;
        if (e instanceof ScriptLuaError se) {
            located = se;
            if (!se.positioned) {
                if (se.levels > 0) {
                    se.levels--;
                } else {
                    located = positioned(se.value, frame, pc);
                }
            }
        } else {
            String message = e instanceof OperandError oe ? ErrorNames.describe(oe, frame.p, pc)
                    : ErrorNames.renameArgument(e.getMessage(), frame.p, pc);
            located = new ScriptLuaError(LuaValue.valueOf(ScriptClosure.where(frame.p, pc).concat(message)), true);
        }
        if (originError != e) {
            originSource = frame.p.source == null ? null : frame.p.source.tojstring();
            originLine = frame.p.lineinfo != null && pc >= 0 && pc < frame.p.lineinfo.length ? frame.p.lineinfo[pc] : -1;
        }
        originError = located;
        return located;
    }

    private static ScriptLuaError positioned(LuaValue value, ScriptClosure frame, int pc) {
        if (value.isstring()) {
            LuaString text = Lua51Arith.toLuaString(value);
            return new ScriptLuaError(LuaValue.valueOf(ScriptClosure.where(frame.p, pc).concat(text.tojstring())), true);
        }
        return new ScriptLuaError(value, true);
    }

    private ScriptError toScriptError(LuaError e) {
        LuaValue value = e instanceof ScriptLuaError se ? se.value : LuaValue.valueOf(String.valueOf(e.getMessage()));
        String message;
        if (value.istable()) {
            LuaValue err = value.get(RedisErrorReply.ERR);
            message = err.isstring() ? Lua51Arith.toLuaString(err).tojstring() : "ERR unknown error";
        } else {
            message = "ERR " + BaseLibrary.tostring(value).tojstring();
        }
        boolean located = originError == e;
        return new ScriptError(message, located ? originSource : null, located ? originLine : -1);
    }

    /** The first result of a call, for Java callers. */
    static LuaValue first(Varargs v) {
        return v.arg1();
    }
}
