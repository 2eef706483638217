package io.redactor.actors.command.hyperloglog;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.MutableString;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.hyperloglog.HllFormat;
import io.redactor.core.reply.ErrorReply;

/** What the HyperLogLog commands share: Redis's checks of a key's value and its errors. */
final class HyperLogLogs {
    /** A string that is not a HyperLogLog (Redis sends it with its own code, not ERR). */
    static final ErrorReply NOT_HLL = new ErrorReply("WRONGTYPE Key is not a valid HyperLogLog string value.");
    /** Sparse registers that do not cover the 16384 registers exactly. */
    static final ErrorReply CORRUPT = new ErrorReply("INVALIDOBJ Corrupted HLL object detected");

    private HyperLogLogs() {
    }

    /** Fails unless {@code value} (present) is a string that can be taken for a HyperLogLog. */
    static void requireHll(Object value) {
        if (!StringValues.isString(value)) {
            throw new CommandError(Errors.WRONGTYPE);
        }
        if (!HllFormat.isValid(bytes(value), StringValues.length(value))) {
            throw new CommandError(NOT_HLL);
        }
    }

    /** A string value's bytes where they are (the first {@link StringValues#length} of them): not to be changed. */
    static byte[] bytes(Object value) {
        return value instanceof MutableString mutable ? mutable.buffer() : StringValues.bytes(value);
    }

    /**
     * The key's value as a string that can be changed in place, stored in place of an immutable one first (Redis's
     * dbUnshareStringValue, after which OBJECT ENCODING says "raw"); the key keeps its access history.
     */
    static MutableString unshared(Db db, byte[] key, Object value) {
        if (value instanceof MutableString mutable) {
            return mutable;
        }
        MutableString mutable = new MutableString(StringValues.bytes(value), 1);
        int access = db.accessBits(key);
        db.overwrite(key, mutable);
        db.setAccessBits(key, access);
        return mutable;
    }

    static long sparseMaxBytes(KeyCall call) {
        return call.server().config().hllSparseMaxBytes();
    }
}
