package io.redactor.actors.command.zsets;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.zset.SortedSetValue;

/**
 * What the sorted set commands (and the geo commands, on sorted sets too) share: typed lookups, the listpack
 * limits, deleting a set that became empty.
 */
public final class SortedSets {
    static final CommandError WRONGTYPE = new CommandError(Errors.WRONGTYPE);

    private SortedSets() {
    }

    /** The sorted set at {@code key} for reading (lookupKeyRead), null when missing; WRONGTYPE otherwise. */
    public static SortedSetValue read(Db db, byte[] key) {
        return require(db.read(key));
    }

    /** The sorted set at {@code key} for writing (lookupKeyWrite), null when missing; WRONGTYPE otherwise. */
    static SortedSetValue write(Db db, byte[] key) {
        return require(db.write(key));
    }

    static SortedSetValue require(Object value) {
        if (value == null || value instanceof SortedSetValue) {
            return (SortedSetValue) value;
        }
        throw WRONGTYPE;
    }

    public static long maxListpackEntries(KeyCall call) {
        return call.server().config().zsetMaxListpackEntries();
    }

    public static long maxListpackValue(KeyCall call) {
        return call.server().config().zsetMaxListpackValue();
    }

    /**
     * After a command removed {@code count} members: signals the change, publishes {@code event}, counts one change
     * per member, and when the set is {@code emptied} deletes the key and publishes "del", as Redis does.
     */
    static void removed(Db db, byte[] key, boolean emptied, String event, long count) {
        if (emptied) {
            db.delete(key);
        }
        db.changed(key, KeyspaceEvents.ZSET, event, count);
        if (emptied) {
            db.notify(KeyspaceEvents.GENERIC, "del", key);
        }
    }

    /** The protocol of the reply: 2 or 3. */
    static int protocol(KeyCall call) {
        return call.protocol();
    }
}
