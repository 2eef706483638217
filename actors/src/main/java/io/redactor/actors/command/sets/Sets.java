package io.redactor.actors.command.sets;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.set.SetValue;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/** What the set commands share: typed lookups, the live intset threshold, member replies. */
final class Sets {
    private static final CommandError WRONGTYPE = new CommandError(Errors.WRONGTYPE);

    private Sets() {
    }

    /** The set at {@code key} looked up for reading (lookupKeyRead), null when missing; WRONGTYPE otherwise. */
    static SetValue read(Db db, byte[] key) {
        return require(db.read(key));
    }

    /** The set at {@code key} looked up for writing (lookupKeyWrite), null when missing. */
    static SetValue write(Db db, byte[] key) {
        return require(db.write(key));
    }

    static SetValue require(Object value) {
        if (value == null || value instanceof SetValue) {
            return (SetValue) value;
        }
        throw WRONGTYPE;
    }

    /** set-max-intset-entries as configured right now. */
    static long maxIntsetEntries(KeyCall call) {
        return call.server().config().setMaxIntsetEntries();
    }

    /** Every member as a bulk string, in the set's own order (ascending on an intset). */
    static List<Reply> members(SetValue set) {
        int size = set.size();
        List<Reply> members = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            members.add(new BulkString(set.member(i)));
        }
        return members;
    }
}
