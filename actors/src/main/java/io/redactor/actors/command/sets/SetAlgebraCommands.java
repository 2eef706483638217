package io.redactor.actors.command.sets;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.set.SetValue;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SetReply;

import java.util.ArrayList;
import java.util.List;

/**
 * SINTER, SINTERCARD, SINTERSTORE, SUNION, SUNIONSTORE, SDIFF and SDIFFSTORE. Every key is looked up and
 * type-checked before anything is computed, so a wrong type anywhere fails the command even when an earlier
 * key is missing. The keys may live in different partitions: the command runs with all of them reserved.
 */
final class SetAlgebraCommands {
    private static final ErrorReply NUMKEYS_NOT_POSITIVE = Errors.err("numkeys should be greater than 0");
    private static final ErrorReply TOO_MANY_NUMKEYS = Errors.err("Number of keys can't be greater than number of args");
    private static final ErrorReply NEGATIVE_LIMIT = Errors.err("LIMIT can't be negative");

    private SetAlgebraCommands() {
    }

    static Reply sinter(KeyCall call) {
        List<SetValue> sets = lookup(call, 1, call.argc());
        List<Reply> members = new ArrayList<>();
        SetAlgebra.intersect(sets, 0, member -> members.add(new BulkString(member)));
        return new SetReply(members);
    }

    static Reply sintercard(KeyCall call) {
        long numkeys = Arguments.parseLong(call.arg(1), NUMKEYS_NOT_POSITIVE);
        if (numkeys < 1) {
            return NUMKEYS_NOT_POSITIVE;
        }
        if (numkeys > call.argc() - 2) {
            return TOO_MANY_NUMKEYS;
        }
        int keysEnd = 2 + (int) numkeys;
        long limit = 0;
        for (int i = keysEnd; i < call.argc(); i++) {
            if (Arguments.is(call.arg(i), "limit") && i + 1 < call.argc()) {
                limit = Arguments.parseLong(call.arg(++i), NEGATIVE_LIMIT);
                if (limit < 0) {
                    return NEGATIVE_LIMIT;
                }
            } else {
                return Errors.SYNTAX;
            }
        }
        List<SetValue> sets = lookup(call, 2, keysEnd);
        return IntegerReply.of(SetAlgebra.intersect(sets, limit, member -> { }));
    }

    static Reply sinterstore(KeyCall call) {
        List<SetValue> sets = lookup(call, 2, call.argc());
        return store(call, SetAlgebra.intersection(sets, Sets.maxIntsetEntries(call)), "sinterstore");
    }

    static Reply sunion(KeyCall call) {
        List<SetValue> sets = lookup(call, 1, call.argc());
        return new SetReply(Sets.members(SetAlgebra.union(sets, Sets.maxIntsetEntries(call))));
    }

    static Reply sunionstore(KeyCall call) {
        List<SetValue> sets = lookup(call, 2, call.argc());
        return store(call, SetAlgebra.union(sets, Sets.maxIntsetEntries(call)), "sunionstore");
    }

    static Reply sdiff(KeyCall call) {
        List<SetValue> sets = lookup(call, 1, call.argc());
        return new SetReply(Sets.members(SetAlgebra.difference(sets, Sets.maxIntsetEntries(call))));
    }

    static Reply sdiffstore(KeyCall call) {
        List<SetValue> sets = lookup(call, 2, call.argc());
        return store(call, SetAlgebra.difference(sets, Sets.maxIntsetEntries(call)), "sdiffstore");
    }

    /**
     * The sets at arguments {@code [from, to)}, null for missing keys. The STORE forms read their sources like
     * the others (Redis 7.0 counts them in keyspace_hits and keyspace_misses).
     */
    private static List<SetValue> lookup(KeyCall call, int from, int to) {
        Db db = call.db();
        List<SetValue> sets = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            sets.add(Sets.read(db, call.arg(i)));
        }
        return sets;
    }

    /**
     * Replaces the destination (argument 1) with a non-empty result, dropping its time to live; an empty
     * result deletes the destination instead, notifying "del" only if there was one.
     */
    private static Reply store(KeyCall call, SetValue result, String event) {
        Db db = call.db();
        byte[] destination = call.arg(1);
        if (result.size() == 0) {
            if (db.delete(destination)) {
                db.changed(destination, KeyspaceEvents.GENERIC, "del");
            }
            return IntegerReply.ZERO;
        }
        db.set(destination, result, false);
        db.notify(KeyspaceEvents.SET, event, destination);
        db.dirty(1);
        return IntegerReply.of(result.size());
    }
}
