package io.redactor.actors.command.streams;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;

import java.util.Arrays;

/**
 * Stream IDs as commands give them, read as Redis 7.0's {@code streamGenericParseIDOrReply} reads them: the argument
 * as a C string (up to a zero byte) of at most 127 bytes, {@code -} and {@code +} for the smallest and largest IDs
 * (refused where an exact ID is needed), {@code ms-seq} or {@code ms} alone, each part read by {@code string2ull}
 * (a canonical integer, or what {@code strtoull} accepts in full: leading spaces, a sign, leading zeros).
 */
final class StreamIds {
    static final CommandError INVALID =
            new CommandError(Errors.err("Invalid stream ID specified as stream command argument"));
    private static final int MAX_LENGTH = 127;

    private StreamIds() {
    }

    /** An ID XADD was given: {@code ms-*} leaves the sequence to be chosen ({@code seqGiven} false). */
    record Requested(StreamId id, boolean seqGiven) {
    }

    /** An exact ID (no {@code -} or {@code +}); a missing sequence is {@code missingSeq}. */
    static StreamId strict(byte[] arg, long missingSeq) {
        return parse(arg, missingSeq, true, false).id();
    }

    /** An ID that may be {@code -} or {@code +}; a missing sequence is {@code missingSeq}. */
    static StreamId loose(byte[] arg, long missingSeq) {
        return parse(arg, missingSeq, false, false).id();
    }

    /** XADD's ID: exact, or {@code ms-*}. */
    static Requested forAdd(byte[] arg) {
        return parse(arg, 0, true, true);
    }

    /** The ID or null, without an error reply (XCLAIM tells IDs from options this way). */
    static StreamId strictOrNull(byte[] arg) {
        try {
            return strict(arg, 0);
        } catch (CommandError e) {
            return null;
        }
    }

    /** A range bound: {@code (} before it excludes the ID (then an exact one), else as {@link #loose}. */
    record Bound(StreamId id, boolean exclusive) {
    }

    static Bound bound(byte[] arg, long missingSeq) {
        if (arg.length > 1 && arg[0] == '(') {
            byte[] rest = Arrays.copyOfRange(arg, 1, arg.length);
            return new Bound(strict(rest, missingSeq), true);
        }
        return new Bound(loose(arg, missingSeq), false);
    }

    private static Requested parse(byte[] arg, long missingSeq, boolean strict, boolean autoSeq) {
        if (arg.length > MAX_LENGTH) {
            throw INVALID;
        }
        int end = 0;
        while (end < arg.length && arg[end] != 0) {
            end++;
        }
        if (strict && end == 1 && (arg[0] == '-' || arg[0] == '+')) {
            throw INVALID;
        }
        if (end == 1 && arg[0] == '-') {
            return new Requested(StreamId.MIN, true);
        }
        if (end == 1 && arg[0] == '+') {
            return new Requested(StreamId.MAX, true);
        }
        int dash = 0;
        while (dash < end && arg[dash] != '-') {
            dash++;
        }
        long ms = unsigned(arg, 0, dash);
        if (dash == end) {
            return new Requested(new StreamId(ms, missingSeq), true);
        }
        if (autoSeq && end - dash - 1 == 1 && arg[dash + 1] == '*') {
            return new Requested(new StreamId(ms, 0), false);
        }
        return new Requested(new StreamId(ms, unsigned(arg, dash + 1, end)), true);
    }

    /** {@code string2ull} on {@code s[from, to)}: an unsigned 64-bit number. */
    private static long unsigned(byte[] s, int from, int to) {
        try {
            long v = RedisIntegers.parseLong(s, from, to - from);
            if (v < 0) {
                throw INVALID;
            }
            return v;
        } catch (NotANumberException e) {
            return strtoull(s, from, to);
        }
    }

    /** C's {@code strtoull} in base 10, which must use up the whole string and not overflow. */
    private static long strtoull(byte[] s, int from, int to) {
        if (from == to) {
            throw INVALID;
        }
        int i = from;
        while (i < to && isSpace(s[i])) {
            i++;
        }
        boolean negative = false;
        if (i < to && (s[i] == '+' || s[i] == '-')) {
            negative = s[i] == '-';
            i++;
        }
        if (i == to || s[i] < '0' || s[i] > '9') {
            throw INVALID;
        }
        long v = 0;
        for (; i < to; i++) {
            int d = s[i] - '0';
            if (d < 0 || d > 9) {
                throw INVALID;
            }
            if (Long.compareUnsigned(v, Long.divideUnsigned(-1L, 10)) > 0) {
                throw INVALID;
            }
            long times10 = v * 10;
            if (Long.compareUnsigned(times10 + d, times10) < 0) {
                throw INVALID;
            }
            v = times10 + d;
        }
        return negative ? -v : v;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || (b >= '\t' && b <= '\r');
    }
}
