package io.redactor.lua;

/** A script body that does not compile; the message is the text after Redis's {@code -}. */
public final class ScriptCompileError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ScriptCompileError(String message) {
        super("ERR " + message, null, false, false);
    }
}
