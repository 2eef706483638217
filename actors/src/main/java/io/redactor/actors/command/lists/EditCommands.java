package io.redactor.actors.command.lists;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.IndexRange;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.list.ListValue;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/** Changing lists in place: LSET, LINSERT, LREM, LTRIM. */
final class EditCommands {
    private static final ErrorReply INDEX_OUT_OF_RANGE = Errors.err("index out of range");

    private EditCommands() {
    }

    /** LSET looks the key up (ERR no such key) before it parses the index, as Redis does. */
    static Reply lset(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(1);
        ListValue list = Lists.write(db, key);
        if (list == null) {
            throw new CommandError(Errors.NO_SUCH_KEY);
        }
        long index = Arguments.parseLong(call.arg(2));
        if (!list.set(index, call.arg(3))) {
            return INDEX_OUT_OF_RANGE;
        }
        db.changed(key, KeyspaceEvents.LIST, "lset");
        return SimpleString.OK;
    }

    /** LINSERT key BEFORE|AFTER pivot element */
    static Reply linsert(KeyCall call) {
        boolean after;
        if (Arguments.is(call.arg(2), "after")) {
            after = true;
        } else if (Arguments.is(call.arg(2), "before")) {
            after = false;
        } else {
            throw Arguments.syntaxError();
        }
        Db db = call.db();
        byte[] key = call.arg(1);
        ListValue list = Lists.write(db, key);
        if (list == null) {
            return IntegerReply.ZERO;
        }
        if (!list.insert(call.arg(3), call.arg(4), after)) {
            return IntegerReply.MINUS_ONE;
        }
        db.changed(key, KeyspaceEvents.LIST, "linsert");
        return IntegerReply.of(list.size());
    }

    /** LREM key count element: count > 0 from the head, < 0 from the tail, 0 all. */
    static Reply lrem(KeyCall call) {
        long count = Arguments.parseLong(call.arg(2));
        Db db = call.db();
        byte[] key = call.arg(1);
        ListValue list = Lists.write(db, key);
        if (list == null) {
            return IntegerReply.ZERO;
        }
        // Redis negates the count; Long.MIN_VALUE stays negative there and then means "no limit" in practice.
        boolean fromTail = count < 0;
        long limit = fromTail ? -count : count;
        long removed = list.remove(call.arg(3), limit < 0 ? 0 : limit, fromTail);
        if (removed > 0) {
            db.changed(key, KeyspaceEvents.LIST, "lrem", removed);
        }
        Lists.deleteIfEmpty(db, key, list);
        return IntegerReply.of(removed);
    }

    /** LTRIM key start stop */
    static Reply ltrim(KeyCall call) {
        long start = Arguments.parseLong(call.arg(2));
        long stop = Arguments.parseLong(call.arg(3));
        Db db = call.db();
        byte[] key = call.arg(1);
        ListValue list = Lists.write(db, key);
        if (list == null) {
            return SimpleString.OK;
        }
        long size = list.size();
        IndexRange kept = IndexRange.of(start, stop, size);
        if (kept == null) {
            list.dropLeft(size);
        } else {
            list.dropLeft(kept.first());
            list.dropRight(size - kept.last() - 1);
        }
        db.notify(KeyspaceEvents.LIST, "ltrim", key);
        Lists.deleteIfEmpty(db, key, list);
        db.signalModified(key);
        db.dirty(size - list.size());
        return SimpleString.OK;
    }
}
