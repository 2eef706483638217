package io.redactor.actors.command.hyperloglog;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.Lookup;
import io.redactor.actors.data.MutableString;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.hyperloglog.HllFormat;
import io.redactor.actors.data.hyperloglog.HyperLogLog;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/**
 * PFCOUNT. Of one key it answers the cardinality cached in the header, or computes and caches it: a read command
 * that writes, as in Redis, which then signals the key modified and propagates the PFCOUNT. Of several keys it
 * counts their union, caching nothing.
 */
final class CountCommand {
    private CountCommand() {
    }

    static Reply pfcount(KeyCall call) {
        return call.argc() > 2 ? union(call) : single(call);
    }

    private static Reply single(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(1);
        Object value = db.read(key);
        if (value == null) {
            return IntegerReply.ZERO;
        }
        HyperLogLogs.requireHll(value);
        MutableString hll = HyperLogLogs.unshared(db, key, value);
        byte[] bytes = hll.buffer();
        if (HllFormat.cacheValid(bytes)) {
            return IntegerReply.of(HllFormat.cachedCardinality(bytes));
        }
        long count = HyperLogLog.count(bytes, hll.length());
        if (count == HyperLogLog.CORRUPT) {
            return HyperLogLogs.CORRUPT;
        }
        db.lookup(key, Lookup.WRITE | Lookup.NOTOUCH); // a snapshot being saved keeps the value as it was
        HllFormat.storeCardinality(hll.buffer(), count);
        db.signalModified(key);
        db.dirty(1);
        if (call.logging()) {
            call.propagate(call.args());
        }
        return IntegerReply.of(count);
    }

    private static Reply union(KeyCall call) {
        Db db = call.db();
        byte[] max = HyperLogLog.newUnion();
        for (int i = 1; i < call.argc(); i++) {
            Object value = db.read(call.arg(i));
            if (value == null) {
                continue;
            }
            HyperLogLogs.requireHll(value);
            if (!HyperLogLog.maxInto(HyperLogLogs.bytes(value), StringValues.length(value), max)) {
                return HyperLogLogs.CORRUPT;
            }
        }
        return IntegerReply.of(HyperLogLog.countUnion(max));
    }
}
