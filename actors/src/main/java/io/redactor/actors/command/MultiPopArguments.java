package io.redactor.actors.command;

import io.redactor.core.reply.ErrorReply;

import java.util.Arrays;
import java.util.List;

/**
 * The arguments LMPOP, BLMPOP, ZMPOP and BZMPOP share from numkeys on: {@code numkeys key [key ...] END
 * [COUNT count]}, where END names one of the two ends (LEFT|RIGHT, MIN|MAX). The count is 1 when absent.
 */
public record MultiPopArguments(List<byte[]> keys, boolean firstEnd, long count) {
    private static final ErrorReply NUMKEYS_NOT_POSITIVE = Errors.err("numkeys should be greater than 0");
    private static final ErrorReply COUNT_NOT_POSITIVE = Errors.err("count should be greater than 0");

    /** Parses {@code args} with numkeys at {@code numkeysIndex}; {@code firstEnd} is true for {@code first}. */
    public static MultiPopArguments parse(byte[][] args, int numkeysIndex, String first, String second) {
        long numkeys = positive(args[numkeysIndex], NUMKEYS_NOT_POSITIVE);
        if (numkeys >= args.length - numkeysIndex - 1) {
            throw Arguments.syntaxError();
        }
        int endIndex = numkeysIndex + 1 + (int) numkeys;
        boolean firstEnd;
        if (Arguments.is(args[endIndex], first)) {
            firstEnd = true;
        } else if (Arguments.is(args[endIndex], second)) {
            firstEnd = false;
        } else {
            throw Arguments.syntaxError();
        }
        long count = -1;
        for (int i = endIndex + 1; i < args.length; i++) {
            if (count == -1 && Arguments.is(args[i], "count") && i + 1 < args.length) {
                count = positive(args[++i], COUNT_NOT_POSITIVE);
            } else {
                throw Arguments.syntaxError();
            }
        }
        List<byte[]> keys = Arrays.asList(args).subList(numkeysIndex + 1, endIndex);
        return new MultiPopArguments(keys, firstEnd, count == -1 ? 1 : count);
    }

    private static long positive(byte[] arg, ErrorReply error) {
        long value = Arguments.parseLong(arg, error);
        if (value < 1) {
            throw new CommandError(error);
        }
        return value;
    }
}
