package io.redactor.actors.command.lists;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.list.ListValue;
import io.redactor.core.reply.ErrorReply;

/** Lookups and bookkeeping shared by the list commands. */
public final class Lists {
    private static final CommandError WRONGTYPE = new CommandError(Errors.WRONGTYPE);

    private Lists() {
    }

    /** The list under {@code key} looked up for reading; null when absent, WRONGTYPE for another type. */
    public static ListValue read(Db db, byte[] key) {
        return require(db.read(key));
    }

    /** The list under {@code key} looked up for writing; null when absent, WRONGTYPE for another type. */
    public static ListValue write(Db db, byte[] key) {
        return require(db.write(key));
    }

    static ListValue require(Object value) {
        if (value == null || value instanceof ListValue) {
            return (ListValue) value;
        }
        throw WRONGTYPE;
    }

    /**
     * Redis's listElementsRemoved: after elements were popped from one end, notifies "lpop"/"rpop", deletes the
     * key (and notifies "del") when the list is now empty, signals the change and counts one per element.
     */
    public static void popped(Db db, byte[] key, ListValue list, boolean left, long count) {
        db.notify(KeyspaceEvents.LIST, left ? "lpop" : "rpop", key);
        deleteIfEmpty(db, key, list);
        db.signalModified(key);
        db.dirty(count);
    }

    /** Removes an emptied list from the keyspace with Redis's "del" notification. */
    static void deleteIfEmpty(Db db, byte[] key, ListValue list) {
        if (list.isEmpty()) {
            db.delete(key);
            db.notify(KeyspaceEvents.GENERIC, "del", key);
        }
    }

    /** LEFT or RIGHT as Redis parses them (LMOVE, LMPOP): true for LEFT, syntax error otherwise. */
    static boolean isLeft(byte[] arg) {
        if (Arguments.is(arg, "left")) {
            return true;
        }
        if (Arguments.is(arg, "right")) {
            return false;
        }
        throw Arguments.syntaxError();
    }

    /**
     * Redis's getRangeLongFromObjectOrReply: a long within [min, max]; {@code error} (an "ERR ..." reply) both
     * for text that is not an integer and for a value out of the range.
     */
    static long parseRange(byte[] arg, long min, long max, ErrorReply error) {
        long value = Arguments.parseLong(arg, error);
        if (value < min || value > max) {
            throw new CommandError(error);
        }
        return value;
    }
}
