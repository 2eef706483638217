package io.redactor.actors.command.transactions;

import io.redactor.actors.client.Transaction;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/** MULTI, DISCARD, WATCH and UNWATCH. */
final class MultiCommands {
    private static final ErrorReply NESTED = Errors.err("MULTI calls can not be nested");
    private static final ErrorReply DISCARD_WITHOUT_MULTI = Errors.err("DISCARD without MULTI");
    private static final ErrorReply WATCH_IN_MULTI = Errors.err("WATCH inside MULTI is not allowed");

    private MultiCommands() {
    }

    static Reply multi(ClientCall call) {
        Transaction transaction = call.client().transaction();
        if (transaction.active()) {
            return NESTED;
        }
        transaction.begin();
        return SimpleString.OK;
    }

    static Reply discard(ClientCall call) {
        Transaction transaction = call.client().transaction();
        if (!transaction.active()) {
            return DISCARD_WITHOUT_MULTI;
        }
        transaction.end();
        Watching.unwatch(transaction, call.node().partitions());
        return SimpleString.OK;
    }

    static Reply unwatch(ClientCall call) {
        Watching.unwatch(call.client().transaction(), call.node().partitions());
        return SimpleString.OK;
    }

    /**
     * Registers the keys with their partitions, which mark the client dirty when one changes. A key whose time is
     * up stays stored (as in Redis): its watch remembers that it was already expired, so that its removal does not
     * count as a change.
     */
    static Reply watch(KeyCall call) {
        Transaction transaction = call.client().transaction();
        if (transaction.active()) {
            return WATCH_IN_MULTI;
        }
        for (int i = 1; i < call.argc(); i++) {
            byte[] key = call.arg(i);
            call.keyspace().watchesOf(key).watch(call.db(), key, transaction.token());
            transaction.watched(call.dbIndex(), key, call.server().partitions().partitionOf(key));
        }
        return SimpleString.OK;
    }
}
