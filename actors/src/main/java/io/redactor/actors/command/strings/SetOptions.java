package io.redactor.actors.command.strings;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;

/**
 * The options of SET ({@code NX XX GET KEEPTTL EX PX EXAT PXAT}) and GETEX ({@code EX PX EXAT PXAT PERSIST}),
 * with Redis's rules for which combinations are a syntax error.
 */
record SetOptions(int flags, byte[] expire) {
    static final int NX = 1;
    static final int XX = 1 << 1;
    static final int GET = 1 << 2;
    static final int KEEPTTL = 1 << 3;
    static final int PERSIST = 1 << 4;
    static final int EX = 1 << 5;
    static final int PX = 1 << 6;
    static final int EXAT = 1 << 7;
    static final int PXAT = 1 << 8;
    private static final int ANY_EXPIRE = EX | PX | EXAT | PXAT;

    enum Mode { SET, GETEX }

    static SetOptions parse(byte[][] args, int from, Mode mode) {
        int flags = 0;
        byte[] expire = null;
        boolean set = mode == Mode.SET;
        for (int j = from; j < args.length; j++) {
            byte[] opt = args[j];
            boolean hasNext = j < args.length - 1;
            if (set && Arguments.is(opt, "nx") && (flags & XX) == 0) {
                flags |= NX;
            } else if (set && Arguments.is(opt, "xx") && (flags & NX) == 0) {
                flags |= XX;
            } else if (set && Arguments.is(opt, "get")) {
                flags |= GET;
            } else if (set && Arguments.is(opt, "keepttl") && (flags & (PERSIST | ANY_EXPIRE)) == 0) {
                flags |= KEEPTTL;
            } else if (!set && Arguments.is(opt, "persist") && (flags & (ANY_EXPIRE | KEEPTTL)) == 0) {
                flags |= PERSIST;
            } else if (hasNext && expireOption(opt) != 0
                    && (flags & (KEEPTTL | PERSIST | (ANY_EXPIRE & ~expireOption(opt)))) == 0) {
                flags |= expireOption(opt);
                expire = args[++j];
            } else {
                throw Arguments.syntaxError();
            }
        }
        return new SetOptions(flags, expire);
    }

    private static int expireOption(byte[] opt) {
        if (Arguments.is(opt, "ex")) {
            return EX;
        }
        if (Arguments.is(opt, "px")) {
            return PX;
        }
        if (Arguments.is(opt, "exat")) {
            return EXAT;
        }
        return Arguments.is(opt, "pxat") ? PXAT : 0;
    }

    boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** The absolute expiry in unix milliseconds, validated as Redis does; call only when {@link #expire} is set. */
    long expireAtMillis(KeyCall call) {
        boolean seconds = has(EX) || has(EXAT);
        boolean relative = has(EX) || has(PX);
        return absoluteExpiry(call, expire, seconds, relative);
    }

    /** Redis's getExpireMillisecondsOrReply: positive, no overflow, relative times added to now. */
    static long absoluteExpiry(KeyCall call, byte[] value, boolean seconds, boolean relative) {
        long ms = Arguments.parseLong(value);
        if (ms <= 0 || (seconds && ms > Long.MAX_VALUE / 1000)) {
            throw new CommandError(Errors.invalidExpireTime(call.name()));
        }
        if (seconds) {
            ms *= 1000;
        }
        if (relative) {
            ms += call.now();
        }
        if (ms <= 0) {
            throw new CommandError(Errors.invalidExpireTime(call.name()));
        }
        return ms;
    }
}
