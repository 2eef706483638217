package io.redactor.actors.command.bitmaps;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.bitmap.BitCounts;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/** Bits counted or searched over a range of a string: BITCOUNT and BITPOS, with BYTE (default) or BIT ranges. */
final class BitRangeCommands {
    private static final ErrorReply BIT_NOT_BINARY = Errors.err("The bit argument must be 1 or 0.");

    private BitRangeCommands() {
    }

    /** BITCOUNT key [start end [BYTE|BIT]]: a missing key counts 0 before its range is even parsed, as in Redis. */
    static Reply bitcount(KeyCall call) {
        Object value = Bitmaps.requireString(call.db().read(call.arg(1)));
        if (value == null) {
            return IntegerReply.ZERO;
        }
        int argc = call.argc();
        if (argc != 2 && argc != 4 && argc != 5) {
            throw Arguments.syntaxError();
        }
        return StringValues.read(value, (bytes, length) -> {
            if (argc == 2) {
                return IntegerReply.of(length == 0 ? 0 : BitCounts.count(bytes, 0, length - 1));
            }
            long start = Arguments.parseLong(call.arg(2));
            long end = Arguments.parseLong(call.arg(3));
            if (start < 0 && end < 0 && start > end) {
                return IntegerReply.ZERO;
            }
            boolean bits = argc == 5 && unitIsBit(call.arg(4));
            long size = bits ? (long) length << 3 : length;
            start = clamp(start, size);
            end = Math.min(clamp(end, size), size - 1);
            if (start > end) {
                return IntegerReply.ZERO;
            }
            return IntegerReply.of(bits ? BitCounts.countBits(bytes, start, end)
                    : BitCounts.count(bytes, (int) start, (int) end));
        });
    }

    /**
     * BITPOS key bit [start [end [BYTE|BIT]]]. A missing key is all zeros; a clear bit searched to the end of the
     * string without an explicit end is found just past it, as if the string went on with zeros.
     */
    static Reply bitpos(KeyCall call) {
        long bit = Arguments.parseLong(call.arg(2));
        if (bit != 0 && bit != 1) {
            return BIT_NOT_BINARY;
        }
        Object value = Bitmaps.requireString(call.db().read(call.arg(1)));
        if (value == null) {
            return IntegerReply.of(bit == 1 ? -1 : 0);
        }
        int argc = call.argc();
        if (argc > 6) {
            throw Arguments.syntaxError();
        }
        return StringValues.read(value, (bytes, length) -> {
            boolean bits = false;
            boolean endGiven = argc >= 5;
            long start = 0;
            long end = length - 1L;
            if (argc >= 4) {
                start = Arguments.parseLong(call.arg(3));
                bits = argc == 6 && unitIsBit(call.arg(5));
                end = endGiven ? Arguments.parseLong(call.arg(4)) : bits ? ((long) length << 3) + 7 : length - 1L;
            }
            long size = bits ? (long) length << 3 : length;
            start = clamp(start, size);
            end = Math.min(clamp(end, size), size - 1);
            if (start > end) {
                return IntegerReply.MINUS_ONE;
            }
            long from = bits ? start : start << 3;
            long to = bits ? end : (end << 3) + 7;
            long found = BitCounts.position(bytes, from, to, bit == 1);
            if (found < 0 && bit == 0 && !endGiven) {
                // past a string of ones: the first of the zeros that follow it, as Redis answers
                found = (to | 7) + 1;
            }
            return IntegerReply.of(found);
        });
    }

    /** BYTE or BIT, the range's unit; anything else is a syntax error. */
    private static boolean unitIsBit(byte[] arg) {
        if (Arguments.is(arg, "bit")) {
            return true;
        }
        if (Arguments.is(arg, "byte")) {
            return false;
        }
        throw new CommandError(Errors.SYNTAX);
    }

    /** A negative index counts from the end; what is still negative is 0. */
    private static long clamp(long index, long size) {
        long absolute = index < 0 ? size + index : index;
        return Math.max(absolute, 0);
    }
}
