package io.redactor.actors.command.zsets;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.zset.LexRange;
import io.redactor.actors.data.zset.ScoreRange;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.DoubleReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/** The sorted set commands that look without changing: ZSCORE ZMSCORE ZCARD ZCOUNT ZLEXCOUNT ZRANK ZREVRANK. */
final class ReadCommands {
    private ReadCommands() {
    }

    static Reply zscore(KeyCall call) {
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        double score = set == null ? Double.NaN : set.score(call.arg(2));
        return Double.isNaN(score) ? NullReply.NULL_BULK : new DoubleReply(score);
    }

    /** A missing key answers like an empty set: a null per member. */
    static Reply zmscore(KeyCall call) {
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        List<Reply> scores = new ArrayList<>(call.argc() - 2);
        for (int j = 2; j < call.argc(); j++) {
            double score = set == null ? Double.NaN : set.score(call.arg(j));
            scores.add(Double.isNaN(score) ? NullReply.NULL_BULK : new DoubleReply(score));
        }
        return new ArrayReply(scores);
    }

    static Reply zcard(KeyCall call) {
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        return IntegerReply.of(set == null ? 0 : set.size());
    }

    static Reply zcount(KeyCall call) {
        ScoreRange range = RangeArguments.scoreRange(call.arg(2), call.arg(3));
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        return IntegerReply.of(set == null ? 0 : set.scoreSpan(range).length());
    }

    static Reply zlexcount(KeyCall call) {
        LexRange range = RangeArguments.lexRange(call.arg(2), call.arg(3));
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        return IntegerReply.of(set == null ? 0 : set.lexSpan(range, false).length());
    }

    static Reply zrank(KeyCall call) {
        return rank(call, false);
    }

    static Reply zrevrank(KeyCall call) {
        return rank(call, true);
    }

    private static Reply rank(KeyCall call, boolean reverse) {
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        int rank = set == null ? -1 : set.rank(call.arg(2), reverse);
        return rank < 0 ? NullReply.NULL_BULK : IntegerReply.of(rank);
    }
}
