package io.redactor.actors.command.keys;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.KeyCall;
import io.redactor.core.GlobPattern;

/**
 * The MATCH and COUNT options of SSCAN, HSCAN and ZSCAN, parsed as Redis's scanGenericCommand does: pairs from
 * the fourth argument on, the last of each kind winning, COUNT at least 1, anything else a syntax error.
 *
 * @param pattern null when every member matches
 */
public record ScanOptions(long count, byte[] pattern) {

    public static ScanOptions parse(KeyCall call) {
        long count = 10;
        byte[] pattern = null;
        for (int i = 3; i < call.argc(); i += 2) {
            byte[] option = call.arg(i);
            boolean hasValue = i + 1 < call.argc();
            if (Arguments.is(option, "count") && hasValue) {
                count = Arguments.parseLong(call.arg(i + 1));
                if (count < 1) {
                    throw Arguments.syntaxError();
                }
            } else if (Arguments.is(option, "match") && hasValue) {
                pattern = GlobPattern.matchesEverything(call.arg(i + 1)) ? null : call.arg(i + 1);
            } else {
                throw Arguments.syntaxError();
            }
        }
        return new ScanOptions(count, pattern);
    }

    public boolean matches(byte[] member) {
        return pattern == null || GlobPattern.matches(pattern, member, false);
    }

    /** How many buckets a scan may visit looking for {@code count} members: ten times as many, as Redis. */
    public long bucketBudget() {
        return count > Long.MAX_VALUE / 10 ? Long.MAX_VALUE : count * 10;
    }
}
