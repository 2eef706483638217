package io.redactor.actors.command.hashes;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.hash.HashValue;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

/** Lookups and small pieces shared by the hash commands. */
final class Hashes {
    private static final CommandError WRONGTYPE = new CommandError(Errors.WRONGTYPE);

    private Hashes() {
    }

    /** The hash at {@code key} for reading (lookupKeyRead), null when absent; WRONGTYPE for another type. */
    static HashValue read(KeyCall call, byte[] key) {
        return cast(call.db().read(key));
    }

    /** The hash at {@code key} for writing (lookupKeyWrite), null when absent; WRONGTYPE for another type. */
    static HashValue write(KeyCall call, byte[] key) {
        return cast(call.db().write(key));
    }

    private static HashValue cast(Object value) {
        if (value == null || value instanceof HashValue) {
            return (HashValue) value;
        }
        throw WRONGTYPE;
    }

    /** hash-max-listpack-entries, read at the moment of the write as Redis does. */
    static long maxEntries(KeyCall call) {
        return config(call).hashMaxListpackEntries();
    }

    /** hash-max-listpack-value. */
    static long maxValue(KeyCall call) {
        return config(call).hashMaxListpackValue();
    }

    private static RuntimeConfig config(KeyCall call) {
        return call.server().config();
    }

    static Reply bulkOrNull(byte[] bytes) {
        return bytes == null ? NullReply.NULL_BULK : new BulkString(bytes);
    }

    /** Whether the command's client speaks RESP3 (replies whose shape differs beyond the encoding). */
    static boolean resp3(KeyCall call) {
        return call.protocol() >= 3;
    }
}
