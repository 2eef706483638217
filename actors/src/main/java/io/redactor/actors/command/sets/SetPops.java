package io.redactor.actors.command.sets;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.set.SetValue;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SetReply;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/** SPOP, with and without a count. */
public final class SetPops {
    private static final ErrorReply NOT_POSITIVE = Errors.err("value is out of range, must be positive");
    private static final SetReply EMPTY_SET = new SetReply(List.of());

    private SetPops() {
    }

    static Reply spop(KeyCall call) {
        if (call.argc() > 3) {
            return Errors.SYNTAX;
        }
        if (call.argc() == 3) {
            long count = Arguments.parseLong(call.arg(2), NOT_POSITIVE);
            if (count < 0) {
                return NOT_POSITIVE;
            }
            return pop(call, call.arg(1), count);
        }
        Db db = call.db();
        byte[] key = call.arg(1);
        SetValue set = Sets.write(db, key);
        if (set == null) {
            return NullReply.NULL_BULK;
        }
        byte[] member = set.popRandom(ThreadLocalRandom.current());
        db.notify(KeyspaceEvents.SET, "spop", key);
        if (set.size() == 0) {
            db.delete(key);
            db.notify(KeyspaceEvents.GENERIC, "del", key);
        }
        db.signalModified(key);
        db.dirty(1);
        if (call.logging()) {
            call.propagate(Propagation.SREM, key, member);
        }
        return new BulkString(member);
    }

    /**
     * Pops {@code count} (at least 0) random members of the set at {@code key} and returns them as a set reply,
     * empty when the key is missing. Asking for the whole set or more returns it all, in the order Redis 7.0
     * gives it (as SUNION would: ascending when it is all small integers), and deletes the key.
     */
    public static Reply pop(KeyCall call, byte[] key, long count) {
        Db db = call.db();
        SetValue set = Sets.write(db, key);
        if (set == null || count == 0) {
            return EMPTY_SET;
        }
        db.notify(KeyspaceEvents.SET, "spop", key);
        db.dirty(Math.min(count, set.size()));
        List<Reply> popped;
        if (count >= set.size()) {
            // Redis answers this case with SUNION's code, whose read lookup counts a keyspace hit.
            db.read(key);
            popped = Sets.members(SetAlgebra.union(List.of(set), Sets.maxIntsetEntries(call)));
            db.delete(key);
            db.notify(KeyspaceEvents.GENERIC, "del", key);
            Propagation.deleted(call, key);
        } else {
            RandomGenerator random = ThreadLocalRandom.current();
            popped = new ArrayList<>((int) count);
            byte[][] srem = call.logging() ? new byte[(int) count + 2][] : null;
            for (int i = 0; i < count; i++) {
                byte[] member = set.popRandom(random);
                popped.add(new BulkString(member));
                if (srem != null) {
                    srem[i + 2] = member;
                }
            }
            // the random picks replay as one SREM of what was picked (Redis logs one SREM each, in MULTI/EXEC)
            if (srem != null) {
                srem[0] = Propagation.SREM;
                srem[1] = key;
                call.propagate(srem);
            }
        }
        db.signalModified(key);
        return new SetReply(popped);
    }
}
