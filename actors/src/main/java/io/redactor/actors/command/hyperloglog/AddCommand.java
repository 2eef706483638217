package io.redactor.actors.command.hyperloglog;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.MutableString;
import io.redactor.actors.data.hyperloglog.HllFormat;
import io.redactor.actors.data.hyperloglog.HyperLogLog;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/** PFADD: elements hashed straight into the registers of the string, changed in place. */
final class AddCommand {
    private AddCommand() {
    }

    /**
     * 1 when the key was created or a register changed (then "pfadd" is notified), else 0. Corrupt sparse registers
     * stop it with INVALIDOBJ, keeping what the elements before changed, unannounced, as in Redis.
     */
    static Reply pfadd(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(1);
        Object value = db.write(key);
        MutableString hll;
        // Redis counts the key's creation and each element that changed a register
        long updated = value == null ? 1 : 0;
        if (value == null) {
            hll = HyperLogLog.create();
            db.add(key, hll);
        } else {
            HyperLogLogs.requireHll(value);
            hll = HyperLogLogs.unshared(db, key, value);
        }
        long sparseMaxBytes = HyperLogLogs.sparseMaxBytes(call);
        for (int i = 2; i < call.argc(); i++) {
            int added = HyperLogLog.add(hll, call.arg(i), sparseMaxBytes);
            if (added < 0) {
                return HyperLogLogs.CORRUPT;
            }
            if (added > 0) {
                updated++;
            }
        }
        if (updated == 0) {
            return IntegerReply.ZERO;
        }
        db.changed(key, KeyspaceEvents.STRING, "pfadd", updated);
        HllFormat.invalidateCache(hll.buffer());
        return IntegerReply.ONE;
    }
}
