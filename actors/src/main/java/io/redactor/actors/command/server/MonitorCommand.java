package io.redactor.actors.command.server;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.client.LocalEndpoint;
import io.redactor.actors.command.ClientCall;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;
import io.redactor.core.reply.SimpleString;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * MONITOR: from now on the client is sent every command the server runs ({@link io.redactor.actors.monitor.Monitors}).
 * It may still run commands that do not touch the keyspace, and leaves the mode with RESET, as in Redis. HTTP
 * requests and Java API clients, which have no stream to send it on, are refused. Runs as an asynchronous client
 * command only so that EXEC holds its partitions, which tells it that it runs inside EXEC.
 */
final class MonitorCommand {
    private static final ErrorReply DENY_BLOCKING =
            new ErrorReply("ERR MONITOR isn't allowed for DENY BLOCKING client");
    private static final ErrorReply NOT_A_CONNECTION = new ErrorReply(
            "ERR MONITOR needs a Redis protocol connection: HTTP requests and Java API clients cannot stream its output");
    /** A second MONITOR is ignored without a reply, as Redis does. */
    private static final Reply NO_REPLY = new ReplySequence(List.of());

    private MonitorCommand() {
    }

    static CompletionStage<Reply> monitor(ClientCall call) {
        return CompletableFuture.completedFuture(start(call));
    }

    private static Reply start(ClientCall call) {
        ClientSession client = call.client();
        if (call.keyspace() != null) {
            return DENY_BLOCKING;
        }
        if (client.endpoint() instanceof LocalEndpoint) {
            return NOT_A_CONNECTION;
        }
        if (client.monitoring()) {
            return NO_REPLY;
        }
        client.monitoring(true);
        call.node().server().monitors().add(client);
        return SimpleString.OK;
    }
}
