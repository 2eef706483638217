package io.redactor.actors.command.transactions;

import io.redactor.actors.client.Transaction;
import io.redactor.actors.partition.PartitionGateway;
import io.redactor.core.reply.ErrorReply;

/**
 * An EXEC refused before it runs (wrong arity, subscriber mode, ...): as in Redis, the transaction and the
 * watches are discarded and the reason is given inside an EXECABORT error, so the client knows MULTI is over.
 */
public final class ExecAbort {
    private static final String GENERIC = "ERR ";

    private ExecAbort() {
    }

    public static ErrorReply discard(Transaction transaction, PartitionGateway partitions, ErrorReply reason) {
        if (transaction.active()) {
            transaction.end();
        }
        Watching.unwatch(transaction, partitions);
        String message = reason.message();
        if (message.startsWith(GENERIC)) {
            message = message.substring(GENERIC.length());
        }
        return new ErrorReply("EXECABORT Transaction discarded because of: " + message);
    }
}
