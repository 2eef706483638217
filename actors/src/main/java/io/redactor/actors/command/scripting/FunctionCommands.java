package io.redactor.actors.command.scripting;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.Help;
import io.redactor.actors.scripts.ScriptRequest;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SetReply;
import io.redactor.core.reply.SimpleString;
import io.redactor.lua.ScriptFlag;
import io.redactor.lua.functions.FunctionArguments;
import io.redactor.lua.functions.FunctionError;
import io.redactor.lua.functions.FunctionLibrary;
import io.redactor.lua.functions.FunctionRegistry;
import io.redactor.lua.functions.RegisteredFunction;
import io.redactor.lua.functions.RestorePolicy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** FCALL, FCALL_RO, FCALLASYNC and the FUNCTION subcommands, over the node's function registry. */
final class FunctionCommands {
    private static final ErrorReply WRITE_FLAG_WITH_RO =
            Errors.err("Can not execute a script with write flag using *_ro command.");

    private FunctionCommands() {
    }

    static CompletionStage<Reply> fcall(ClientCall call) {
        return run(call, false, false);
    }

    static CompletionStage<Reply> fcallReadOnly(ClientCall call) {
        return run(call, true, false);
    }

    static CompletionStage<Reply> fcallAsync(ClientCall call) {
        return run(call, false, true);
    }

    private static CompletionStage<Reply> run(ClientCall call, boolean readOnly, boolean async) {
        ScriptMonitoring.starting(call);
        List<byte[]> argv = Arrays.asList(call.args());
        RegisteredFunction function;
        int numkeys;
        try {
            function = registry(call).requireFunction(call.arg(1));
            numkeys = FunctionArguments.numKeys(argv);
        } catch (FunctionError e) {
            return CompletableFuture.completedFuture(new ErrorReply(e.getMessage()));
        }
        if (readOnly && !function.has(ScriptFlag.NO_WRITES)) {
            return CompletableFuture.completedFuture(WRITE_FLAG_WITH_RO);
        }
        ErrorReply refused = DeclaredFlagsAdmission.refusal(call, function.has(ScriptFlag.NO_WRITES),
                function.has(ScriptFlag.ALLOW_OOM));
        if (refused != null) {
            return CompletableFuture.completedFuture(refused);
        }
        ScriptRequest request = new ScriptRequest(call.client(), call.client().db(), ScriptRequest.Kind.FUNCTION,
                function.name(), function.libraryName(), argv.subList(3, 3 + numkeys), argv.subList(3 + numkeys, argv.size()),
                function.has(ScriptFlag.NO_WRITES), function.has(ScriptFlag.ALLOW_OOM), false, function::newRun,
                argv);
        return EvalCommands.start(call, request, async);
    }

    private static FunctionRegistry registry(ClientCall call) {
        return call.node().scripts().functions();
    }

    /** Runs a registry operation, turning its refusals into the error replies they carry. */
    private static Reply answer(java.util.function.Supplier<Reply> operation) {
        try {
            return operation.get();
        } catch (FunctionError e) {
            return new ErrorReply(e.getMessage());
        }
    }

    /** On the loader thread (see {@code ScriptService.loading}): a library of 100,000 functions takes a second. */
    static CompletionStage<Reply> load(ClientCall call) {
        FunctionArguments.Load load;
        try {
            load = FunctionArguments.load(Arrays.asList(call.args()));
        } catch (FunctionError e) {
            return CompletableFuture.completedFuture(new ErrorReply(e.getMessage()));
        }
        return loading(call, () -> BulkString.of(call.node().scripts().loadLibrary(load.code(), load.replace())));
    }

    /** A registry change that may run a library's code, on the loader thread; logged once it succeeded. */
    private static CompletionStage<Reply> loading(ClientCall call, java.util.function.Supplier<Reply> change) {
        return call.node().scripts().loading(() -> logged(call, answer(change)), call.keyspace() != null);
    }

    static Reply delete(ClientCall call) {
        return logged(call, answer(() -> {
            registry(call).delete(call.arg(2));
            return SimpleString.OK;
        }));
    }

