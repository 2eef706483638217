package io.redactor.actors.command.server;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.node.NodeServices;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ROLE and WAIT as a Redis 7.0 master with no replicas answers them (Redactor has no replication yet): ROLE is
 * {@code master}, offset 0, no replicas; WAIT counts no acknowledgement, so it answers 0 at once when 0 (or fewer)
 * replicas are asked for or inside MULTI, and otherwise waits its timeout (0: until CLIENT UNBLOCK or the client
 * leaves) and answers 0.
 */
final class ReplicationCommands {
    private static final Reply MASTER = ArrayReply.of(BulkString.of("master"), IntegerReply.ZERO, ArrayReply.EMPTY);
    private static final ErrorReply TIMEOUT_NOT_INTEGER = Errors.err("timeout is not an integer or out of range");
    private static final ErrorReply TIMEOUT_NEGATIVE = Errors.err("timeout is negative");

    private ReplicationCommands() {
    }

    static Reply role(ClientCall call) {
        return MASTER;
    }

    /** WAIT numreplicas timeout: the number, then the timeout, are checked as Redis checks them. */
    static CompletionStage<Reply> waitForReplicas(ClientCall call) {
        long replicas;
        long timeout;
        try {
            replicas = Arguments.parseLong(call.arg(1), Errors.NOT_INTEGER);
            timeout = Arguments.parseLong(call.arg(2), TIMEOUT_NOT_INTEGER);
        } catch (CommandError e) {
            return CompletableFuture.completedFuture(e.reply());
        }
        if (timeout < 0) {
            return CompletableFuture.completedFuture(TIMEOUT_NEGATIVE);
        }
        if (replicas <= 0 || call.keyspace() != null || call.client() == null) {
            return CompletableFuture.completedFuture(IntegerReply.ZERO);
        }
        return block(call.client(), call.node(), timeout);
    }

    private static CompletionStage<Reply> block(ClientSession client, NodeServices node, long timeoutMs) {
        CompletableFuture<Reply> answered = new CompletableFuture<>();
        client.postponed(true);
        node.server().stats().blockedClients.increment();
        java.util.function.Predicate<Reply> end = reply -> {
            if (!answered.complete(reply)) {
                return false;
            }
            client.waiting(null);
            client.postponed(false);
            node.server().stats().blockedClients.decrement();
            return true;
        };
        client.waiting(end);
        // beyond the scheduler's reach (weeks) it waits as with no timeout, as Redis does for such a timeout
        if (timeoutMs > 0 && timeoutMs <= Integer.MAX_VALUE) {
            node.timeouts().after(timeoutMs, () -> end.test(IntegerReply.ZERO));
        }
        return answered;
    }
}
