package io.redactor.actors.command.server;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.core.reply.Reply;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** SAVE, BGSAVE, BGREWRITEAOF, LASTSAVE: Redis's persistence commands, run by the node's durability. */
final class PersistenceCommands {
    private PersistenceCommands() {
    }

    static CompletionStage<Reply> save(ClientCall call) {
        return call.node().durability().save();
    }

    static CompletionStage<Reply> bgsave(ClientCall call) {
        boolean schedule = false;
        if (call.argc() > 1) {
            if (call.argc() != 2 || !Arguments.is(call.arg(1), "schedule")) {
                return CompletableFuture.completedFuture(Errors.SYNTAX);
            }
            schedule = true;
        }
        return call.node().durability().bgsave(schedule, call.keyspace() != null);
    }

    static CompletionStage<Reply> bgrewriteaof(ClientCall call) {
        return call.node().durability().bgrewriteaof(call.keyspace() != null);
    }

    static Reply lastsave(ClientCall call) {
        return call.node().durability().lastsave();
    }
}
