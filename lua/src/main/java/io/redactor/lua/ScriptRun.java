package io.redactor.lua;

import java.util.List;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaThread;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * One execution of a compiled script or of a function: its globals ({@code KEYS}, {@code ARGV} over the shared
 * libraries for a script, its library's globals for a function), its stop flag and start time. Create with
 * {@link CompiledScript#newRun} or {@link LibraryFunction#newRun}, run once with {@link #execute()};
 * {@link #stop()} and {@link #elapsedNanos()} may be called from any thread meanwhile.
 *
 * <p>A script's Lua functions live no longer than its run, so they are bound to it. A library's functions outlive
 * the FUNCTION LOAD that made them and may be called by any later run (a library keeps state in its upvalues
 * between FCALLs, as in Redis), so they are bound to {@link #DETACHED} and use the run current on their thread.
 */
public final class ScriptRun {
    /** Backward jumps and calls between two reads of the stop flag. */
    static final int POLL_EVERY = 1024;
    /**
     * Work a library call does between two polls, in {@link #spend} units (a step of pattern matching, 64 bytes
     * built or copied): about as long as {@link #POLL_EVERY} jumps of a loop.
     */
    static final int WORK_PER_POLL = 4096;
    /** Bytes built or copied that count as one unit of {@link #spend}. */
    static final int BYTES_PER_UNIT = 64;
    private static final ThreadLocal<ScriptRun> CURRENT = new ThreadLocal<>();
    /** What library closures are bound to: "whichever run is current on this thread". Never executed. */
    static final ScriptRun DETACHED = new ScriptRun();

    final LuaEngine engine;
    final CompiledScript script;
    /** A function run's callback, or a library load's main chunk; null for a script run. */
    private final LuaValue function;
    private final Varargs functionArgs;
    private final String name;
    private final String chunk;
    final ScriptContext context;
    final LuaTable globals;
    final boolean detached;
    /** Set during FUNCTION LOAD only: where {@code redis.register_function} sends what it is given. */
    final FunctionRegistrar registrar;
    /** FUNCTION LOAD's time limit, or null. */
    private final LoadTimer loadTimer;
    private final long startNanos;
    private volatile boolean stopRequested;
    private volatile boolean running;
    int countdown = POLL_EVERY;
    private int work = WORK_PER_POLL;
    int depth;
    int resp = 2;
    int replicationFlags = RedisLibrary.REPL_ALL;
    private StringNumbers.Cache numbers;
    /** The coroutines this run started, while it runs (see {@link CoroutineLibrary}). */
    final StartedCoroutines coroutines = new StartedCoroutines();
    /** Made on first use: most runs never make a value large enough to count. */
    private ScriptMemory memory;

    private LuaError originError;
    private String originSource;
    private int originLine = -1;

    ScriptRun(LuaEngine engine, CompiledScript script, ScriptContext context, List<byte[]> keys, List<byte[]> argv) {
        this.engine = engine;
        this.script = script;
        this.function = null;
        this.functionArgs = LuaValue.NONE;
        this.name = script.sha();
        this.chunk = "user_script";
        this.context = context;
        this.globals = new RunGlobals(engine.library(), toTable(keys), toTable(argv));
        this.detached = false;
        this.registrar = null;
        this.loadTimer = null;
        this.startNanos = System.nanoTime();
    }

    /** A call of a library's function: {@code callback(keys, args)} in the library's globals. */
    ScriptRun(LuaEngine engine, LibraryFunction function, ScriptContext context, List<byte[]> keys, List<byte[]> args) {
        this.engine = engine;
        this.script = null;
        this.function = function.callback;
        this.functionArgs = LuaValue.varargsOf(toTable(keys), toTable(args));
        this.name = function.name;
        this.chunk = LibraryGlobals.CHUNK;
        this.context = context;
        this.globals = function.globals;
        this.detached = false;
        this.registrar = null;
        this.loadTimer = null;
        this.startNanos = System.nanoTime();
    }

    /** FUNCTION LOAD's one run of a library's main chunk; {@code timeoutNanos} 0 means no time limit. */
    ScriptRun(LuaEngine engine, ScriptClosure main, LibraryGlobals globals, ScriptContext context,
            FunctionRegistrar registrar, long timeoutNanos) {
        this.engine = engine;
        this.script = null;
        this.function = main;
        this.functionArgs = LuaValue.NONE;
        this.name = null;
        this.chunk = LibraryGlobals.CHUNK;
        this.context = context;
        this.globals = globals;
        this.detached = false;
        this.registrar = registrar;
        this.loadTimer = timeoutNanos > 0 ? new LoadTimer(timeoutNanos) : null;
        this.startNanos = System.nanoTime();
    }

    private ScriptRun() {
        this.engine = null;
        this.script = null;
        this.function = null;
        this.functionArgs = LuaValue.NONE;
        this.name = null;
        this.chunk = null;
        this.context = null;
        this.globals = null;
        this.detached = true;
        this.registrar = null;
        this.loadTimer = null;
        this.startNanos = 0;
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
            if (script != null) {
                return new ScriptClosure(script.code(), globals, this).call();
            }
            return function.invoke(functionArgs).arg1();
        } catch (LuaError e) {
            if (stopRequested) {
                throw new ScriptKilledError();
            }
            throw toScriptError(e);
        } catch (StackOverflowError e) {
            throw new ScriptError("ERR " + chunk + ": stack overflow", null, -1);
        } catch (OutOfMemoryError e) {
            // outside any Lua frame (those make it a Lua error): what failed to be made is garbage already
            throw new ScriptError("ERR " + chunk + ": " + StringLibrary.NOT_ENOUGH_MEMORY, null, -1);
        } finally {
            running = false;
            CURRENT.set(previous);
            CoroutineLibrary.ended(this);
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

    /** The SHA1 of the script this runs (lowercase hex), or null for a function run. */
    public String sha() {
        return script == null ? null : script.sha();
    }

    /**
     * What Redis's error texts call this run ({@code "script: <name>, on ..."}): the script's SHA1, or the
     * function's name (null while a library loads).
     */
    public String name() {
        return name;
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
        if (!run.running) {
            // a coroutine's thread still going after its run ended: nothing it calls may run
            throw new ScriptKilledError();
        }
        return run;
    }

    /** The string-to-number cache of the run current on this thread (made on first use), or null outside runs. */
    static StringNumbers.Cache numberCache() {
        ScriptRun run = CURRENT.get();
        return run == null ? null : run.numbers();
    }

    /**
     * This run's string-to-number cache, made on first use; for closures bound to {@link #DETACHED}, the cache of the
     * run current on this thread.
     */
    StringNumbers.Cache numbers() {
        if (detached) {
            return numberCache();
        }
        if (numbers == null) {
            numbers = new StringNumbers.Cache();
        }
        return numbers;
    }

    /**
     * The memory hook, first half: a library about to make a string or table part of {@code bytes} asks whether
     * the run current on this thread may hold it (see {@link ScriptMemory}); Lua's {@code not enough memory} error
     * if not. Values under {@link ScriptMemory#COUNTED_FROM} bytes pass without a look.
     */
    public static void making(long bytes) {
        if (bytes >= ScriptMemory.COUNTED_FROM) {
            ScriptRun run = CURRENT.get();
            if (run != null && !run.detached) {
                run.memory().admit(bytes);
            }
        }
    }

    /** The memory hook, second half: {@code value}, of {@code bytes}, was made; it counts until collected. */
    public static void made(Object value, long bytes) {
        if (bytes >= ScriptMemory.COUNTED_FROM) {
            ScriptRun run = CURRENT.get();
            if (run != null && !run.detached) {
                run.memory().made(value, bytes);
            }
        }
    }

    /** Both halves for a string a library made already: checked, then counted by its length. */
    public static LuaString made(LuaString s) {
        if (s.m_length >= ScriptMemory.COUNTED_FROM) {
            making(s.m_length);
            made(s, s.m_length);
        }
        return s;
    }

    /**
     * The memory hook for tables: {@code table} grew to {@code bytes}; returns what the table keeps for the next
     * time ({@code ticket}, null at first). Checked like {@link #making}.
     */
    static Object resized(Object table, Object ticket, long bytes) {
        if (bytes < ScriptMemory.COUNTED_FROM) {
            return ticket;
        }
        ScriptRun run = CURRENT.get();
        if (run == null || run.detached) {
            return ticket;
        }
        run.memory().admit(bytes);
        return run.memory().resized(table, ticket, bytes);
    }

    private ScriptMemory memory() {
        if (memory == null) {
            memory = engine.newMemory();
        }
        return memory;
    }

    /** Bytes this run holds of the values its memory budget counts (0 before it made one). */
    public long heldMemory() {
        return memory == null ? 0 : memory.held();
    }

    static void setCurrent(ScriptRun run) {
        CURRENT.set(run);
    }

    /** Called every {@link #POLL_EVERY} backward jumps and calls, from the frame of {@code closure}. */
    void poll(ScriptClosure closure, int pc) {
        countdown = POLL_EVERY;
        ScriptRun current = CURRENT.get();
        if (current != this && current != null) {
            // a frame of a library's coroutine, entered during an earlier call and resumed by this thread's run now
            current.poll(closure, pc);
            return;
        }
        checkStop(closure, pc);
    }

    /**
     * What every poll does, from a frame of {@code closure} at {@code pc} or (closure null) inside a library call:
     * stops a run that ended or was asked to, offers the context its say, and times out a library load.
     */
    private void checkStop(ScriptClosure closure, int pc) {
        if (!running) {
            throw killed(closure, pc);
        }
        context.polled();
        if (closure != null) {
            closure.prototypeCode.polled();
        }
        if (stopRequested) {
            throw killed(closure, pc);
        }
        if (loadTimer != null && loadTimer.expired()) {
            // Redis raises it again at every line once the time is up; nothing at load time can catch it anyway
            countdown = 1;
            throw RedisLibrary.raise("ERR FUNCTION LOAD timeout");
        }
    }

    private static ScriptKilledError killed(ScriptClosure closure, int pc) {
        return closure == null ? new ScriptKilledError() : ScriptKilledError.at(closure.p, pc);
    }

    /**
     * Counts work done inside a library call (matching a pattern, building a string, sorting), which no loop of
     * the script's polls for: at every {@link #WORK_PER_POLL} units the run polls as a loop would, so that a
     * single long call can be killed, times out, and moves off a network thread.
     */
    void spend(int units) {
        work -= units;
        if (work <= 0) {
            work = WORK_PER_POLL;
            checkStop(null, -1);
        }
    }

    /** {@link #spend} on the run current on this thread, if any. */
    static void spendCurrent(int units) {
        ScriptRun run = CURRENT.get();
        if (run != null) {
            run.spend(units);
        }
    }

    /** The run current on this thread, or null outside runs. */
    static ScriptRun currentOrNull() {
        return CURRENT.get();
    }

    /** What closures this run creates are bound to: the run itself for a script, {@link #DETACHED} otherwise. */
    ScriptRun closureBinding() {
        return script != null ? this : DETACHED;
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
        // taken first: reading err below may run script code, whose errors are located too
        boolean located = originError == e;
        String source = originSource;
        int line = originLine;
        String message;
        if (value.istable()) {
            LuaValue err;
            try {
                err = value.get(RedisErrorReply.ERR);
            } catch (LuaError inner) {
                // its __index failed (Redis 7.0 panics here): that error is the script's
                LuaValue innerValue = inner instanceof ScriptLuaError se ? se.value
                        : LuaValue.valueOf(String.valueOf(inner.getMessage()));
                err = LuaValue.valueOf("ERR " + (innerValue.isstring() ? innerValue.tojstring()
                        : "(error object is a " + innerValue.typename() + " value)"));
            }
            message = err.isstring() ? Lua51Arith.toLuaString(err).tojstring() : "ERR unknown error";
        } else {
            message = "ERR " + BaseLibrary.tostring(value).tojstring();
        }
        boolean counted = value.istable() && value.rawget(RedisErrorReply.IGNORE_ERROR_STATS_UPDATE).toboolean();
        return new ScriptError(message, located ? source : null, located ? line : -1, counted);
    }

    /** The first result of a call, for Java callers. */
    static LuaValue first(Varargs v) {
        return v.arg1();
    }
}
