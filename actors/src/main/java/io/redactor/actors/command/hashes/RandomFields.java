package io.redactor.actors.command.hashes;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.RepeatedDraws;
import io.redactor.actors.data.hash.HashValue;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * HRANDFIELD, with Redis 7.0's cases: without a count one random field (nil for a missing key); a negative
 * count picks that many times with repetition; a positive count returns distinct fields, the whole hash (in its
 * order) when the count reaches its size.
 */
final class RandomFields {
    private static final ErrorReply COUNT_OUT_OF_RANGE =
            Errors.err("value is out of range, value must between -9223372036854775807 and 9223372036854775807");
    private static final ErrorReply OUT_OF_RANGE = Errors.err("value is out of range");
    /** Redis refuses WITHVALUES beyond this count either way: the reply length (twice the count) would overflow. */
    private static final long MAX_COUNT_WITH_VALUES = Long.MAX_VALUE / 2;

    private RandomFields() {
    }

    static Reply hrandfield(KeyCall call) {
        if (call.argc() >= 3) {
            return withCount(call);
        }
        HashValue hash = Hashes.read(call, call.arg(1));
        if (hash == null) {
            return NullReply.NULL_BULK;
        }
        return new BulkString(hash.fieldAt(hash.randomSlot(ThreadLocalRandom.current())));
    }

    private static Reply withCount(KeyCall call) {
        long count;
        try {
            count = RedisIntegers.parseLong(call.arg(2));
        } catch (NotANumberException e) {
            return Errors.NOT_INTEGER;
        }
        if (count == Long.MIN_VALUE) {
            return COUNT_OUT_OF_RANGE;
        }
        boolean withValues = false;
        if (call.argc() == 4 && Arguments.is(call.arg(3), "withvalues")) {
            withValues = true;
        } else if (call.argc() >= 4) {
            return Errors.SYNTAX;
        }
        if (withValues && Math.abs(count) > MAX_COUNT_WITH_VALUES) {
            return OUT_OF_RANGE;
        }
        HashValue hash = Hashes.read(call, call.arg(1));
        if (hash == null || count == 0) {
            return ArrayReply.EMPTY;
        }
        boolean pairs = withValues && Hashes.resp3(call);
        boolean flatValues = withValues && !pairs;
        RandomGenerator random = ThreadLocalRandom.current();
        if (count < 0 || count == 1) {
            long picks = Math.abs(count);
            // Redis has no such limit, but a count beyond it would have it write a reply for ever
            if ((flatValues ? 2 * picks : picks) > RepeatedDraws.MAX_REPLY_ELEMENTS) {
                return OUT_OF_RANGE;
            }
            if (picks > RepeatedDraws.EAGER_DRAWS) {
                return new ArrayReply(drawn(hash, (int) picks, withValues, pairs, random.nextLong()));
            }
            int[] slots = new int[(int) picks];
            for (int i = 0; i < slots.length; i++) {
                slots[i] = hash.randomSlot(random);
            }
            return reply(hash, slots, withValues, pairs);
        }
        if (count >= hash.size()) {
            return reply(hash, hash.slots(), withValues, pairs);
        }
        return reply(hash, distinctSlots(hash, (int) count, random), withValues, pairs);
    }

    /** {@code count} distinct slots, fewer than the hash has, in no particular order. */
    private static int[] distinctSlots(HashValue hash, int count, RandomGenerator random) {
        int size = hash.size();
        if ((long) count * 3 > size) {
            // Many of them: shuffle the first count places of all slots.
            int[] all = hash.slots();
            for (int i = 0; i < count; i++) {
                int j = i + random.nextInt(size - i);
                int t = all[i];
                all[i] = all[j];
                all[j] = t;
            }
            int[] chosen = new int[count];
            System.arraycopy(all, 0, chosen, 0, count);
            return chosen;
        }
        // Few of them: draw until enough are distinct (each draw succeeds with probability above 2/3).
        Set<Integer> seen = new HashSet<>();
        int[] chosen = new int[count];
        int n = 0;
        while (n < count) {
            int slot = hash.randomSlot(random);
            if (seen.add(slot)) {
                chosen[n++] = slot;
            }
        }
        return chosen;
    }

    private static RepeatedDraws drawn(HashValue hash, int picks, boolean withValues, boolean pairs, long seed) {
        int[] slots = hash.slots();
        Reply[] fields = new Reply[slots.length];
        Reply[] values = withValues ? new Reply[slots.length] : null;
        for (int i = 0; i < slots.length; i++) {
            fields[i] = new BulkString(hash.fieldAt(slots[i]));
            if (withValues) {
                values[i] = new BulkString(hash.valueAt(slots[i]));
            }
        }
        return RepeatedDraws.of(fields, values, pairs, picks, seed);
    }

    private static Reply reply(HashValue hash, int[] slots, boolean withValues, boolean pairs) {
        List<Reply> items = new ArrayList<>(withValues && !pairs ? 2 * slots.length : slots.length);
        for (int slot : slots) {
            BulkString field = new BulkString(hash.fieldAt(slot));
            if (pairs) {
                items.add(ArrayReply.of(field, new BulkString(hash.valueAt(slot))));
            } else {
                items.add(field);
                if (withValues) {
                    items.add(new BulkString(hash.valueAt(slot)));
                }
            }
        }
        return new ArrayReply(items);
    }
}
