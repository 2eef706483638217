package io.redactor.lua;

/**
 * Stops a running script. An {@link Error}, not a {@code LuaError}: {@code pcall} and {@code xpcall} catch
 * only Lua errors, so a script cannot swallow its own kill. Carries where the script was when it stopped
 * (Redis names that line in the error reply), when known.
 */
public final class ScriptKilledError extends Error {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;

    public ScriptKilledError() {
        this(null, -1);
    }

    public ScriptKilledError(String source, int line) {
        super("Script killed", null, false, false);
        this.source = source;
        this.line = line;
    }

    /** Stopped at instruction {@code pc} of {@code p}. */
    static ScriptKilledError at(org.luaj.vm2.Prototype p, int pc) {
        int line = p.lineinfo != null && pc >= 0 && pc < p.lineinfo.length ? p.lineinfo[pc] : -1;
        return new ScriptKilledError(p.source == null ? null : p.source.tojstring(), line);
    }

    /** The chunk the script was running in ({@code "@user_script"}), or null when unknown. */
    public String source() {
        return source;
    }

    /** The line the script was running, or -1 when unknown. */
    public int line() {
        return line;
    }
}
