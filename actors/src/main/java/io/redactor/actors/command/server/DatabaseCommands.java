package io.redactor.actors.command.server;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Keyspace;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/** DBSIZE, FLUSHDB, FLUSHALL and SWAPDB: they run with every partition reserved, so each is atomic. */
final class DatabaseCommands {
    private DatabaseCommands() {
    }

    static Reply dbsize(KeyCall call) {
        return IntegerReply.of(call.db().size());
    }

    /**
     * ASYNC and SYNC behave alike: the old tables are dropped at once and reclaimed by the garbage collector. Every
     * tracking client is told that all its keys are invalid (FLUSHALL too), whether anything was removed or not.
     */
    static Reply flushdb(KeyCall call) {
        checkFlushOption(call);
        call.server().tracking().flushed();
        // Redis counts one change per key removed
        call.db().dirty(call.db().clear());
        return SimpleString.OK;
    }

    static Reply flushall(KeyCall call) {
        checkFlushOption(call);
        call.server().tracking().flushed();
        long removed = 0;
        for (int db = 0; db < Keyspace.DATABASES; db++) {
            removed += call.db(db).clear();
        }
        call.db().dirty(removed);
        call.server().effectLog().flushedAll();
        return SimpleString.OK;
    }

    private static void checkFlushOption(KeyCall call) {
        if (call.argc() == 1) {
            return;
        }
        if (call.argc() != 2 || !(Arguments.is(call.arg(1), "sync") || Arguments.is(call.arg(1), "async"))) {
            throw Arguments.syntaxError();
        }
    }

    static Reply swapdb(KeyCall call) {
        int first = Arguments.parseInt(call.arg(1), Errors.err("invalid first DB index"));
        int second = Arguments.parseInt(call.arg(2), Errors.err("invalid second DB index"));
        if (first < 0 || first >= Keyspace.DATABASES || second < 0 || second >= Keyspace.DATABASES) {
            throw new CommandError(Errors.DB_INDEX_OUT_OF_RANGE);
        }
        call.keyspace().swap(first, second);
        call.db().dirty(1);
        return SimpleString.OK;
    }
}
