package io.redactor.actors.command.zsets;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.IndexRange;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.zset.LexRange;
import io.redactor.actors.data.zset.RankSpan;
import io.redactor.actors.data.zset.ScoreRange;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/** ZREM and ZREMRANGEBYRANK, ZREMRANGEBYSCORE, ZREMRANGEBYLEX (Redis's zremrangeGenericCommand). */
final class RemoveCommands {
    private RemoveCommands() {
    }

    static Reply zrem(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(1);
        SortedSetValue set = SortedSets.write(db, key);
        if (set == null) {
            return IntegerReply.ZERO;
        }
        int deleted = 0;
        for (int j = 2; j < call.argc() && !set.isEmpty(); j++) {
            if (set.remove(call.arg(j))) {
                deleted++;
            }
        }
        if (deleted > 0) {
            SortedSets.removed(db, key, set.isEmpty(), "zrem", deleted);
        }
        return IntegerReply.of(deleted);
    }

    static Reply zremrangebyrank(KeyCall call) {
        long start = Arguments.parseLong(call.arg(2));
        long end = Arguments.parseLong(call.arg(3));
        SortedSetValue set = SortedSets.write(call.db(), call.arg(1));
        if (set == null) {
            return IntegerReply.ZERO;
        }
        IndexRange range = IndexRange.of(start, end, set.size());
        if (range == null) {
            return IntegerReply.ZERO;
        }
        return remove(call, set, new RankSpan((int) range.first(), (int) range.last() + 1), "zremrangebyrank");
    }

    static Reply zremrangebyscore(KeyCall call) {
        ScoreRange range = RangeArguments.scoreRange(call.arg(2), call.arg(3));
        SortedSetValue set = SortedSets.write(call.db(), call.arg(1));
        return set == null ? IntegerReply.ZERO : remove(call, set, set.scoreSpan(range), "zremrangebyscore");
    }

    static Reply zremrangebylex(KeyCall call) {
        LexRange range = RangeArguments.lexRange(call.arg(2), call.arg(3));
        SortedSetValue set = SortedSets.write(call.db(), call.arg(1));
        return set == null ? IntegerReply.ZERO : remove(call, set, set.lexSpan(range, false), "zremrangebylex");
    }

    private static Reply remove(KeyCall call, SortedSetValue set, RankSpan span, String event) {
        if (span.isEmpty()) {
            return IntegerReply.ZERO;
        }
        int count = span.length();
        boolean all = count == set.size();
        if (!all) {
            set.removeRange(span.start(), span.end(), false, null);
        }
        // When everything goes the key is deleted: no need to take the set apart first.
        SortedSets.removed(call.db(), call.arg(1), all, event, count);
        return IntegerReply.of(count);
    }
}
