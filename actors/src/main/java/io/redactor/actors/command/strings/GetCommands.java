package io.redactor.actors.command.strings;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.MutableString;
import io.redactor.actors.data.StringValues;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.Arrays;

/** Reading strings: GET, GETDEL, GETEX, MGET, STRLEN, GETRANGE. */
final class GetCommands {
    private GetCommands() {
    }

    static Reply get(KeyCall call) {
        return Strings.reply(Strings.requireString(call.db().read(call.arg(1))));
    }

    static Reply getdel(KeyCall call) {
        Db db = call.db();
        Object value = Strings.requireString(db.read(call.arg(1)));
        if (value != null) {
            db.delete(call.arg(1));
            db.changed(call.arg(1), KeyspaceEvents.GENERIC, "del");
        }
        return Strings.reply(value);
    }

    static Reply getex(KeyCall call) {
        SetOptions options = SetOptions.parse(call.args(), 2, SetOptions.Mode.GETEX);
        Db db = call.db();
        byte[] key = call.arg(1);
        Object value = db.read(key);
        if (value == null) {
            return NullReply.NULL_BULK;
        }
        Strings.requireString(value);
        Reply reply = Strings.reply(value);
        if (options.expire() != null) {
            long at = options.expireAtMillis(call);
            if (at <= call.now() && !call.server().expiryPaused()) {
                db.delete(key);
                db.changed(key, KeyspaceEvents.GENERIC, "del");
                Propagation.deleted(call, key);
            } else {
                db.setExpireAt(key, at);
                db.changed(key, KeyspaceEvents.GENERIC, "expire");
                Propagation.expireAt(call, key, at);
            }
        } else if (options.has(SetOptions.PERSIST) && db.persist(key)) {
            db.changed(key, KeyspaceEvents.GENERIC, "persist");
            if (call.logging()) {
                call.propagate(Propagation.PERSIST, key);
            }
        }
        return reply;
    }

    /** MGET answers nil for keys that are missing or hold another type. */
    static Reply mget(KeyCall call) {
        Db db = call.db();
        Reply[] values = new Reply[call.argc() - 1];
        for (int i = 1; i < call.argc(); i++) {
            Object value = db.read(call.arg(i));
            values[i - 1] = StringValues.isString(value) ? new BulkString(StringValues.bytes(value)) : NullReply.NULL_BULK;
        }
        return new ArrayReply(Arrays.asList(values));
    }

    static Reply strlen(KeyCall call) {
        Object value = Strings.requireString(call.db().read(call.arg(1)));
        return IntegerReply.of(value == null ? 0 : StringValues.length(value));
    }

    static Reply getrange(KeyCall call) {
        long start = Arguments.parseLong(call.arg(2));
        long end = Arguments.parseLong(call.arg(3));
        Object value = Strings.requireString(call.db().read(call.arg(1)));
        if (value == null) {
            return BulkString.EMPTY;
        }
        long length = StringValues.length(value);
        if (start < 0 && end < 0 && start > end) {
            return BulkString.EMPTY;
        }
        if (start < 0) {
            start = length + start;
        }
        if (end < 0) {
            end = length + end;
        }
        start = Math.max(start, 0);
        end = Math.max(end, 0);
        if (end >= length) {
            end = length - 1;
        }
        if (start > end || length == 0) {
            return BulkString.EMPTY;
        }
        if (value instanceof MutableString mutable) {
            return new BulkString(mutable.range((int) start, (int) end));
        }
        return new BulkString(Arrays.copyOfRange(StringValues.bytes(value), (int) start, (int) end + 1));
    }
}
