package io.redactor.actors.command.zsets;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.IndexRange;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.zset.EntryVisitor;
import io.redactor.actors.data.zset.LexRange;
import io.redactor.actors.data.zset.RankSpan;
import io.redactor.actors.data.zset.ScoreRange;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/**
 * ZRANGE in all its forms (BYSCORE, BYLEX, REV, LIMIT, WITHSCORES), the older commands that are fixed forms of it
 * (ZREVRANGE, ZRANGEBYSCORE, ZREVRANGEBYSCORE, ZRANGEBYLEX, ZREVRANGEBYLEX) and ZRANGESTORE: Redis's
 * zrangeGenericCommand, with its order of checks and errors.
 */
final class RangeCommands {
    private static final ErrorReply LIMIT_NEEDS_SCORE_OR_LEX =
            Errors.err("syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX");
    private static final ErrorReply NO_WITHSCORES_BY_LEX =
            Errors.err("syntax error, WITHSCORES not supported in combination with BYLEX");

    private enum By { UNSET, RANK, SCORE, LEX }

    private enum Direction { UNSET, FORWARD, REVERSE }

    private RangeCommands() {
    }

    static Reply zrange(KeyCall call) {
        return range(call, 1, false, By.UNSET, Direction.UNSET);
    }

    static Reply zrevrange(KeyCall call) {
        return range(call, 1, false, By.RANK, Direction.REVERSE);
    }

    static Reply zrangebyscore(KeyCall call) {
        return range(call, 1, false, By.SCORE, Direction.FORWARD);
    }

    static Reply zrevrangebyscore(KeyCall call) {
        return range(call, 1, false, By.SCORE, Direction.REVERSE);
    }

    static Reply zrangebylex(KeyCall call) {
        return range(call, 1, false, By.LEX, Direction.FORWARD);
    }

    static Reply zrevrangebylex(KeyCall call) {
        return range(call, 1, false, By.LEX, Direction.REVERSE);
    }

    static Reply zrangestore(KeyCall call) {
        return range(call, 2, true, By.UNSET, Direction.UNSET);
    }

    private static Reply range(KeyCall call, int keyIndex, boolean store, By fixedBy, Direction fixedDirection) {
        By by = fixedBy;
        Direction direction = fixedDirection;
        boolean withScores = false;
        long offset = 0;
        long limit = -1;
        for (int j = keyIndex + 3; j < call.argc(); j++) {
            byte[] arg = call.arg(j);
            int left = call.argc() - j - 1;
            if (!store && Arguments.is(arg, "withscores")) {
                withScores = true;
            } else if (Arguments.is(arg, "limit") && left >= 2) {
                offset = Arguments.parseLong(call.arg(j + 1));
                limit = Arguments.parseLong(call.arg(j + 2));
                j += 2;
            } else if (direction == Direction.UNSET && Arguments.is(arg, "rev")) {
                direction = Direction.REVERSE;
            } else if (by == By.UNSET && Arguments.is(arg, "bylex")) {
                by = By.LEX;
            } else if (by == By.UNSET && Arguments.is(arg, "byscore")) {
                by = By.SCORE;
            } else {
                return Errors.SYNTAX;
            }
        }
        boolean reverse = direction == Direction.REVERSE;
        if (by == By.UNSET) {
            by = By.RANK;
        }
        // Redis tests the LIMIT count against its "no limit" value -1, so "LIMIT 0 -1" passes by rank.
        if (limit != -1 && by == By.RANK) {
            return LIMIT_NEEDS_SCORE_OR_LEX;
        }
        if (withScores && by == By.LEX) {
            return NO_WITHSCORES_BY_LEX;
        }
        byte[] min = call.arg(keyIndex + 1);
        byte[] max = call.arg(keyIndex + 2);
        if (reverse && by != By.RANK) {
            byte[] swap = min;
            min = max;
            max = swap;
        }
        long start = 0;
        long end = 0;
        ScoreRange scores = null;
        LexRange lex = null;
        switch (by) {
            case SCORE -> scores = RangeArguments.scoreRange(min, max);
            case LEX -> lex = RangeArguments.lexRange(min, max);
            default -> {
                start = Arguments.parseLong(min);
                end = Arguments.parseLong(max);
            }
        }

        Db db = call.db();
        SortedSetValue set = SortedSets.read(db, call.arg(keyIndex));
        int[] window = set == null ? null : switch (by) {
            case SCORE -> limited(set.scoreSpan(scores), offset, limit, reverse, set.size());
            case LEX -> limited(set.lexSpan(lex, reverse), offset, limit, reverse, set.size());
            default -> byRank(start, end, reverse, set.size());
        };
        if (store) {
            return store(call, db, set, window, reverse);
        }
        if (window == null) {
            return ArrayReply.EMPTY;
        }
        EntryReplies reply = EntryReplies.forClient(call, window[1] - window[0], withScores);
        set.visit(window[0], window[1], reverse, reply);
        return reply.reply();
    }

    /** The ascending ranks [from, to) of a rank range, null when empty: Redis's index sanitizing. */
    private static int[] byRank(long start, long end, boolean reverse, int size) {
        IndexRange range = IndexRange.of(start, end, size);
        if (range == null) {
            return null;
        }
        return reverse ? new int[] {(int) (size - 1 - range.last()), (int) (size - range.first())}
                : new int[] {(int) range.first(), (int) range.last() + 1};
    }

    /**
     * The ascending ranks [from, to) of a score or lex range after LIMIT, null when empty. Redis skips
     * {@code offset} entries from the end it starts at (a negative offset skips them all) and then takes at most
     * {@code limit} (any negative limit takes all).
     */
    private static int[] limited(RankSpan span, long offset, long limit, boolean reverse, int size) {
        if ((offset > 0 && offset >= size) || offset < 0 || span.isEmpty()) {
            return null;
        }
        long available = span.length() - offset;
        if (available <= 0 || limit == 0) {
            return null;
        }
        long count = limit < 0 ? available : Math.min(available, limit);
        return reverse ? new int[] {(int) (span.end() - offset - count), (int) (span.end() - offset)}
                : new int[] {(int) (span.start() + offset), (int) (span.start() + offset + count)};
    }

    /**
     * ZRANGESTORE's result: built entry by entry in the order of the range, as Redis adds them to a new listpack
     * that converts when it outgrows the limits; stored over whatever the destination held, or the destination
     * deleted when the range is empty.
     */
    private static Reply store(KeyCall call, Db db, SortedSetValue source, int[] window, boolean reverse) {
        byte[] destination = call.arg(1);
        if (window == null) {
            if (db.delete(destination)) {
                db.changed(destination, KeyspaceEvents.GENERIC, "del");
            }
            return IntegerReply.ZERO;
        }
        long maxEntries = SortedSets.maxListpackEntries(call);
        long maxValue = SortedSets.maxListpackValue(call);
        SortedSetValue result = new SortedSetValue(true);
        EntryVisitor adder = (member, score) -> result.add(member, score, maxEntries, maxValue);
        source.visit(window[0], window[1], reverse, adder);
        db.set(destination, result, false);
        db.notify(KeyspaceEvents.ZSET, "zrangestore", destination);
        db.dirty(1);
        return IntegerReply.of(result.size());
    }
}
