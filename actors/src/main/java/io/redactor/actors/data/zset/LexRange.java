package io.redactor.actors.data.zset;

import java.util.Arrays;

/**
 * A member interval of ZRANGEBYLEX and friends. Bounds are member bytes, inclusive ("[a") or exclusive ("(a"),
 * or the infinities {@link #MINUS_INFINITY} ("-") and {@link #PLUS_INFINITY} ("+"), recognised by identity
 * and exclusive as in Redis.
 */
public record LexRange(byte[] min, boolean minExclusive, byte[] max, boolean maxExclusive) {
    public static final byte[] MINUS_INFINITY = new byte[0];
    public static final byte[] PLUS_INFINITY = new byte[0];

    /** Redis's sdscmplex: the infinities are below and above every member and equal only to themselves. */
    static int compare(byte[] a, byte[] b) {
        if (a == b) {
            return 0;
        }
        if (a == MINUS_INFINITY || b == PLUS_INFINITY) {
            return -1;
        }
        if (a == PLUS_INFINITY || b == MINUS_INFINITY) {
            return 1;
        }
        return Arrays.compareUnsigned(a, b);
    }

    public boolean aboveMin(byte[] member) {
        int c = compare(member, min);
        return minExclusive ? c > 0 : c >= 0;
    }

    public boolean belowMax(byte[] member) {
        int c = compare(member, max);
        return maxExclusive ? c < 0 : c <= 0;
    }

    /** Whether no member can be in range, whatever the set holds. */
    public boolean isEmpty() {
        int c = compare(min, max);
        return c > 0 || (c == 0 && (minExclusive || maxExclusive));
    }
}
