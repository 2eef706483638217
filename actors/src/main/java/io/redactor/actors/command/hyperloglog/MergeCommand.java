package io.redactor.actors.command.hyperloglog;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.MutableString;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.hyperloglog.HllFormat;
import io.redactor.actors.data.hyperloglog.HyperLogLog;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/**
 * PFMERGE destkey [sourcekey ...]: the destination (itself one of the sources) gets the largest of every register.
 * It is dense if any source is, else it stays sparse while it fits. Redis notifies "pfadd" for it.
 */
final class MergeCommand {
    private MergeCommand() {
    }

    static Reply pfmerge(KeyCall call) {
        Db db = call.db();
        byte[] max = HyperLogLog.newUnion();
        boolean dense = false;
        for (int i = 1; i < call.argc(); i++) {
            Object value = db.read(call.arg(i));
            if (value == null) {
                continue;
            }
            HyperLogLogs.requireHll(value);
            byte[] bytes = HyperLogLogs.bytes(value);
            dense |= HllFormat.encoding(bytes) == HllFormat.DENSE;
            if (!HyperLogLog.maxInto(bytes, StringValues.length(value), max)) {
                return HyperLogLogs.CORRUPT;
            }
        }
        byte[] key = call.arg(1);
        Object value = db.write(key);
        MutableString hll;
        if (value == null) {
            hll = HyperLogLog.create();
            db.add(key, hll);
        } else {
            hll = HyperLogLogs.unshared(db, key, value);
        }
        if (dense && !HyperLogLog.toDense(hll)) {
            return HyperLogLogs.CORRUPT;
        }
        HyperLogLog.raiseTo(hll, max, HyperLogLogs.sparseMaxBytes(call));
        db.changed(key, KeyspaceEvents.STRING, "pfadd");
        return SimpleString.OK;
    }
}
