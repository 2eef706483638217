package io.redactor.actors.command.keys;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.Values;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.Arrays;

/** RENAME, RENAMENX, COPY and MOVE: a value changes name or database, keeping its time to live. */
final class RelocationCommands {
    private static final ErrorReply SAME_OBJECT = Errors.err("source and destination objects are the same");

    private RelocationCommands() {
    }

    static Reply rename(KeyCall call) {
        return rename(call, false);
    }

    static Reply renamenx(KeyCall call) {
        return rename(call, true);
    }

    private static Reply rename(KeyCall call, boolean onlyIfAbsent) {
        Db db = call.db();
        byte[] source = call.arg(1);
        byte[] target = call.arg(2);
        Object value = db.write(source);
        if (value == null) {
            return Errors.NO_SUCH_KEY;
        }
        if (Arrays.equals(source, target)) {
            return onlyIfAbsent ? IntegerReply.ZERO : SimpleString.OK;
        }
        long expireAt = db.expireAt(source);
        int access = db.accessBits(source);
        if (db.write(target) != null) {
            if (onlyIfAbsent) {
                return IntegerReply.ZERO;
            }
            db.delete(target);
        }
        place(db, target, value, expireAt, access);
        db.delete(source);
        db.changed(source, KeyspaceEvents.GENERIC, "rename_from");
        db.changed(target, KeyspaceEvents.GENERIC, "rename_to", 0);
        return onlyIfAbsent ? IntegerReply.ONE : SimpleString.OK;
    }

    static Reply copy(KeyCall call) {
        int targetDb = call.dbIndex();
        boolean replace = false;
        for (int j = 3; j < call.argc(); j++) {
            byte[] opt = call.arg(j);
            if (Arguments.is(opt, "replace")) {
                replace = true;
            } else if (Arguments.is(opt, "db") && j < call.argc() - 1) {
                targetDb = DatabaseIndex.parse(call.arg(++j));
            } else {
                return Errors.SYNTAX;
            }
        }
        byte[] source = call.arg(1);
        byte[] target = call.arg(2);
        if (targetDb == call.dbIndex() && Arrays.equals(source, target)) {
            return SAME_OBJECT;
        }
        Db from = call.db();
        Object value = from.read(source);
        if (value == null) {
            return IntegerReply.ZERO;
        }
        long expireAt = from.expireAt(source);
        Db to = call.db(targetDb);
        if (to.write(target) != null) {
            if (!replace) {
                return IntegerReply.ZERO;
            }
            to.delete(target);
        }
        to.add(target, Values.duplicate(value));
        if (expireAt != Db.NO_EXPIRE) {
            to.setExpireAt(target, expireAt);
        }
        to.changed(target, KeyspaceEvents.GENERIC, "copy_to");
        return IntegerReply.ONE;
    }

    static Reply move(KeyCall call) {
        int targetDb = DatabaseIndex.parse(call.arg(2));
        if (targetDb == call.dbIndex()) {
            return SAME_OBJECT;
        }
        Db from = call.db();
        byte[] key = call.arg(1);
        Object value = from.write(key);
        if (value == null) {
            return IntegerReply.ZERO;
        }
        long expireAt = from.expireAt(key);
        int access = from.accessBits(key);
        Db to = call.db(targetDb);
        if (to.write(key) != null) {
            return IntegerReply.ZERO;
        }
        place(to, key, value, expireAt, access);
        from.delete(key);
        from.changed(key, KeyspaceEvents.GENERIC, "move_from");
        to.changed(key, KeyspaceEvents.GENERIC, "move_to", 0);
        return IntegerReply.ONE;
    }

    private static void place(Db db, byte[] key, Object value, long expireAt, int access) {
        db.add(key, value);
        db.setAccessBits(key, access);
        if (expireAt != Db.NO_EXPIRE) {
            db.setExpireAt(key, expireAt);
        }
    }
}
