package io.redactor.actors.command.hashes;

import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.hash.HashValue;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/** HSET, HMSET, HSETNX and HDEL. */
final class HashWrites {
    private HashWrites() {
    }

    static Reply hset(KeyCall call) {
        if (call.argc() % 2 != 0) {
            return Errors.wrongArity(call.name());
        }
        return IntegerReply.of(setPairs(call));
    }

    static Reply hmset(KeyCall call) {
        if (call.argc() % 2 != 0) {
            return Errors.wrongArity(call.name());
        }
        setPairs(call);
        return SimpleString.OK;
    }

    /** Sets every field-value pair of the command; returns how many fields were new. */
    private static long setPairs(KeyCall call) {
        byte[] key = call.arg(1);
        byte[][] args = call.args();
        HashValue hash = Hashes.write(call, key);
        boolean created = hash == null;
        if (created) {
            hash = new HashValue();
        }
        long maxEntries = Hashes.maxEntries(call);
        long maxValue = Hashes.maxValue(call);
        hash.convertIfAnyLonger(args, 2, args.length - 1, maxValue);
        long added = 0;
        for (int i = 2; i < args.length; i += 2) {
            if (hash.set(args[i], args[i + 1], maxEntries, maxValue)) {
                added++;
            }
        }
        Db db = call.db();
        if (created) {
            db.add(key, hash);
        }
        // Redis counts every pair, new or not
        db.changed(key, KeyspaceEvents.HASH, "hset", (args.length - 2) / 2);
        return added;
    }

    static Reply hsetnx(KeyCall call) {
        byte[] key = call.arg(1);
        byte[] field = call.arg(2);
        HashValue hash = Hashes.write(call, key);
        if (hash != null && hash.contains(field)) {
            return IntegerReply.ZERO;
        }
        Db db = call.db();
        if (hash == null) {
            hash = new HashValue();
            db.add(key, hash);
        }
        long maxValue = Hashes.maxValue(call);
        hash.convertIfAnyLonger(call.args(), 2, 3, maxValue);
        hash.set(field, call.arg(3), Hashes.maxEntries(call), maxValue);
        db.changed(key, KeyspaceEvents.HASH, "hset");
        return IntegerReply.ONE;
    }

    static Reply hdel(KeyCall call) {
        byte[] key = call.arg(1);
        HashValue hash = Hashes.write(call, key);
        if (hash == null) {
            return IntegerReply.ZERO;
        }
        long deleted = 0;
        boolean emptied = false;
        for (int i = 2; i < call.argc(); i++) {
            if (hash.remove(call.arg(i))) {
                deleted++;
                if (hash.size() == 0) {
                    emptied = true;
                    break;
                }
            }
        }
        if (deleted > 0) {
            Db db = call.db();
            if (emptied) {
                db.delete(key);
            }
            db.changed(key, KeyspaceEvents.HASH, "hdel", deleted);
            if (emptied) {
                db.notify(KeyspaceEvents.GENERIC, "del", key);
            }
        }
        return IntegerReply.of(deleted);
    }
}
