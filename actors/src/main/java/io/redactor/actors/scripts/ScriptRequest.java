package io.redactor.actors.scripts;

import io.redactor.actors.client.ClientSession;
import io.redactor.lua.ScriptContext;
import io.redactor.lua.ScriptRun;

import java.util.List;

/**
 * One call of a script or function, ready to run: who calls it, in which database, what it is (a script's SHA1,
 * or a function's name and library), with which keys and arguments, whether it may write, and whether its body
 * is straight-line code (no loops, no functions: it may run inline, see {@link AtomicScript}). {@code runs} makes a fresh run of the body (a script may be run again
 * from the start, see {@link AtomicScript}). {@code command}: the whole command as the client sent it (FUNCTION STATS
 * shows it).
 */
public record ScriptRequest(ClientSession client, int db, Kind kind, String name, String library,
                            List<byte[]> keys, List<byte[]> args, boolean readOnly, boolean allowOom,
                            boolean straightLine, RunFactory runs, List<byte[]> command) {

    /** EVAL-family scripts and FCALL-family functions: SCRIPT KILL stops the first, FUNCTION KILL the second. */
    public enum Kind {
        SCRIPT,
        FUNCTION
    }

    @FunctionalInterface
    public interface RunFactory {
        ScriptRun newRun(ScriptContext context, List<byte[]> keys, List<byte[]> args);
    }
}
