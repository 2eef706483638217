package io.redactor.actors.command.zsets;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisDoubles;
import io.redactor.core.reply.DoubleReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

/**
 * ZADD and ZINCRBY, which is ZADD with INCR (Redis's zaddGenericCommand and zsetAdd); GEOADD adds its members
 * through {@link #addScores}, as Redis's GEOADD calls ZADD.
 */
public final class AddCommands {
    public static final int NX = 1;
    public static final int XX = 1 << 1;
    private static final int GT = 1 << 2;
    private static final int LT = 1 << 3;
    private static final int INCR = 1 << 4;
    public static final int CH = 1 << 5;

    static final ErrorReply NAN_SCORE = Errors.err("resulting score is not a number (NaN)");
    private static final ErrorReply NX_AND_XX = Errors.err("XX and NX options at the same time are not compatible");
    private static final ErrorReply GT_LT_NX =
            Errors.err("GT, LT, and/or NX options at the same time are not compatible");
    private static final ErrorReply INCR_PAIRS = Errors.err("INCR option supports a single increment-element pair");
    private static final CommandError NOT_A_FLOAT = new CommandError(Errors.NOT_FLOAT);

    private AddCommands() {
    }

    static Reply zadd(KeyCall call) {
        return add(call, 0);
    }

    /** ZINCRBY key increment member: its arguments go through ZADD's option parsing too, as in Redis. */
    static Reply zincrby(KeyCall call) {
        return add(call, INCR);
    }

    private static Reply add(KeyCall call, int initialFlags) {
        int flags = initialFlags;
        int scoreIndex = 2;
        for (; scoreIndex < call.argc(); scoreIndex++) {
            int flag = option(call.arg(scoreIndex));
            if (flag == 0) {
                break;
            }
            flags |= flag;
        }
        int pairs = call.argc() - scoreIndex;
        if (pairs == 0 || pairs % 2 != 0) {
            return Errors.SYNTAX;
        }
        pairs /= 2;
        if (has(flags, NX) && has(flags, XX)) {
            return NX_AND_XX;
        }
        if ((has(flags, GT) && has(flags, NX)) || (has(flags, LT) && has(flags, NX))
                || (has(flags, GT) && has(flags, LT))) {
            return GT_LT_NX;
        }
        boolean incr = has(flags, INCR);
        if (incr && pairs > 1) {
            return INCR_PAIRS;
        }
        double[] scores = new double[pairs];
        for (int j = 0; j < pairs; j++) {
            scores[j] = parseScore(call.arg(scoreIndex + 2 * j));
        }
        return addScores(call, flags, scores, scoreIndex + 1, 2);
    }

    /**
     * Adds or updates the members at arguments {@code firstMember + stride * j} with {@code scores[j]}, the
     * options in {@code flags} (checked for conflicts already), and replies as ZADD does.
     */
    public static Reply addScores(KeyCall call, int flags, double[] scores, int firstMember, int stride) {
        boolean incr = has(flags, INCR);
        int pairs = scores.length;
        Db db = call.db();
        byte[] key = call.arg(1);
        SortedSetValue set = SortedSets.write(db, key);
        if (set == null) {
            if (has(flags, XX)) {
                return incr ? NullReply.NULL_BULK : IntegerReply.ZERO;
            }
            set = SortedSetValue.forFirstMember(call.arg(firstMember), SortedSets.maxListpackEntries(call),
                    SortedSets.maxListpackValue(call));
            db.add(key, set);
        }
        long maxEntries = SortedSets.maxListpackEntries(call);
        long maxValue = SortedSets.maxListpackValue(call);
        int added = 0;
        int updated = 0;
        int processed = 0;
        double result = 0;
        Reply error = null;
        for (int j = 0; j < pairs; j++) {
            byte[] member = call.arg(firstMember + stride * j);
            double score = scores[j];
            double current = set.score(member);
            if (!Double.isNaN(current)) {
                if (has(flags, NX)) {
                    continue;
                }
                if (incr) {
                    score += current;
                    if (Double.isNaN(score)) {
                        error = NAN_SCORE;
                        break;
                    }
                }
                if ((has(flags, LT) && score >= current) || (has(flags, GT) && score <= current)) {
                    continue;
                }
                if (score != current) {
                    set.updateScore(member, current, score);
                    updated++;
                }
            } else if (!has(flags, XX)) {
                set.add(member, score, maxEntries, maxValue);
                added++;
            } else {
                continue;
            }
            processed++;
            result = score;
        }
        if (added > 0 || updated > 0) {
            db.changed(key, KeyspaceEvents.ZSET, incr ? "zincr" : "zadd", added + updated);
        }
        if (error != null) {
            return error;
        }
        if (incr) {
            return processed > 0 ? new DoubleReply(result) : NullReply.NULL_BULK;
        }
        return IntegerReply.of(has(flags, CH) ? added + updated : added);
    }

    private static int option(byte[] arg) {
        if (Arguments.is(arg, "nx")) {
            return NX;
        }
        if (Arguments.is(arg, "xx")) {
            return XX;
        }
        if (Arguments.is(arg, "ch")) {
            return CH;
        }
        if (Arguments.is(arg, "incr")) {
            return INCR;
        }
        if (Arguments.is(arg, "gt")) {
            return GT;
        }
        if (Arguments.is(arg, "lt")) {
            return LT;
        }
        return 0;
    }

    /** A score or increment: Redis's getDoubleFromObject (string2d), which refuses NaN and overflow. */
    static double parseScore(byte[] arg) {
        try {
            return RedisDoubles.parseDouble(arg);
        } catch (NotANumberException e) {
            throw NOT_A_FLOAT;
        }
    }

    private static boolean has(int flags, int flag) {
        return (flags & flag) != 0;
    }
}
