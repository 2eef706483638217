package io.redactor.actors.command.server;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** DEBUG RELOAD [MERGE] [NOFLUSH] [NOSAVE]: save the RDB file, flush, and load it back. */
final class DebugReload implements DebugSubcommand {
    private static final ErrorReply RELOAD_OPTIONS =
            new ErrorReply("ERR DEBUG RELOAD only supports the MERGE, NOFLUSH and NOSAVE options.");

    @Override
    public boolean accepts(int argc) {
        return argc >= 2;
    }

    @Override
    public CompletionStage<Reply> run(ClientCall call) {
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
                return CompletableFuture.completedFuture(RELOAD_OPTIONS);
            }
        }
        return call.node().durability().debugReload(save, flush, merge);
    }
}
