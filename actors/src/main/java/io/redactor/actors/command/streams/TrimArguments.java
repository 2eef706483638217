package io.redactor.actors.command.streams;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamValue;

/**
 * The options of XADD and XTRIM, parsed as Redis 7.0's {@code streamParseAddOrTrimArgsOrReply} does, in its order of
 * checks: {@code MAXLEN|MINID [=|~] threshold}, {@code LIMIT count}, and for XADD {@code NOMKSTREAM} and the ID that
 * ends the options. Without LIMIT, an approximate trim does at most 100 nodes' worth of entries.
 */
record TrimArguments(int idPosition, StreamIds.Requested id, boolean noMkStream, Strategy strategy,
                     int thresholdPosition, boolean approximate, long limit, long maxLength, StreamId minId) {

    enum Strategy { NONE, MAXLEN, MINID }

    private static final CommandError BOTH = new CommandError(
            Errors.err("syntax error, MAXLEN and MINID options at the same time are not compatible"));

    static TrimArguments parse(KeyCall call, boolean xadd) {
        byte[][] args = call.args();
        Strategy strategy = Strategy.NONE;
        boolean approximate = false;
        long maxLength = 0;
        StreamId minId = StreamId.MIN;
        int thresholdAt = 0;
        long limit = 0;
        boolean limitGiven = false;
        boolean noMkStream = false;
        StreamIds.Requested id = null;
        int i = 2;
        for (; i < args.length; i++) {
            int more = args.length - 1 - i;
            byte[] opt = args[i];
            if (xadd && isC(opt, "*")) {
                break;
            } else if ((Arguments.is(opt, "maxlen") || Arguments.is(opt, "minid")) && more > 0) {
                if (strategy != Strategy.NONE) {
                    throw BOTH;
                }
                approximate = false;
                if (more >= 2 && isC(args[i + 1], "~")) {
                    approximate = true;
                    i++;
                } else if (more >= 2 && isC(args[i + 1], "=")) {
                    i++;
                }
                if (Arguments.is(opt, "maxlen")) {
                    maxLength = Arguments.parseLong(args[i + 1]);
                    if (maxLength < 0) {
                        throw new CommandError(Errors.err("The MAXLEN argument must be >= 0."));
                    }
                    strategy = Strategy.MAXLEN;
                } else {
                    minId = StreamIds.strict(args[i + 1], 0);
                    strategy = Strategy.MINID;
                }
                i++;
                thresholdAt = i;
            } else if (Arguments.is(opt, "limit") && more > 0) {
                limit = Arguments.parseLong(args[i + 1]);
                if (limit < 0) {
                    throw new CommandError(Errors.err("The LIMIT argument must be >= 0."));
                }
                limitGiven = true;
                i++;
            } else if (xadd && Arguments.is(opt, "nomkstream")) {
                noMkStream = true;
            } else if (xadd) {
                id = StreamIds.forAdd(opt);
                break;
            } else {
                throw Arguments.syntaxError();
            }
        }
        if (limit != 0 && strategy == Strategy.NONE) {
            throw new CommandError(Errors.err(
                    "syntax error, LIMIT cannot be used without specifying a trimming strategy"));
        }
        if (!xadd && strategy == Strategy.NONE) {
            throw new CommandError(Errors.err("syntax error, XTRIM must be called with a trimming strategy"));
        }
        if (call.client() != null && call.client().replaysLog()) {
            // the log holds the trim's outcome: it is applied in full
            limit = 0;
        } else if (limitGiven) {
            if (!approximate) {
                throw new CommandError(Errors.err("syntax error, LIMIT cannot be used without the special ~ option"));
            }
        } else if (approximate) {
            limit = 100 * call.server().config().streamNodeMaxEntries();
            if (limit <= 0) {
                limit = 10000;
            }
            if (limit > 1000000) {
                limit = 1000000;
            }
        } else {
            limit = 0;
        }
        return new TrimArguments(i, id, noMkStream, strategy, thresholdAt, approximate, limit, maxLength, minId);
    }

    /** The trim to apply; only when there is a strategy. */
    StreamValue.Trim trim() {
        return new StreamValue.Trim(strategy == Strategy.MAXLEN, maxLength, minId, approximate, limit);
    }

    /** Whether the argument is {@code text} as a C string: those bytes, then the end or a zero byte. */
    private static boolean isC(byte[] arg, String text) {
        int n = text.length();
        if (arg.length < n || (arg.length > n && arg[n] != 0)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (arg[i] != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
