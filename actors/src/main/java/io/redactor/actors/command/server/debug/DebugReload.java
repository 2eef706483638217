package io.redactor.actors.command.server.debug;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** DEBUG RELOAD [MERGE] [NOFLUSH] [NOSAVE]: save, flush, load the RDB file back. */
final class DebugReload implements DebugSubcommand {
    private static final ErrorReply OPTIONS =
            new ErrorReply("ERR DEBUG RELOAD only supports the MERGE, NOFLUSH and NOSAVE options.");

    @Override
    public String name() {
        return "reload";
    }

    @Override
    public List<String> help() {
        return List.of(
                "RELOAD [option ...]",
                "    Save the RDB on disk and reload it back to memory. Valid <option> values:",
                "    * MERGE: conflicting keys will be loaded from RDB.",
                "    * NOFLUSH: the existing database will not be removed before load, but",
                "      conflicting keys will generate an exception and kill the server.",
                "    * NOSAVE: the database will be loaded from an existing RDB file.",
                "    Examples:",
                "    * DEBUG RELOAD: verify that the server is able to persist, flush and reload",
                "      the database.",
                "    * DEBUG RELOAD NOSAVE: replace the current database with the contents of an",
                "      existing RDB file.",
                "    * DEBUG RELOAD NOSAVE NOFLUSH MERGE: add the contents of an existing RDB",
                "      file to the database.");
    }

    @Override
    public boolean accepts(int argc) {
        return argc >= 2;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
        CompletionStage<Reply> refused = DebugCommand.refusedInTransaction(call);
        if (refused != null) {
            return refused;
        }
        boolean save = true;
        boolean flush = true;
        boolean merge = false;
        for (int i = 2; i < call.argc(); i++) {
            if (Arguments.is(call.arg(i), "merge")) {
                merge = true;
            } else if (Arguments.is(call.arg(i), "noflush")) {
                flush = false;
            } else if (Arguments.is(call.arg(i), "nosave")) {
                save = false;
            } else {
                return CompletableFuture.completedFuture(OPTIONS);
            }
        }
        return call.node().durability().debugReload(save, flush, merge);
    }
}
