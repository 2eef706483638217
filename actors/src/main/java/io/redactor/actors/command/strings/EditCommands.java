package io.redactor.actors.command.strings;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.HeapRoom;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.MutableString;
import io.redactor.actors.data.StringValues;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/** Changing strings in place: APPEND and SETRANGE. */
final class EditCommands {
    private static final ErrorReply OFFSET_OUT_OF_RANGE = Errors.err("offset is out of range");

    private EditCommands() {
    }

    static Reply append(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(1);
        byte[] suffix = call.arg(2);
        Object value = Strings.requireString(db.write(key));
        int length;
        if (value == null) {
            db.add(key, suffix);
            length = suffix.length;
        } else {
            int before = StringValues.length(value);
            Strings.checkLength(before, suffix.length, call.server().config().protoMaxBulkLen());
            try (HeapRoom room = HeapRoom.forValue(call, before, (long) before + suffix.length)) {
                MutableString mutable = mutable(db, key, value, suffix.length);
                mutable.append(suffix);
                length = mutable.length();
            }
        }
        db.changed(key, KeyspaceEvents.STRING, "append");
        return IntegerReply.of(length);
    }

    static Reply setrange(KeyCall call) {
        long offset = Arguments.parseLong(call.arg(2));
        if (offset < 0) {
            return OFFSET_OUT_OF_RANGE;
        }
        Db db = call.db();
        byte[] key = call.arg(1);
        byte[] patch = call.arg(3);
        long limit = call.server().config().protoMaxBulkLen();
        Object value = Strings.requireString(db.write(key));
        if (value == null) {
            if (patch.length == 0) {
                return IntegerReply.ZERO;
            }
            Strings.checkLength(offset, patch.length, limit);
            MutableString created = new MutableString(new byte[0], 0);
            try (HeapRoom room = HeapRoom.forValue(call, 0, offset + patch.length)) {
                created.writeAt((int) offset, patch);
            }
            db.add(key, created);
            db.changed(key, KeyspaceEvents.STRING, "setrange");
            return IntegerReply.of(created.length());
        }
        if (patch.length == 0) {
            return IntegerReply.of(StringValues.length(value));
        }
        Strings.checkLength(offset, patch.length, limit);
        int before = StringValues.length(value);
        MutableString mutable;
        try (HeapRoom room = HeapRoom.forValue(call, before, Math.max(before, offset + patch.length))) {
            mutable = mutable(db, key, value, 0);
            mutable.writeAt((int) offset, patch);
        }
        db.changed(key, KeyspaceEvents.STRING, "setrange");
        return IntegerReply.of(mutable.length());
    }

    /** The key's value as a mutable string, converting (and storing) an immutable one first. */
    private static MutableString mutable(Db db, byte[] key, Object value, int extraCapacity) {
        if (value instanceof MutableString mutable) {
            return mutable;
        }
        MutableString mutable = new MutableString(StringValues.bytes(value), extraCapacity);
        db.overwrite(key, mutable);
        return mutable;
    }
}
