package io.redactor.actors.command.sets;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.set.SetValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SetReply;

import java.util.List;

/** Adding, removing and reading members of one set: SADD, SREM, SISMEMBER, SMISMEMBER, SCARD, SMEMBERS. */
final class MembershipCommands {
    private static final SetReply EMPTY_SET = new SetReply(List.of());

    private MembershipCommands() {
    }

    static Reply sadd(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(1);
        SetValue set = Sets.write(db, key);
        if (set == null) {
            set = SetValue.emptyFor(call.arg(2));
            db.add(key, set);
        }
        long maxIntset = Sets.maxIntsetEntries(call);
        int added = 0;
        for (int i = 2; i < call.argc(); i++) {
            if (set.add(call.arg(i), maxIntset)) {
                added++;
            }
        }
        if (added > 0) {
            db.changed(key, KeyspaceEvents.SET, "sadd", added);
        }
        return IntegerReply.of(added);
    }

    /** Stops at the member that empties the set, which is then deleted: "srem" and "del" are both notified. */
    static Reply srem(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(1);
        SetValue set = Sets.write(db, key);
        if (set == null) {
            return IntegerReply.ZERO;
        }
        int removed = 0;
        boolean deleted = false;
        for (int i = 2; i < call.argc(); i++) {
            if (set.remove(call.arg(i))) {
                removed++;
                if (set.size() == 0) {
                    db.delete(key);
                    deleted = true;
                    break;
                }
            }
        }
        if (removed > 0) {
            db.changed(key, KeyspaceEvents.SET, "srem", removed);
            if (deleted) {
                db.notify(KeyspaceEvents.GENERIC, "del", key);
            }
        }
        return IntegerReply.of(removed);
    }

    static Reply sismember(KeyCall call) {
        SetValue set = Sets.read(call.db(), call.arg(1));
        return IntegerReply.of(set != null && set.contains(call.arg(2)));
    }

    static Reply smismember(KeyCall call) {
        SetValue set = Sets.read(call.db(), call.arg(1));
        Reply[] answers = new Reply[call.argc() - 2];
        for (int i = 2; i < call.argc(); i++) {
            answers[i - 2] = IntegerReply.of(set != null && set.contains(call.arg(i)));
        }
        return new ArrayReply(List.of(answers));
    }

    static Reply scard(KeyCall call) {
        SetValue set = Sets.read(call.db(), call.arg(1));
        return IntegerReply.of(set == null ? 0 : set.size());
    }

    /** Redis serves SMEMBERS as a one-key SINTER: a set reply in the set's own order. */
    static Reply smembers(KeyCall call) {
        SetValue set = Sets.read(call.db(), call.arg(1));
        return set == null ? EMPTY_SET : new SetReply(Sets.members(set));
    }
}
