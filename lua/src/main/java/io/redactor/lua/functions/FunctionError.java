package io.redactor.lua.functions;

/**
 * A FUNCTION subcommand or FCALL that fails. The message is Redis 7.0's whole error text, code included
 * ({@code "ERR Library 'mylib' already exists"}), ready for an error reply.
 */
public final class FunctionError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FunctionError(String message) {
        super(message, null, false, false);
    }

    static FunctionError err(String text) {
        return new FunctionError("ERR " + text);
    }
}
