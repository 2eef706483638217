package io.redactor.lua;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongPredicate;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;

/**
 * Redis 7.0's script engine on LuaJ: one frozen table of libraries shared by all scripts, a compile cache
 * by SHA1, and per-run globals ({@link ScriptRun}). Thread-safe: runs may go on any number of threads.
 */
public final class LuaEngine {
    public static final String CHUNK_NAME = "@user_script";

    private final LuaTable library;
    private final LuaTable functionLibrary;
    private final LuaTable loadLibrary;
    private final LuaRandom random = new LuaRandom();
    private final ConcurrentHashMap<String, CompiledScript> scripts = new ConcurrentHashMap<>();
    /** An estimate of the heap the cached scripts hold (see {@link #cachedScriptBytes}). */
    private final java.util.concurrent.atomic.AtomicLong cachedBytes = new java.util.concurrent.atomic.AtomicLong();
    private volatile long memoryBudget;
    private volatile LongPredicate heapAdmits = bytes -> true;

    /** An engine with the base, string, table, math, coroutine and redis libraries and no others. */
    public LuaEngine() {
        this(List.of(), "7.0.15", 0x07000f);
    }

    /**
     * @param libraries  extra global tables (cjson, cmsgpack, struct, bit)
     * @param version    redis.REDIS_VERSION
     * @param versionNum redis.REDIS_VERSION_NUM
     */
    public LuaEngine(List<LuaLibrary> libraries, String version, int versionNum) {
        ReadOnlyTable g = new ReadOnlyTable();
        ReadOnlyTable f = new ReadOnlyTable();
        BaseLibrary.install(g);
        BaseLibrary.install(f);
        f.rawset(LuaValue.valueOf("__redis__err__handler"), LuaValue.NIL);
        LuaTable table = ((ReadOnlyTable) TableLibrary.create()).freeze();
        LuaTable math = ((ReadOnlyTable) MathLibrary.create(random)).freeze();
        LuaTable coroutine = ((ReadOnlyTable) CoroutineLibrary.create()).freeze();
        for (ReadOnlyTable t : List.of(g, f)) {
            t.rawset("string", StringLibrary.shared());
            t.rawset("table", table);
            t.rawset("math", math);
            t.rawset("coroutine", coroutine);
        }
        g.rawset("redis", ((ReadOnlyTable) RedisLibrary.create(version, versionNum)).freeze());
        f.rawset("redis", ((ReadOnlyTable) RedisLibrary.createForFunctions(version, versionNum)).freeze());
        for (LuaLibrary lib : libraries) {
            LuaTable copy = ReadOnlyTable.copyOf(lib.create());
            g.rawset(lib.name(), copy);
            f.rawset(lib.name(), copy);
        }
        this.library = g.freeze();
        this.functionLibrary = f.freeze();
        ReadOnlyTable load = new ReadOnlyTable();
        load.rawset("redis", ((ReadOnlyTable) RedisLibrary.createForLoading(version, versionNum)).freeze());
        this.loadLibrary = load.freeze();
    }

    LuaTable library() {
        return library;
    }

