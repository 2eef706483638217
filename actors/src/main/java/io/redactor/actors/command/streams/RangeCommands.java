package io.redactor.actors.command.streams;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/** XRANGE, XREVRANGE and XLEN. */
final class RangeCommands {
    static final ErrorReply BAD_START = Errors.err("invalid start ID for the interval");
    static final ErrorReply BAD_END = Errors.err("invalid end ID for the interval");

    private RangeCommands() {
    }

    /** XRANGE key start end [COUNT count] */
    static Reply xrange(KeyCall call) {
        return range(call, false);
    }

    /** XREVRANGE key end start [COUNT count] */
    static Reply xrevrange(KeyCall call) {
        return range(call, true);
    }

    private static Reply range(KeyCall call, boolean reverse) {
        StreamIds.Bound startBound = StreamIds.bound(call.arg(reverse ? 3 : 2), 0);
        StreamId start = startBound.id();
        if (startBound.exclusive() && (start = start.next()) == null) {
            return BAD_START;
        }
        StreamIds.Bound endBound = StreamIds.bound(call.arg(reverse ? 2 : 3), -1L);
        StreamId end = endBound.id();
        if (endBound.exclusive() && (end = end.previous()) == null) {
            return BAD_END;
        }
        long count = -1;
        for (int j = 4; j < call.argc(); j++) {
            if (Arguments.is(call.arg(j), "count") && call.argc() - j - 1 >= 1) {
                count = Math.max(0, Arguments.parseLong(call.arg(++j)));
            } else {
                return Errors.SYNTAX;
            }
        }
        StreamValue stream = Streams.read(call.db(), call.arg(1));
        if (stream == null) {
            return ArrayReply.EMPTY;
        }
        if (count == 0) {
            return NullReply.NULL_ARRAY;
        }
        List<Reply> entries = new ArrayList<>();
        Streams.range(stream, start, end, Math.max(0, count), reverse, entries);
        return new ArrayReply(entries);
    }

    /** XLEN key */
    static Reply xlen(KeyCall call) {
        StreamValue stream = Streams.read(call.db(), call.arg(1));
        return IntegerReply.of(stream == null ? 0 : stream.length());
    }
}
