package io.redactor.lua;

/**
 * A script body or function library that cannot be made: a bad shebang, Lua that does not compile, a library whose
 * code fails while registering its functions. The message is the text after Redis's {@code -}.
 */
public final class ScriptCompileError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ScriptCompileError(String message) {
        super("ERR " + message, null, false, false);
    }
}
