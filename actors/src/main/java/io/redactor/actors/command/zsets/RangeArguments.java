package io.redactor.actors.command.zsets;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.data.zset.LexRange;
import io.redactor.actors.data.zset.ScoreRange;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisDoubles;

import java.util.Arrays;

/** Score and lexicographic range bounds, parsed as Redis 7.0's zslParseRange and zslParseLexRange do. */
final class RangeArguments {
    static final CommandError NOT_A_FLOAT = new CommandError(Errors.err("min or max is not a float"));
    static final CommandError NOT_A_STRING_RANGE =
            new CommandError(Errors.err("min or max not valid string range item"));

    private RangeArguments() {
    }

    /** "1.5" is inclusive, "(1.5" exclusive; numbers are read by C's strtod on the C string. */
    static ScoreRange scoreRange(byte[] min, byte[] max) {
        boolean minExclusive = min.length > 0 && min[0] == '(';
        boolean maxExclusive = max.length > 0 && max[0] == '(';
        return new ScoreRange(bound(min, minExclusive), minExclusive, bound(max, maxExclusive), maxExclusive);
    }

    private static double bound(byte[] arg, boolean exclusive) {
        int from = exclusive ? 1 : 0;
        try {
            return RedisDoubles.parseStrtod(arg, from, arg.length - from);
        } catch (NotANumberException e) {
            throw NOT_A_FLOAT;
        }
    }

    /** "[a" is inclusive, "(a" exclusive, "-" and "+" the infinities. */
    static LexRange lexRange(byte[] min, byte[] max) {
        byte[] low = lexBound(min);
        byte[] high = lexBound(max);
        return new LexRange(low, min[0] != '[', high, max[0] != '[');
    }

    private static byte[] lexBound(byte[] arg) {
        if (arg.length == 0) {
            throw NOT_A_STRING_RANGE;
        }
        switch (arg[0]) {
            case '+', '-' -> {
                // Compared as a C string: "+" must be all there is before a zero byte.
                if (arg.length > 1 && arg[1] != 0) {
                    throw NOT_A_STRING_RANGE;
                }
                return arg[0] == '+' ? LexRange.PLUS_INFINITY : LexRange.MINUS_INFINITY;
            }
            case '(', '[' -> {
                return Arrays.copyOfRange(arg, 1, arg.length);
            }
            default -> throw NOT_A_STRING_RANGE;
        }
    }
}
