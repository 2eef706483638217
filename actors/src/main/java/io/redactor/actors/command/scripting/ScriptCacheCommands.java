package io.redactor.actors.command.scripting;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.Help;
import io.redactor.actors.scripts.ScriptRequest;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.lua.LuaEngine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** SCRIPT LOAD, EXISTS, FLUSH, KILL and HELP. */
final class ScriptCacheCommands {
    private static final ErrorReply FLUSH_OPTION = Errors.err("SCRIPT FLUSH only support SYNC|ASYNC option");

    private ScriptCacheCommands() {
    }

    static CompletionStage<Reply> load(ClientCall call) {
        return EvalCommands.compile(call, call.arg(2))
                .handle((script, failure) -> failure == null ? BulkString.of(script.sha()) : EvalCommands.compileError(failure));
    }

    static Reply exists(ClientCall call) {
        LuaEngine engine = call.node().scripts().engine();
        List<Reply> found = new ArrayList<>(call.argc() - 2);
        for (int i = 2; i < call.argc(); i++) {
            found.add(engine.exists(Arguments.text(call.arg(i))) ? IntegerReply.ONE : IntegerReply.ZERO);
        }
        return new ArrayReply(found);
    }

    /** SYNC and ASYNC both empty the cache at once: dropping the map is all the work there is. */
    static Reply flush(ClientCall call) {
        if (call.argc() > 3 || (call.argc() == 3 && !Arguments.is(call.arg(2), "sync")
                && !Arguments.is(call.arg(2), "async"))) {
            return FLUSH_OPTION;
        }
        call.node().scripts().flush();
        return SimpleString.OK;
    }

    static Reply kill(ClientCall call) {
        return call.node().scripts().kill(ScriptRequest.Kind.SCRIPT);
    }

    static Reply help(ClientCall call) {
        return Help.reply(call,
                "ASYNC LIST",
                "    List the async scripts running and queued (id, sha, client, age, calls made, state).",
                "ASYNC KILL <id>",
                "    Kill an async script, whether it is running, waiting for a reply or queued.",
                "EXISTS <sha1> [<sha1> ...]",
                "    Return information about the existence of the scripts in the script cache.",
                "FLUSH [ASYNC|SYNC]",
                "    Flush the Lua scripts cache, and the script subscriptions. Very dangerous on replicas.",
                "    When called without the optional mode argument, the behavior is determined by the",
                "    lazyfree-lazy-user-flush configuration directive. Valid modes are:",
                "    * ASYNC: Asynchronously flush the scripts cache.",
                "    * SYNC: Synchronously flush the scripts cache.",
                "KILL",
                "    Kill the currently executing Lua script.",
                "LOAD <script>",
                "    Load a script into the scripts cache without executing it.",
                "SUBSCRIPTIONS",
                "    List the script subscriptions made with SSUBSCRIBE (sha, channel, backlog, counts).");
    }
}