    /** SYNC and ASYNC both drop the libraries at once: the garbage collector frees them either way. */
    static Reply flush(ClientCall call) {
        return logged(call, answer(() -> {
            FunctionArguments.flushAsync(Arrays.asList(call.args()), call.node().server().config().lazyfreeLazyUserFlush());
            registry(call).flush();
            return SimpleString.OK;
        }));
    }

    /**
     * A change to the libraries is a change to the data set: it goes to the log as it is (Redis propagates FUNCTION
     * LOAD, DELETE, FLUSH and RESTORE unchanged), inside the unit of the EXEC or script that runs it, if any.
     */
    private static Reply logged(ClientCall call, Reply reply) {
        if (!(reply instanceof ErrorReply)) {
            int db = call.client() == null ? 0 : call.client().db();
            if (call.keyspace() != null) {
                call.keyspace().effects().dirty();
                call.keyspace().effects().record(db, call.args());
            } else {
                call.node().server().effectLog().record(db, call.args());
            }
        }
        return reply;
    }

    static Reply list(ClientCall call) {
        return answer(() -> {
            FunctionArguments.ListOptions options = FunctionArguments.list(Arrays.asList(call.args()));
            List<FunctionLibrary> libraries = options.pattern() == null ? registry(call).libraries()
                    : registry(call).libraries(options.pattern());
            List<Reply> items = new ArrayList<>(libraries.size());
            for (FunctionLibrary library : libraries) {
                items.add(describe(library, options.withCode()));
            }
            return new ArrayReply(items);
        });
    }

    private static Reply describe(FunctionLibrary library, boolean withCode) {
        List<Reply> functions = new ArrayList<>();
        for (RegisteredFunction function : library.functions()) {
            List<Reply> flags = new ArrayList<>();
            for (ScriptFlag flag : function.flags()) {
                flags.add(new SimpleString(flag.redisName()));
            }
            functions.add(new MapReply(List.of(
                    BulkString.of("name"), BulkString.of(function.name()),
                    BulkString.of("description"),
                    function.description() == null ? NullReply.NULL_BULK : new BulkString(function.description()),
                    BulkString.of("flags"), new SetReply(flags))));
        }
        List<Reply> fields = new ArrayList<>(List.of(
                BulkString.of("library_name"), BulkString.of(library.name()),
                BulkString.of("engine"), BulkString.of(library.engine()),
                BulkString.of("functions"), new ArrayReply(functions)));
        if (withCode) {
            fields.add(BulkString.of("library_code"));
            fields.add(new BulkString(library.code()));
        }
        return new MapReply(fields);
    }

    static Reply dump(ClientCall call) {
        return new BulkString(registry(call).dump(true));
    }

    static CompletionStage<Reply> restore(ClientCall call) {
        RestorePolicy policy;
        try {
            policy = FunctionArguments.restorePolicy(Arrays.asList(call.args()));
        } catch (FunctionError e) {
            return CompletableFuture.completedFuture(new ErrorReply(e.getMessage()));
        }
        return loading(call, () -> {
            call.node().scripts().restoreLibraries(call.arg(2), policy);
            return SimpleString.OK;
        });
    }

    static Reply stats(ClientCall call) {
        ErrorReply evalBusy = call.node().scripts().evalBusyEverywhere();
        if (evalBusy != null) {
            // Redis has no running function to show then, and says so with the script's BUSY error
            return evalBusy;
        }
        FunctionRegistry registry = registry(call);
        Reply running = call.node().scripts().runningFunction();
        return new MapReply(List.of(
                BulkString.of("running_script"), running,
                BulkString.of("engines"), new MapReply(List.of(
                        BulkString.of("LUA"), new MapReply(List.of(
                                BulkString.of("libraries_count"), IntegerReply.of(registry.libraryCount()),
                                BulkString.of("functions_count"), IntegerReply.of(registry.functionCount())))))));
    }

    static Reply kill(ClientCall call) {
        return call.node().scripts().kill(ScriptRequest.Kind.FUNCTION);
    }

    static Reply help(ClientCall call) {
        return Help.reply(call, FunctionArguments.HELP.toArray(String[]::new));
    }
}
