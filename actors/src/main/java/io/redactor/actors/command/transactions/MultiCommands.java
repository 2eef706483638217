package io.redactor.actors.command.transactions;

import io.redactor.actors.client.Transaction;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Lookup;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/** MULTI, DISCARD, WATCH and UNWATCH. */
final class MultiCommands {
    private static final ErrorReply NESTED = Errors.err("MULTI calls can not be nested");
    private static final ErrorReply DISCARD_WITHOUT_MULTI = Errors.err("DISCARD without MULTI");
    private static final ErrorReply WATCH_IN_MULTI = Errors.err("WATCH inside MULTI is not allowed");
    /** A lookup that expires a key if due but leaves no other trace. */
    static final int QUIET = Lookup.NOTOUCH | Lookup.NOSTATS | Lookup.NONOTIFY;

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
     * Registers the keys with their partitions, which mark the client dirty when one changes. A key whose time
     * is up is removed first, so that its expiry does not count as a change (as in Redis).
     */
    static Reply watch(KeyCall call) {
        Transaction transaction = call.client().transaction();
        if (transaction.active()) {
            return WATCH_IN_MULTI;
        }
        for (int i = 1; i < call.argc(); i++) {
            byte[] key = call.arg(i);
            call.db().lookup(key, QUIET);
            call.keyspace().watchesOf(key).watch(call.dbIndex(), key, transaction.token());
            transaction.watched(call.dbIndex(), key, call.server().partitions().partitionOf(key));
        }
        return SimpleString.OK;
    }
}
