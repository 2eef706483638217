package io.redactor.actors.command.lists;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.list.ListValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/** LPOS key element [RANK rank] [COUNT num-matches] [MAXLEN len] */
final class LposCommand {
    private static final ErrorReply RANK_ZERO = Errors.err("RANK can't be zero: use 1 to start from the first "
            + "match, 2 from the second ... or use negative to start from the end of the list");
    private static final ErrorReply COUNT_NEGATIVE = Errors.err("COUNT can't be negative");
    private static final ErrorReply MAXLEN_NEGATIVE = Errors.err("MAXLEN can't be negative");
    /** COUNT not given: reply with one index (or null) instead of an array. */
    private static final long NO_COUNT = -1;

    private LposCommand() {
    }

    static Reply lpos(KeyCall call) {
        byte[][] args = call.args();
        byte[] element = args[2];
        long rank = 1;
        long count = NO_COUNT;
        long maxlen = 0;
        for (int i = 3; i < args.length; i++) {
            boolean more = i + 1 < args.length;
            if (more && Arguments.is(args[i], "rank")) {
                rank = Arguments.parseLong(args[++i]);
                if (rank == 0) {
                    throw new CommandError(RANK_ZERO);
                }
            } else if (more && Arguments.is(args[i], "count")) {
                count = Lists.parseRange(args[++i], 0, Long.MAX_VALUE, COUNT_NEGATIVE);
            } else if (more && Arguments.is(args[i], "maxlen")) {
                maxlen = Lists.parseRange(args[++i], 0, Long.MAX_VALUE, MAXLEN_NEGATIVE);
            } else {
                throw Arguments.syntaxError();
            }
        }
        boolean towardsTail = true;
        if (rank < 0) {
            // As in Redis, negating Long.MIN_VALUE leaves it negative: every match then qualifies.
            rank = -rank;
            towardsTail = false;
        }
        ListValue list = Lists.read(call.db(), call.arg(1));
        if (list == null) {
            return count != NO_COUNT ? ArrayReply.EMPTY : NullReply.NULL_BULK;
        }
        long size = list.size();
        ListValue.Cursor cursor = list.cursor(towardsTail ? 0 : size - 1, towardsTail);
        List<Reply> found = count != NO_COUNT ? new ArrayList<>() : null;
        long matches = 0;
        long matchIndex = -1;
        for (long index = 0; (maxlen == 0 || index < maxlen); index++) {
            if (cursor.matches(element)) {
                matches++;
                matchIndex = towardsTail ? index : size - index - 1;
                if (matches >= rank) {
                    if (found == null) {
                        break;
                    }
                    found.add(IntegerReply.of(matchIndex));
                    if (count != 0 && matches - rank + 1 >= count) {
                        break;
                    }
                }
            }
            matchIndex = -1;
            if (!cursor.advance()) {
                break;
            }
        }
        if (found != null) {
            return new ArrayReply(found);
        }
        return matchIndex != -1 ? IntegerReply.of(matchIndex) : NullReply.NULL_BULK;
    }
}
