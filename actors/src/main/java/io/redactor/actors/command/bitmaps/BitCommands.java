package io.redactor.actors.command.bitmaps;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.bitmap.BitCounts;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/** One bit at a time: SETBIT and GETBIT. */
final class BitCommands {
    private static final ErrorReply BAD_BIT = Errors.err("bit is not an integer or out of range");

    private BitCommands() {
    }

    static Reply setbit(KeyCall call) {
        long offset = Bitmaps.offset(call, call.arg(2));
        long on = Arguments.parseLong(call.arg(3), BAD_BIT);
        if ((on & ~1) != 0) {
            return BAD_BIT;
        }
        byte[] key = call.arg(1);
        Bitmaps.Target target = Bitmaps.writable(call, key, offset);
        boolean was = target.bits().update(Bitmaps.bytesFor(offset), bytes -> {
            int index = (int) (offset >>> 3);
            int mask = 0x80 >>> (offset & 7);
            boolean set = (bytes[index] & mask) != 0;
            bytes[index] = (byte) (on == 1 ? bytes[index] | mask : bytes[index] & ~mask);
            return set;
        });
        if (target.grows() || was != (on == 1)) {
            call.db().changed(key, KeyspaceEvents.STRING, "setbit");
        }
        return IntegerReply.of(was);
    }

    static Reply getbit(KeyCall call) {
        long offset = Bitmaps.offset(call, call.arg(2));
        Object value = Bitmaps.requireString(call.db().read(call.arg(1)));
        if (value == null) {
            return IntegerReply.ZERO;
        }
        boolean set = StringValues.read(value, (bytes, length) -> BitCounts.bit(bytes, length, offset));
        return IntegerReply.of(set);
    }
}
