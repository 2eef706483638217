package io.redactor.lua;

/**
 * A script or function that ended with an error. {@link #message()} is the error text Redis 7.0 puts before
 * {@code " script: <sha>, on @user_script:<line>."} ({@code " script: <function>, on @user_function:<line>."}
 * for FCALL): {@code "ERR user_script:1: boom"} for a string error, the {@code err} field as is for a table
 * error ({@code error({err='MY code'})}).
 */
public final class ScriptError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final boolean alreadyCounted;

    public ScriptError(String message, String source, int line) {
        this(message, source, line, false);
    }

    /** {@code alreadyCounted}: the error a {@code redis.call} gave, counted in the error statistics then. */
    public ScriptError(String message, String source, int line, boolean alreadyCounted) {
        super(message, null, false, false);
        this.source = source;
        this.line = line;
        this.alreadyCounted = alreadyCounted;
    }

    /**
     * Whether the error is one a command called by the script gave (Redis's {@code ignore_error_stats_update}):
     * counted where it arose, its reply to the client is not counted again.
     */
    public boolean alreadyCounted() {
        return alreadyCounted;
    }

    /** The error text, Redis's {@code err} field. */
    public String message() {
        return getMessage();
    }

    /** The chunk the error was raised in ({@code "@user_script"}), or null when unknown. */
    public String source() {
        return source;
    }

    /** The line of the innermost Lua function running when the error was raised, or -1. */
    public int line() {
        return line;
    }

    /**
     * The full error reply text Redis 7.0 gives for this error in script {@code name} (a script's SHA1, a
     * function's name: {@link ScriptRun#name()}). Redis adds {@code " script: <name>, on <source>:<line>."} only
     * when it knows where the error was raised; when no Lua function was running (a function registered as a C
     * function, {@code redis.register_function('f', redis.log)}), the text is the message alone.
     */
    public String redisMessage(String name) {
        if (source == null || line < 0) {
            return getMessage();
        }
        return getMessage() + " script: " + name + ", on " + source + ":" + line + ".";
    }
}
