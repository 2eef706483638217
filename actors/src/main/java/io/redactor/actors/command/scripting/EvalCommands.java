package io.redactor.actors.command.scripting;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.scripts.ScriptRequest;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.lua.CompiledScript;
import io.redactor.lua.ScriptCompileError;
import io.redactor.lua.ScriptFlag;
import io.redactor.lua.Shebang;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * EVAL, EVALSHA, EVAL_RO and EVALSHA_RO: find or compile the script, then run it atomically; EVALASYNC and
 * EVALSHAASYNC: the same, run asynchronously (each command it calls atomic on its own). Inside EXEC, which holds
 * every partition, an async script runs atomically: its commands could not run anywhere else.
 */
final class EvalCommands {
    static final ErrorReply NOSCRIPT = new ErrorReply("NOSCRIPT No matching script. Please use EVAL.");
    private static final ErrorReply TOO_MANY_KEYS =
            Errors.err("Number of keys can't be greater than number of args");
    private static final ErrorReply NEGATIVE_KEYS = Errors.err("Number of keys can't be negative");
    private static final ErrorReply WRITE_FLAG_WITH_RO =
            Errors.err("Can not execute a script with write flag using *_ro command.");

    private EvalCommands() {
    }

    static CompletionStage<Reply> eval(ClientCall call) {
        return run(call, false, false, false);
    }

    static CompletionStage<Reply> evalsha(ClientCall call) {
        return run(call, true, false, false);
    }

    static CompletionStage<Reply> evalReadOnly(ClientCall call) {
        return run(call, false, true, false);
    }

    static CompletionStage<Reply> evalshaReadOnly(ClientCall call) {
        return run(call, true, true, false);
    }

    static CompletionStage<Reply> evalAsync(ClientCall call) {
        return run(call, false, false, true);
    }

    static CompletionStage<Reply> evalshaAsync(ClientCall call) {
        return run(call, true, false, true);
    }

    private static CompletionStage<Reply> run(ClientCall call, boolean bySha, boolean readOnly, boolean async) {
        ScriptMonitoring.starting(call);
        byte[][] args = call.args();
        int numkeys;
        try {
            numkeys = numkeys(args);
        } catch (CommandError e) {
            return CompletableFuture.completedFuture(e.reply());
        }
        if (bySha) {
            CompiledScript script = call.node().scripts().engine().lookup(Arguments.text(args[1]));
            return script == null ? CompletableFuture.completedFuture(NOSCRIPT)
                    : run(call, script, numkeys, readOnly, async);
        }
        // a long body not seen before compiles on the loader thread, and the script starts from there
        return compile(call, args[1]).handle((script, failure) -> failure == null
                ? run(call, script, numkeys, readOnly, async)
                : CompletableFuture.completedFuture(compileError(failure))).thenCompose(reply -> reply);
    }

    private static CompletionStage<Reply> run(ClientCall call, CompiledScript script, int numkeys, boolean readOnly,
                                              boolean async) {
        byte[][] args = call.args();
        Shebang shebang = script.shebang();
        if (readOnly && !shebang.compatibilityMode() && !shebang.has(ScriptFlag.NO_WRITES)) {
            return CompletableFuture.completedFuture(WRITE_FLAG_WITH_RO);
        }
        if (shebang.present()) {
            ErrorReply refused = DeclaredFlagsAdmission.refusal(call, shebang.has(ScriptFlag.NO_WRITES),
                    shebang.has(ScriptFlag.ALLOW_OOM));
            if (refused != null) {
                return CompletableFuture.completedFuture(refused);
            }
        }
        // A script with a shebang is read-only when it says no-writes; one without, when called as *_RO.
        boolean readOnlyRun = shebang.compatibilityMode() ? readOnly : shebang.has(ScriptFlag.NO_WRITES);
        List<byte[]> keys = Arrays.asList(args).subList(3, 3 + numkeys);
        List<byte[]> argv = Arrays.asList(args).subList(3 + numkeys, args.length);
        ScriptRequest request = new ScriptRequest(call.client(), call.client().db(), ScriptRequest.Kind.SCRIPT,
                script.sha(), null, keys, argv, readOnlyRun, shebang.has(ScriptFlag.ALLOW_OOM), script.straightLine(),
                script::newRun, Arrays.asList(args));
        return start(call, request, async);
    }

    /** Runs the request atomically, or asynchronously when asked and not inside EXEC. */
    static CompletionStage<Reply> start(ClientCall call, ScriptRequest request, boolean async) {
        return async && call.keyspace() == null ? call.node().scripts().runAsync(request, call.node())
                : call.node().scripts().run(request, call.node(), call.keyspace());
    }

    private static int numkeys(byte[][] args) {
        long numkeys = Arguments.parseLong(args[2], Errors.NOT_INTEGER);
        if (numkeys > args.length - 3) {
            throw new CommandError(TOO_MANY_KEYS);
        }
        if (numkeys < 0) {
            throw new CommandError(NEGATIVE_KEYS);
        }
        return (int) numkeys;
    }

    /** The body's compiled script (see {@code ScriptService.script}); fails with ScriptCompileError. */
    static CompletionStage<CompiledScript> compile(ClientCall call, byte[] body) {
        return call.node().scripts().script(body, call.keyspace() != null);
    }

    /** The reply to a failed {@link #compile}: the compile error's text; any other failure goes on. */
    static Reply compileError(Throwable failure) {
        Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
        if (cause instanceof ScriptCompileError e) {
            return new ErrorReply(e.getMessage());
        }
        throw failure instanceof CompletionException c ? c : new CompletionException(failure);
    }
}
