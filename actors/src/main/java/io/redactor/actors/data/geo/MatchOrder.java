package io.redactor.actors.data.geo;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Orders search results by distance as Redis does, including among equal distances. Sorting them all, Redis
 * calls the C library's qsort, which in glibc is a merge sort and keeps equal elements in the order found: a
 * stable sort does the same. Wanting only the first {@code n} of more (COUNT without ANY), Redis calls its
 * pqsort, Bentley and McIlroy's three-way quicksort that only recurses into parts overlapping the wanted
 * range, which leaves equal elements in an order of its own: {@link #partialSort} follows it step by step.
 */
public final class MatchOrder {
    private static final Comparator<GeoMatch> ASCENDING = (a, b) ->
            a.distance() > b.distance() ? 1 : a.distance() == b.distance() ? 0 : -1;
    private static final Comparator<GeoMatch> DESCENDING = (a, b) -> -ASCENDING.compare(a, b);
    private static final int INSERTION_SORT_BELOW = 7;
    private static final int NINTHER_ABOVE = 40;

    private MatchOrder() {
    }

    /** Sorts {@code matches} in place so that its first {@code wanted} elements are Redis's reply. */
    public static void sort(GeoMatch[] matches, boolean descending, int wanted) {
        Comparator<GeoMatch> order = descending ? DESCENDING : ASCENDING;
        if (wanted >= matches.length) {
            Arrays.sort(matches, order);
        } else if (wanted > 0) {
            partialSort(matches, 0, matches.length, order, 0, wanted - 1);
        }
    }

    /**
     * Sorts enough of {@code a[from, from + n)} that the elements of ranks {@code first} to {@code last} (indexes
     * into {@code a}) are in place.
     */
    static <T> void partialSort(T[] a, int from, int n, Comparator<? super T> order, int first, int last) {
        while (true) {
            if (n < INSERTION_SORT_BELOW) {
                for (int m = from + 1; m < from + n; m++) {
                    for (int l = m; l > from && order.compare(a[l - 1], a[l]) > 0; l--) {
                        swap(a, l, l - 1);
                    }
                }
                return;
            }
            int pivot = from + n / 2;
            if (n > INSERTION_SORT_BELOW) {
                int lo = from;
                int hi = from + n - 1;
                if (n > NINTHER_ABOVE) {
                    int d = n / 8;
                    lo = medianOfThree(a, lo, lo + d, lo + 2 * d, order);
                    pivot = medianOfThree(a, pivot - d, pivot, pivot + d, order);
                    hi = medianOfThree(a, hi - 2 * d, hi - d, hi, order);
                }
                pivot = medianOfThree(a, lo, pivot, hi, order);
            }
            swap(a, from, pivot);
            // Invariant: [from, pa) and (pd, end) equal the pivot, [pa, pb) below it, (pc, pd] above it.
            int pa = from + 1;
            int pb = pa;
            int pc = from + n - 1;
            int pd = pc;
            while (true) {
                int c;
                while (pb <= pc && (c = order.compare(a[pb], a[from])) <= 0) {
                    if (c == 0) {
                        swap(a, pa++, pb);
                    }
                    pb++;
                }
                while (pb <= pc && (c = order.compare(a[pc], a[from])) >= 0) {
                    if (c == 0) {
                        swap(a, pc, pd--);
                    }
                    pc--;
                }
                if (pb > pc) {
                    break;
                }
                swap(a, pb++, pc--);
            }
            int end = from + n;
            int r = Math.min(pa - from, pb - pa);
            swapBlocks(a, from, pb - r, r);
            r = Math.min(pd - pc, end - pd - 1);
            swapBlocks(a, pb, end - r, r);
            int below = pb - pa;
            if (below > 1 && overlaps(from, below, first, last)) {
                partialSort(a, from, below, order, first, last);
            }
            int above = pd - pc;
            if (above <= 1 || !overlaps(end - above, above, first, last)) {
                return;
            }
            from = end - above;
            n = above;
        }
    }

    private static boolean overlaps(int from, int n, int first, int last) {
        return !((first < from && last < from) || (first >= from + n && last >= from + n));
    }

    private static <T> int medianOfThree(T[] a, int i, int j, int k, Comparator<? super T> order) {
        if (order.compare(a[i], a[j]) < 0) {
            return order.compare(a[j], a[k]) < 0 ? j : order.compare(a[i], a[k]) < 0 ? k : i;
        }
        return order.compare(a[j], a[k]) > 0 ? j : order.compare(a[i], a[k]) < 0 ? i : k;
    }

    private static <T> void swap(T[] a, int i, int j) {
        T t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    private static <T> void swapBlocks(T[] a, int i, int j, int n) {
        for (int k = 0; k < n; k++) {
            swap(a, i + k, j + k);
        }
    }
}
