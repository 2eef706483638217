package io.redactor.actors.command.keys;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.Lookup;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/** EXPIRE, PEXPIRE, EXPIREAT, PEXPIREAT with NX XX GT LT; TTL, PTTL, EXPIRETIME, PEXPIRETIME; PERSIST. */
final class ExpireCommands {
    private static final int NX = 1;
    private static final int XX = 2;
    private static final int GT = 4;
    private static final int LT = 8;
    private static final ErrorReply NX_CONFLICT =
            Errors.err("NX and XX, GT or LT options at the same time are not compatible");
    private static final ErrorReply GT_LT_CONFLICT = Errors.err("GT and LT options at the same time are not compatible");

    private ExpireCommands() {
    }

    static Reply expire(KeyCall call) {
        return expire(call, true, false);
    }

    static Reply pexpire(KeyCall call) {
        return expire(call, false, false);
    }

    static Reply expireat(KeyCall call) {
        return expire(call, true, true);
    }

    static Reply pexpireat(KeyCall call) {
        return expire(call, false, true);
    }

    private static Reply expire(KeyCall call, boolean seconds, boolean absolute) {
        int flags = 0;
        for (int i = 3; i < call.argc(); i++) {
            byte[] opt = call.arg(i);
            if (Arguments.is(opt, "nx")) {
                flags |= NX;
            } else if (Arguments.is(opt, "xx")) {
                flags |= XX;
            } else if (Arguments.is(opt, "gt")) {
                flags |= GT;
            } else if (Arguments.is(opt, "lt")) {
                flags |= LT;
            } else {
                return Errors.err("Unsupported option " + Arguments.text(opt));
            }
        }
        if ((flags & NX) != 0 && (flags & (XX | GT | LT)) != 0) {
            return NX_CONFLICT;
        }
        if ((flags & GT) != 0 && (flags & LT) != 0) {
            return GT_LT_CONFLICT;
        }
        long when = Arguments.parseLong(call.arg(2));
        if (seconds) {
            if (when > Long.MAX_VALUE / 1000 || when < Long.MIN_VALUE / 1000) {
                return Errors.invalidExpireTime(call.name());
            }
            when *= 1000;
        }
        long base = absolute ? 0 : call.now();
        if (when > Long.MAX_VALUE - base) {
            return Errors.invalidExpireTime(call.name());
        }
        when += base;

        Db db = call.db();
        byte[] key = call.arg(1);
        if (db.write(key) == null) {
            return IntegerReply.ZERO;
        }
        if (flags != 0 && !allowed(flags, db.expireAt(key), when)) {
            return IntegerReply.ZERO;
        }
        // While loading, a time already past is kept as it is (Redis's checkAlreadyExpired): later entries of the
        // log may still use the key, and the log holds its deletion where it happened.
        if (when <= call.now() && !call.server().expiryPaused()) {
            db.delete(key);
            db.changed(key, KeyspaceEvents.GENERIC, "del");
            Propagation.deleted(call, key);
        } else {
            db.setExpireAt(key, when);
            db.changed(key, KeyspaceEvents.GENERIC, "expire");
            if (call.logging()) {
                byte[][] argv = call.args().clone();
                argv[0] = Propagation.PEXPIREAT;
                argv[2] = Propagation.number(when);
                call.propagate(argv);
            }
        }
        return IntegerReply.ONE;
    }

    /** NX: no TTL yet; XX: has one; GT: later than the current (none counts as infinite); LT: earlier. */
    private static boolean allowed(int flags, long current, long when) {
        boolean none = current == Db.NO_EXPIRE;
        if ((flags & NX) != 0 && !none) {
            return false;
        }
        if ((flags & XX) != 0 && none) {
            return false;
        }
        if ((flags & GT) != 0 && (none || when <= current)) {
            return false;
        }
        return (flags & LT) == 0 || none || when < current;
    }

    static Reply ttl(KeyCall call) {
        return timeToLive(call, false, false);
    }

    static Reply pttl(KeyCall call) {
        return timeToLive(call, true, false);
    }

    static Reply expiretime(KeyCall call) {
        return timeToLive(call, false, true);
    }

    static Reply pexpiretime(KeyCall call) {
        return timeToLive(call, true, true);
    }

    private static Reply timeToLive(KeyCall call, boolean millis, boolean absolute) {
        Db db = call.db();
        byte[] key = call.arg(1);
        if (db.lookup(key, Lookup.NOTOUCH) == null) {
            return IntegerReply.of(-2);
        }
        long at = db.expireAt(key);
        if (at == Db.NO_EXPIRE) {
            return IntegerReply.MINUS_ONE;
        }
        long value = absolute ? at : Math.max(0, at - call.now());
        return IntegerReply.of(millis ? value : (value + 500) / 1000);
    }

    static Reply persist(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(1);
        if (db.write(key) != null && db.persist(key)) {
            db.changed(key, KeyspaceEvents.GENERIC, "persist");
            return IntegerReply.ONE;
        }
        return IntegerReply.ZERO;
    }
}
