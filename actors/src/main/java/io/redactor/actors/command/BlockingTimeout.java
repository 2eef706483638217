package io.redactor.actors.command;

import io.redactor.core.number.LongDouble;
import io.redactor.core.reply.ErrorReply;

/**
 * The timeout argument of the blocking commands, read as Redis 7.0 does: seconds as a long double, times 1000,
 * rounded up to whole milliseconds; 0 waits for ever. Its quirks are kept: anything too large for a 64-bit
 * count of milliseconds (and infinity) is "negative", a tiny negative value rounds up to 0.
 */
public final class BlockingTimeout {
    private static final ErrorReply NOT_A_FLOAT = Errors.err("timeout is not a float or out of range");
    private static final ErrorReply NEGATIVE = Errors.err("timeout is negative");
    private static final LongDouble THOUSAND = LongDouble.valueOf(1000);

    private BlockingTimeout() {
    }

    /** When to give up, in unix ms from {@code now}; 0 for never. */
    public static long deadline(byte[] seconds, long now) {
        LongDouble value = LongDouble.parse(seconds);
        if (value == null) {
            throw new CommandError(NOT_A_FLOAT);
        }
        long millis = value.times(THOUSAND).ceilToLong();
        if (millis < 0) {
            throw new CommandError(NEGATIVE);
        }
        if (millis == 0) {
            return 0;
        }
        long deadline = now + millis;
        // Redis's deadline wraps around here and is then never reached.
        return deadline < 0 ? 0 : deadline;
    }
}
