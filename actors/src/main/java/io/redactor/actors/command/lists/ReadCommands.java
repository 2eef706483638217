package io.redactor.actors.command.lists;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.IndexRange;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.list.ListValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/** The list commands that only read: LLEN, LINDEX, LRANGE. */
final class ReadCommands {
    private ReadCommands() {
    }

    static Reply llen(KeyCall call) {
        ListValue list = Lists.read(call.db(), call.arg(1));
        return list == null ? IntegerReply.ZERO : IntegerReply.of(list.size());
    }

    /** LINDEX looks the key up before it parses the index, as Redis does. */
    static Reply lindex(KeyCall call) {
        ListValue list = Lists.read(call.db(), call.arg(1));
        if (list == null) {
            return NullReply.NULL_BULK;
        }
        byte[] element = list.get(Arguments.parseLong(call.arg(2)));
        return element == null ? NullReply.NULL_BULK : new BulkString(element);
    }

    static Reply lrange(KeyCall call) {
        long start = Arguments.parseLong(call.arg(2));
        long stop = Arguments.parseLong(call.arg(3));
        ListValue list = Lists.read(call.db(), call.arg(1));
        if (list == null) {
            return ArrayReply.EMPTY;
        }
        IndexRange range = IndexRange.of(start, stop, list.size());
        if (range == null) {
            return ArrayReply.EMPTY;
        }
        List<Reply> elements = new ArrayList<>((int) (range.last() - range.first() + 1));
        list.forEach(range.first(), range.last(), element -> elements.add(new BulkString(element)));
        return new ArrayReply(elements);
    }
}
