package io.redactor.lua;

/**
 * Stops a running script. An {@link Error}, not a {@code LuaError}: {@code pcall} and {@code xpcall} catch
 * only Lua errors, so a script cannot swallow its own kill.
 */
public final class ScriptKilledError extends Error {
    private static final long serialVersionUID = 1L;

    public ScriptKilledError() {
        super("Script killed", null, false, false);
    }
}
