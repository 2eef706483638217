package io.redactor.actors.command.zsets;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.RepeatedDraws;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.DoubleReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.BitSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/** ZRANDMEMBER key [count [WITHSCORES]] */
final class RandomMemberCommand {
    private static final ErrorReply COUNT_OUT_OF_RANGE = Errors.err(
            "value is out of range, value must between -9223372036854775807 and 9223372036854775807");
    private static final ErrorReply OUT_OF_RANGE = Errors.err("value is out of range");

    private RandomMemberCommand() {
    }

    static Reply zrandmember(KeyCall call) {
        if (call.argc() >= 3) {
            long count = Arguments.parseLong(call.arg(2));
            if (count == Long.MIN_VALUE) {
                return COUNT_OUT_OF_RANGE;
            }
            if (call.argc() > 4 || (call.argc() == 4 && !Arguments.is(call.arg(3), "withscores"))) {
                return Errors.SYNTAX;
            }
            boolean withScores = call.argc() == 4;
            if (withScores && (count < -Long.MAX_VALUE / 2 || count > Long.MAX_VALUE / 2)) {
                return OUT_OF_RANGE;
            }
            return withCount(call, count, withScores);
        }
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        if (set == null) {
            return NullReply.NULL_BULK;
        }
        byte[][] member = new byte[1][];
        set.visitAt(ThreadLocalRandom.current().nextInt(set.size()), (m, s) -> member[0] = m);
        return new BulkString(member[0]);
    }

    /**
     * A negative count draws that many members independently (repeats allowed, in random order); a positive one
     * distinct members: the whole set from the highest score down when it has no more than that, else a random
     * subset, listed here in the set's order.
     */
    private static Reply withCount(KeyCall call, long count, boolean withScores) {
        SortedSetValue set = SortedSets.read(call.db(), call.arg(1));
        if (set == null || count == 0) {
            return ArrayReply.EMPTY;
        }
        RandomGenerator random = ThreadLocalRandom.current();
        int size = set.size();
        if (count < 0 || count == 1) {
            long draws = Math.abs(count);
            // Redis has no such limit, but a count beyond it would have it write a reply for ever
            if ((withScores ? 2 * draws : draws) > RepeatedDraws.MAX_REPLY_ELEMENTS) {
                return OUT_OF_RANGE;
            }
            if (draws > RepeatedDraws.EAGER_DRAWS) {
                return new ArrayReply(drawn(set, (int) draws, withScores, SortedSets.protocol(call) >= 3,
                        random.nextLong()));
            }
            EntryReplies reply = EntryReplies.forClient(call, (int) draws, withScores);
            for (long i = 0; i < draws; i++) {
                set.visitAt(random.nextInt(size), reply);
            }
            return reply.reply();
        }
        if (count >= size) {
            // Redis walks its sets from the highest score down here.
            EntryReplies reply = EntryReplies.forClient(call, size, withScores);
            set.visit(0, size, true, reply);
            return reply.reply();
        }
        // Floyd's sampling: count distinct ranks, each subset equally likely.
        int n = (int) count;
        BitSet chosen = new BitSet(size);
        for (int j = size - n; j < size; j++) {
            int t = random.nextInt(j + 1);
            chosen.set(chosen.get(t) ? j : t);
        }
        EntryReplies reply = EntryReplies.forClient(call, n, withScores);
        for (int rank = chosen.nextSetBit(0); rank >= 0; rank = chosen.nextSetBit(rank + 1)) {
            set.visitAt(rank, reply);
        }
        return reply.reply();
    }

    private static RepeatedDraws drawn(SortedSetValue set, int draws, boolean withScores, boolean pairs, long seed) {
        Reply[] members = new Reply[set.size()];
        Reply[] scores = withScores ? new Reply[members.length] : null;
        int[] next = {0};
        set.visit(0, members.length, false, (member, score) -> {
            members[next[0]] = new BulkString(member);
            if (withScores) {
                scores[next[0]] = new DoubleReply(score);
            }
            next[0]++;
        });
        return RepeatedDraws.of(members, scores, pairs, draws, seed);
    }
}
