package io.redactor.actors.command.keys;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.Lookup;
import io.redactor.actors.data.Values;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/** DEL, UNLINK, EXISTS, TOUCH and TYPE. */
final class PresenceCommands {
    private PresenceCommands() {
    }

    /** DEL and UNLINK: memory is reclaimed by the garbage collector either way. */
    static Reply delete(KeyCall call) {
        Db db = call.db();
        long deleted = 0;
        for (int i = 1; i < call.argc(); i++) {
            if (db.delete(call.arg(i))) {
                db.changed(call.arg(i), KeyspaceEvents.GENERIC, "del");
                deleted++;
            }
        }
        return IntegerReply.of(deleted);
    }

    /** A key named twice is counted twice, as in Redis. */
    static Reply exists(KeyCall call) {
        return count(call, Lookup.NOTOUCH);
    }

    static Reply touch(KeyCall call) {
        return count(call, Lookup.READ);
    }

    private static Reply count(KeyCall call, int lookupFlags) {
        Db db = call.db();
        long found = 0;
        for (int i = 1; i < call.argc(); i++) {
            if (db.lookup(call.arg(i), lookupFlags) != null) {
                found++;
            }
        }
        return IntegerReply.of(found);
    }

    static Reply type(KeyCall call) {
        return SimpleString.of(Values.typeName(call.db().lookup(call.arg(1), Lookup.NOTOUCH)));
    }
}
