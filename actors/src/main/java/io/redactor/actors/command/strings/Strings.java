package io.redactor.actors.command.strings;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.data.StringValues;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;


/** Helpers shared by the string commands. */
final class Strings {
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    private Strings() {
    }

    /** Fails with WRONGTYPE unless the value is absent or a string. */
    static Object requireString(Object value) {
        if (value != null && !StringValues.isString(value)) {
            throw new CommandError(Errors.WRONGTYPE);
        }
        return value;
    }

    /** A string value as a reply: its bytes, or a null bulk when absent. */
    static Reply reply(Object value) {
        return value == null ? NullReply.NULL_BULK : new BulkString(StringValues.bytes(value));
    }

    /**
     * Redis's checkStringLength: a string of {@code size} bytes grown by {@code extra} may not pass
     * proto-max-bulk-len (nor a Java array). Both are non-negative; a sum that overflows is too long as well.
     */
    static void checkLength(long size, long extra, long limit) {
        long total = size + extra;
        if (total < 0 || total > Math.min(limit, MAX_ARRAY)) {
            throw new CommandError(Errors.STRING_TOO_LONG);
        }
    }
}
