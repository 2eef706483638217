package io.redactor.actors.command.bitmaps;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.HeapRoom;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.MutableString;
import io.redactor.actors.data.StringValues;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.ErrorReply;

/** What the bitmap commands share: bit offsets as Redis parses them, and strings made long enough to write bits. */
final class Bitmaps {
    private static final ErrorReply BAD_OFFSET = Errors.err("bit offset is not an integer or out of range");
    private static final long MAX_BYTES = Integer.MAX_VALUE - 8;

    private Bitmaps() {
    }

    /** A bit offset: an integer from 0 whose byte lies within proto-max-bulk-len. */
    static long offset(KeyCall call, byte[] arg) {
        return offset(call, arg, 0);
    }

    /**
     * A bit offset; with {@code width} > 0, BITFIELD's {@code #N} form, the N-th field of that width, is taken too.
     */
    static long offset(KeyCall call, byte[] arg, int width) {
        boolean fields = width > 0 && arg.length > 0 && arg[0] == '#';
        long offset;
        try {
            offset = fields ? RedisIntegers.parseLong(arg, 1, arg.length - 1) : RedisIntegers.parseLong(arg);
        } catch (NotANumberException e) {
            throw new CommandError(BAD_OFFSET);
        }
        if (fields) {
            offset *= width;
        }
        if (offset < 0 || (offset >>> 3) >= Math.min(call.server().config().protoMaxBulkLen(), MAX_BYTES)) {
            throw new CommandError(BAD_OFFSET);
        }
        return offset;
    }

    /** The value, absent or a string; WRONGTYPE for anything else. */
    static Object requireString(Object value) {
        if (value != null && !StringValues.isString(value)) {
            throw new CommandError(Errors.WRONGTYPE);
        }
        return value;
    }

    /**
     * A string the bit commands write: {@code grows} when it was created or is shorter than the bits written need
     * ({@link MutableString#update} grows it), which counts as a change whatever the bits.
     */
    record Target(MutableString bits, boolean grows) {
    }

    /**
     * The key's string as one that can be changed in place (created with zero bytes up to bit {@code lastBit} if
     * absent), once the heap guard agreed to its growth to hold that bit.
     */
    static Target writable(KeyCall call, byte[] key, long lastBit) {
        Db db = call.db();
        int length = bytesFor(lastBit);
        Object value = requireString(db.write(key));
        int before = value == null ? 0 : StringValues.length(value);
        try (HeapRoom room = HeapRoom.forValue(call, before, length)) {
            if (value == null) {
                // a new string is made at its size, as Redis makes it: only strings that grow get room to grow
                MutableString created = MutableString.wrap(new byte[length]);
                db.add(key, created);
                return new Target(created, true);
            }
            MutableString mutable = value instanceof MutableString m ? m
                    : new MutableString(StringValues.bytes(value), 0);
            if (mutable != value) {
                db.overwrite(key, mutable);
            }
            if (length > before) {
                // grown here, within the room taken
                mutable.update(length, bytes -> null);
            }
            return new Target(mutable, length > before);
        }
    }

    /** The length of a string that holds bit {@code lastBit}. */
    static int bytesFor(long lastBit) {
        return (int) (lastBit >>> 3) + 1;
    }
}
