package io.redactor.lua;

import org.luaj.vm2.LuaValue;

/**
 * What a running script needs from the server: the actors layer implements it. The engine validates the
 * arguments of {@code redis.call}/{@code redis.pcall} (at least one, strings or numbers) and hands them
 * over as bytes; the context runs the command and returns its reply converted to a Lua value, or an
 * {@link RedisErrorReply} for an error reply (the engine raises it for {@code redis.call} and returns it
 * for {@code redis.pcall}).
 */
public interface ScriptContext {
    LuaValue call(byte[][] command, ScriptRun run);

    /** {@code redis.log(level, message)}; level is one of the LOG_* constants. */
    default void log(int level, String message) {
    }

    /**
     * Called each time the run polls for a stop request (every few hundred loop iterations or calls): a context
     * that runs a script where it must not run long may unwind it from here (with an {@link Error}).
     */
    default void polled() {
    }

    /** Whether the server has this command (redis.acl_check_cmd refuses unknown ones). */
    default boolean knowsCommand(byte[][] command) {
        return true;
    }

    /** {@code redis.acl_check_cmd(...)}: may the script's user run this command? */
    default boolean aclCheck(byte[][] command) {
        return true;
    }

    /** A context for scripts that must not call Redis (tests, benchmarks). */
    ScriptContext NONE = (command, run) -> RedisErrorReply.of("ERR This script cannot call Redis commands");
}
