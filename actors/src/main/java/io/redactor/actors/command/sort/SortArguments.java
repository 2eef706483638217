package io.redactor.actors.command.sort;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;

import java.util.ArrayList;
import java.util.List;

/**
 * SORT's and SORT_RO's options, parsed as Redis 7.0 does: left to right, the last ASC/DESC, LIMIT, BY and STORE
 * win, GET patterns accumulate. A BY pattern without '*' means "do not sort", and that stays so even if a later
 * BY has a '*'.
 *
 * @param by           the BY pattern, null when absent
 * @param dontSort     a BY pattern without '*' was given
 * @param limitStart   LIMIT's offset (0 by default)
 * @param limitCount   LIMIT's count (-1, all, by default)
 * @param store        the STORE destination, null when absent
 */
record SortArguments(byte[] key, byte[] by, boolean dontSort, List<byte[]> gets, long limitStart, long limitCount,
                     boolean desc, boolean alpha, byte[] store) {

    /**
     * {@code mayReadAnyKey}: whether the client's user may read every key (BY and GET patterns read keys named by the
     * elements, which its ACL key patterns cannot check one by one).
     */
    static SortArguments parse(byte[][] args, boolean readOnly, boolean mayReadAnyKey) {
        byte[] by = null;
        boolean dontSort = false;
        List<byte[]> gets = new ArrayList<>();
        long limitStart = 0;
        long limitCount = -1;
        boolean desc = false;
        boolean alpha = false;
        byte[] store = null;
        for (int j = 2; j < args.length; j++) {
            int left = args.length - j - 1;
            byte[] arg = args[j];
            if (Arguments.is(arg, "asc")) {
                desc = false;
            } else if (Arguments.is(arg, "desc")) {
                desc = true;
            } else if (Arguments.is(arg, "alpha")) {
                alpha = true;
            } else if (Arguments.is(arg, "limit") && left >= 2) {
                limitStart = Arguments.parseLong(args[j + 1]);
                limitCount = Arguments.parseLong(args[j + 2]);
                j += 2;
            } else if (!readOnly && Arguments.is(arg, "store") && left >= 1) {
                store = args[++j];
            } else if (Arguments.is(arg, "by") && left >= 1) {
                by = args[++j];
                dontSort |= !SortPattern.hasWildcard(by);
                if (SortPattern.hasWildcard(by) && !mayReadAnyKey) {
                    throw new CommandError(Errors.err("BY option of SORT denied due to insufficient ACL permissions."));
                }
            } else if (Arguments.is(arg, "get") && left >= 1) {
                if (!mayReadAnyKey) {
                    throw new CommandError(Errors.err("GET option of SORT denied due to insufficient ACL permissions."));
                }
                gets.add(args[++j]);
            } else {
                throw Arguments.syntaxError();
            }
        }
        return new SortArguments(args[1], by, dontSort, List.copyOf(gets), limitStart, limitCount, desc, alpha,
                store);
    }

    /**
     * Where SORT's keys are, as Redis's sortGetKeys finds them: the sorted key, and the destination of the last
     * STORE. LIMIT skips two arguments and BY and GET one, so their values are never taken for STORE.
     */
    static int[] keyPositions(byte[][] args) {
        int store = -1;
        for (int i = 2; i < args.length; i++) {
            if (Arguments.is(args[i], "limit")) {
                i += 2;
            } else if (Arguments.is(args[i], "get") || Arguments.is(args[i], "by")) {
                i += 1;
            } else if (Arguments.is(args[i], "store") && i + 1 < args.length) {
                store = i + 1;
            }
        }
        return store < 0 ? new int[] {1} : new int[] {1, store};
    }

    /**
     * Whether the command may read keys named by its elements (a BY or GET pattern with '*'): then it cannot be
     * routed to the partitions of its keys and needs the whole keyspace.
     */
    static boolean readsPatternKeys(byte[][] args) {
        for (int i = 2; i + 1 < args.length; i++) {
            if ((Arguments.is(args[i], "by") || Arguments.is(args[i], "get")) && SortPattern.hasWildcard(args[i + 1])) {
                return true;
            }
        }
        return false;
    }
}
