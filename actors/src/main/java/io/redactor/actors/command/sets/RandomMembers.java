package io.redactor.actors.command.sets;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.RepeatedDraws;
import io.redactor.actors.data.set.SetValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * SRANDMEMBER. A positive count asks for distinct members (the whole set when it has no more), a negative one
 * for that many independent draws. Unlike SPOP, Redis 7.0 answers with an array, in RESP3 too.
 */
final class RandomMembers {
    private static final ErrorReply OUT_OF_RANGE = Errors.err(
            "value is out of range, value must between -9223372036854775807 and 9223372036854775807");
    private static final ErrorReply TOO_MANY_DRAWS = Errors.err("value is out of range");

    private RandomMembers() {
    }

    static Reply srandmember(KeyCall call) {
        if (call.argc() > 3) {
            return Errors.SYNTAX;
        }
        if (call.argc() == 3) {
            return withCount(call);
        }
        SetValue set = Sets.read(call.db(), call.arg(1));
        return set == null ? NullReply.NULL_BULK : new BulkString(set.random(ThreadLocalRandom.current()));
    }

    private static Reply withCount(KeyCall call) {
        long count = Arguments.parseLong(call.arg(2));
        if (count == Long.MIN_VALUE) {
            return OUT_OF_RANGE;
        }
        SetValue set = Sets.read(call.db(), call.arg(1));
        if (set == null || count == 0) {
            return ArrayReply.EMPTY;
        }
        RandomGenerator random = ThreadLocalRandom.current();
        if (count < 0) {
            // Redis has no such limit, but a count beyond it would have it write a reply for ever
            if (-count > RepeatedDraws.MAX_REPLY_ELEMENTS) {
                return TOO_MANY_DRAWS;
            }
            if (-count > RepeatedDraws.EAGER_DRAWS) {
                Reply[] members = Sets.members(set).toArray(Reply[]::new);
                return new ArrayReply(RepeatedDraws.of(members, null, false, (int) -count, random.nextLong()));
            }
            List<Reply> draws = new ArrayList<>((int) -count);
            for (long i = count; i < 0; i++) {
                draws.add(new BulkString(set.random(random)));
            }
            return new ArrayReply(draws);
        }
        if (count >= set.size()) {
            return new ArrayReply(Sets.members(set));
        }
        return new ArrayReply(distinct(set, (int) count, random));
    }

    /** {@code count} distinct members, fewer than the set has, in random order. */
    private static List<Reply> distinct(SetValue set, int count, RandomGenerator random) {
        int size = set.size();
        List<Reply> picked = new ArrayList<>(count);
        if ((long) count * 3 > size) {
            // A large share of the set: the first count positions of a partial shuffle.
            int[] positions = new int[size];
            for (int i = 0; i < size; i++) {
                positions[i] = i;
            }
            for (int i = 0; i < count; i++) {
                int j = i + random.nextInt(size - i);
                int chosen = positions[j];
                positions[j] = positions[i];
                picked.add(new BulkString(set.member(chosen)));
            }
            return picked;
        }
        // A small share: draw positions until enough distinct ones came up (at most 1.5 draws each on average).
        Set<Integer> seen = new HashSet<>();
        while (picked.size() < count) {
            int position = random.nextInt(size);
            if (seen.add(position)) {
                picked.add(new BulkString(set.member(position)));
            }
        }
        return picked;
    }
}