    /**
     * FUNCTION LOAD's part in the engine: compiles a library's code as chunk {@code @user_function} and runs it
     * once, where only the load-time {@code redis} table exists (see {@link LibraryGlobals}); each
     * {@code redis.register_function} goes to {@code registrar}. Runs on the calling thread.
     *
     * @param code          the library as given to FUNCTION LOAD (with its {@code #!lua name=...} line)
     * @param codeOffset    where the Lua code starts: the LF ending the first line, so that lines count from it
     * @param context       receives {@code redis.log}; its {@code call} is never used
     * @param timeoutMillis Redis's 500 ms load limit ("FUNCTION LOAD timeout"); 0 for none
     * @throws ScriptCompileError with Redis's text: {@code "ERR Error compiling function: user_function:2: ..."}
     *                            or {@code "ERR Error registering functions: ERR user_function:3: ..."}
     */
    public void loadLibrary(byte[] code, int codeOffset, ScriptContext context, long timeoutMillis,
            FunctionRegistrar registrar) {
        Prototype p;
        try {
            p = BaseLibrary.compile(code, codeOffset, code.length - codeOffset, LibraryGlobals.CHUNK_NAME);
        } catch (LuaError e) {
            throw new ScriptCompileError("Error compiling function: " + e.getMessage());
        }
        LibraryGlobals globals = new LibraryGlobals(loadLibrary, functionLibrary);
        ScriptClosure main = new ScriptClosure(new PrototypeCode(p), globals, ScriptRun.DETACHED);
        ScriptRun run = new ScriptRun(this, main, globals, context, registrar,
                java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
        try {
            run.execute();
        } catch (ScriptError e) {
            throw new ScriptCompileError("Error registering functions: " + e.message());
        }
        globals.loaded();
    }

    /**
     * The compiled script for this body, compiling it on first sight. A {@code #!lua} first line is read as
     * Redis's shebang ({@link CompiledScript#shebang()}) and compiled as an empty line.
     *
     * @throws ScriptCompileError the shebang is invalid or the body is not valid Lua; its message is Redis's
     *                            ({@code "ERR Unexpected flag in script shebang: x"},
     *                            {@code "ERR Error compiling script (new function): user_script:1: ..."})
     */
    /**
     * Bounds what each run may hold of the large values it makes ({@link ScriptMemory}): {@code budget} bytes (0:
     * no bound), and no value the heap cannot take, as {@code heapAdmits} tells for a size. Applies to runs made
     * afterwards.
     */
    public void limitMemory(long budget, LongPredicate heapAdmits) {
        if (budget < 0) {
            throw new IllegalArgumentException("negative memory budget: " + budget);
        }
        this.memoryBudget = budget;
        this.heapAdmits = heapAdmits;
    }

    ScriptMemory newMemory() {
        return new ScriptMemory(memoryBudget, heapAdmits);
    }

    public CompiledScript compile(byte[] body) {
        String sha = RedisLibrary.sha1hex(body);
        CompiledScript cached = scripts.get(sha);
        if (cached != null) {
            return cached;
        }
        Shebang shebang = Shebang.parse(body);
        int from = shebang.codeOffset();
        Prototype p;
        try {
            p = BaseLibrary.compile(body, from, body.length - from, CHUNK_NAME);
        } catch (LuaError e) {
            throw new ScriptCompileError("Error compiling script (new function): " + e.getMessage());
        }
        CompiledScript script = new CompiledScript(this, sha, p, shebang);
        CompiledScript raced = scripts.putIfAbsent(sha, script);
        if (raced == null) {
            cachedBytes.addAndGet(SCRIPT_ENTRY_BYTES + 2L * body.length);
        }
        return raced != null ? raced : script;
    }

    /** The cached script for this body, or null: {@link #compile} makes it. */
    public CompiledScript cached(byte[] body) {
        return scripts.get(RedisLibrary.sha1hex(body));
    }

    /** The cached script with this SHA1 (lowercase hex), or null (EVALSHA's NOSCRIPT). */
    public CompiledScript lookup(String sha) {
        return scripts.get(sha.toLowerCase(java.util.Locale.ROOT));
    }

    public boolean exists(String sha) {
        return lookup(sha) != null;
    }

    /** SCRIPT FLUSH. */
    public void flush() {
        scripts.clear();
        cachedBytes.set(0);
    }

    /**
     * Heap the script cache holds, estimated: its entry (SHA string, map node, compiled script) and twice the body,
     * for the source's compiled prototype (constants, instructions), which is about the size of the source.
     */
    public long cachedScriptBytes() {
        return cachedBytes.get();
    }

    private static final long SCRIPT_ENTRY_BYTES = 512;

    public int cachedScripts() {
        return scripts.size();
    }

    /** SHA1 of a script body, lowercase hex. */
    public static String sha1hex(byte[] body) {
        return RedisLibrary.sha1hex(body);
    }
}
