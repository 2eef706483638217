package io.redactor.actors.command.sort;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The order of Redis's sortCompare: numerically by weight with ties broken by the elements' bytes; or, with
 * ALPHA, by the BY values (a missing one first) or the elements themselves. Redis compares those strings with
 * strcoll, which this server does as the C locale does (bytes, up to the first zero byte), except when storing,
 * where it compares all the bytes.
 */
final class SortOrder implements Comparator<SortEntry> {
    private final boolean alpha;
    private final boolean byPattern;
    private final boolean binary;
    private final boolean desc;

    SortOrder(boolean alpha, boolean byPattern, boolean storing, boolean desc) {
        this.alpha = alpha;
        this.byPattern = byPattern;
        this.binary = storing;
        this.desc = desc;
    }

    @Override
    public int compare(SortEntry a, SortEntry b) {
        int cmp;
        if (!alpha) {
            // Not Double.compare: C's < and > see -0.0 and 0.0 as equal.
            cmp = a.score > b.score ? 1 : a.score < b.score ? -1 : Arrays.compareUnsigned(a.element, b.element);
        } else if (byPattern) {
            if (a.text == null || b.text == null) {
                cmp = a.text == b.text ? 0 : a.text == null ? -1 : 1;
            } else {
                cmp = strings(a.text, b.text);
            }
        } else {
            cmp = strings(a.element, b.element);
        }
        return desc ? -cmp : cmp;
    }

    private int strings(byte[] a, byte[] b) {
        return binary ? Arrays.compareUnsigned(a, b) : Arrays.compareUnsigned(a, 0, cStringLength(a), b, 0,
                cStringLength(b));
    }

    private static int cStringLength(byte[] s) {
        for (int i = 0; i < s.length; i++) {
            if (s[i] == 0) {
                return i;
            }
        }
        return s.length;
    }
}
