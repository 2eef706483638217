package io.redactor.lua;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

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
    private final LuaRandom random = new LuaRandom();
    private final ConcurrentHashMap<String, CompiledScript> scripts = new ConcurrentHashMap<>();

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
        BaseLibrary.install(g);
        g.rawset("string", StringLibrary.shared());
        g.rawset("table", ((ReadOnlyTable) TableLibrary.create()).freeze());
        g.rawset("math", ((ReadOnlyTable) MathLibrary.create(random)).freeze());
        g.rawset("coroutine", ((ReadOnlyTable) CoroutineLibrary.create()).freeze());
        g.rawset("redis", ((ReadOnlyTable) RedisLibrary.create(version, versionNum)).freeze());
        for (LuaLibrary lib : libraries) {
            g.rawset(lib.name(), ReadOnlyTable.copyOf(lib.create()));
        }
        this.library = g.freeze();
    }

    LuaTable library() {
        return library;
    }

    /**
     * The compiled script for this body, compiling it on first sight. A {@code #!lua} first line is read as
     * Redis's shebang ({@link CompiledScript#shebang()}) and compiled as an empty line.
     *
     * @throws ScriptCompileError the shebang is invalid or the body is not valid Lua; its message is Redis's
     *                            ({@code "ERR Unexpected flag in script shebang: x"},
     *                            {@code "ERR Error compiling script (new function): user_script:1: ..."})
     */
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
        return raced != null ? raced : script;
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
    }

    public int cachedScripts() {
        return scripts.size();
    }

    /** SHA1 of a script body, lowercase hex. */
    public static String sha1hex(byte[] body) {
        return RedisLibrary.sha1hex(body);
    }
}
