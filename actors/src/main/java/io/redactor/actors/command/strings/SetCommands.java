package io.redactor.actors.command.strings;

import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/** SET and the commands that are SET with fixed options: SETNX, SETEX, PSETEX, GETSET, MSET, MSETNX. */
final class SetCommands {
    private SetCommands() {
    }

    static Reply set(KeyCall call) {
        SetOptions options = SetOptions.parse(call.args(), 3, SetOptions.Mode.SET);
        return set(call, call.arg(1), call.arg(2), options, SimpleString.OK, NullReply.NULL_BULK);
    }

    static Reply setnx(KeyCall call) {
        return set(call, call.arg(1), call.arg(2), new SetOptions(SetOptions.NX, null), IntegerReply.ONE,
                IntegerReply.ZERO);
    }

    static Reply setex(KeyCall call) {
        return set(call, call.arg(1), call.arg(3), new SetOptions(SetOptions.EX, call.arg(2)), SimpleString.OK,
                NullReply.NULL_BULK);
    }

    static Reply psetex(KeyCall call) {
        return set(call, call.arg(1), call.arg(3), new SetOptions(SetOptions.PX, call.arg(2)), SimpleString.OK,
                NullReply.NULL_BULK);
    }

    static Reply getset(KeyCall call) {
        return set(call, call.arg(1), call.arg(2), new SetOptions(SetOptions.GET, null), SimpleString.OK,
                NullReply.NULL_BULK);
    }

    /** Redis's setGenericCommand: with GET the reply is the old value, whether or not the set happened. */
    private static Reply set(KeyCall call, byte[] key, byte[] value, SetOptions options, Reply done, Reply skipped) {
        long expireAt = options.expire() == null ? Db.NO_EXPIRE : options.expireAtMillis(call);
        Db db = call.db();
        Reply old = null;
        if (options.has(SetOptions.GET)) {
            old = Strings.reply(Strings.requireString(db.read(key)));
        }
        if (options.has(SetOptions.NX) || options.has(SetOptions.XX)) {
            boolean found = db.write(key) != null;
            if (options.has(SetOptions.NX) == found) {
                return old != null ? old : skipped;
            }
        }
        db.set(key, value, options.has(SetOptions.KEEPTTL));
        db.dirty(1);
        db.notify(KeyspaceEvents.STRING, "set", key);
        if (expireAt != Db.NO_EXPIRE) {
            db.setExpireAt(key, expireAt);
            db.notify(KeyspaceEvents.GENERIC, "expire", key);
            // relative times replay as the absolute one they gave (Redis 7.0 logs SET key value PXAT ms)
            if (call.logging()) {
                call.propagate(Propagation.SET, key, value, Propagation.PXAT, Propagation.number(expireAt));
            }
        }
        return old != null ? old : done;
    }

    static Reply mset(KeyCall call) {
        if (call.argc() % 2 == 0) {
            return Errors.wrongArity(call.name());
        }
        Db db = call.db();
        for (int i = 1; i < call.argc(); i += 2) {
            db.set(call.arg(i), call.arg(i + 1), false);
            db.notify(KeyspaceEvents.STRING, "set", call.arg(i));
        }
        db.dirty(call.argc() / 2);
        return SimpleString.OK;
    }

    static Reply msetnx(KeyCall call) {
        if (call.argc() % 2 == 0) {
            return Errors.wrongArity(call.name());
        }
        Db db = call.db();
        for (int i = 1; i < call.argc(); i += 2) {
            if (db.write(call.arg(i)) != null) {
                return IntegerReply.ZERO;
            }
        }
        for (int i = 1; i < call.argc(); i += 2) {
            db.set(call.arg(i), call.arg(i + 1), false);
            db.notify(KeyspaceEvents.STRING, "set", call.arg(i));
        }
        db.dirty(call.argc() / 2);
        return IntegerReply.ONE;
    }
}
