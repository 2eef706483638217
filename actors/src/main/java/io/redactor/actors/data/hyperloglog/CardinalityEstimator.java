package io.redactor.actors.data.hyperloglog;

import static io.redactor.actors.data.hyperloglog.HllFormat.INDEX_BITS;
import static io.redactor.actors.data.hyperloglog.HllFormat.REGISTERS;

/**
 * The cardinality a HyperLogLog's registers stand for, by the estimator Redis 7.0 uses: Otmar Ertl's "improved raw
 * estimator" from the histogram of register values (New cardinality estimation algorithms for HyperLogLog sketches,
 * arXiv:1702.01284), with its sigma and tau corrections for the registers at 0 and at the largest value. The
 * floating-point operations are done in the same order as Redis does them, so that counts are equal to its own.
 */
final class CardinalityEstimator {
    /** Histogram slots: every value a 6-bit register can hold. */
    static final int HISTOGRAM_SIZE = 64;
    /** The largest value a register gets from a hash: its 50 remaining bits all zero. */
    private static final int MAX_COUNT = 64 - INDEX_BITS + 1;
    /** 0.5 / ln(2). */
    private static final double ALPHA_INF = 0.721347520444481703680;
    private static final double TWO_TO_63 = 0x1p63;

    private CardinalityEstimator() {
    }

    static long estimate(int[] histogram) {
        double m = REGISTERS;
        double z = m * tau((m - histogram[MAX_COUNT]) / m);
        for (int j = MAX_COUNT - 1; j >= 1; j--) {
            z += histogram[j];
            z *= 0.5;
        }
        z += m * sigma(histogram[0] / m);
        double estimate = ALPHA_INF * m * m / z;
        // Redis rounds with llroundl, which answers LLONG_MIN on x86-64 for what is past a long's range.
        return estimate < TWO_TO_63 ? Math.round(estimate) : Long.MIN_VALUE;
    }

    private static double sigma(double x) {
        if (x == 1.0) {
            return Double.POSITIVE_INFINITY;
        }
        double y = 1;
        double z = x;
        double previous;
        do {
            x *= x;
            previous = z;
            z += x * y;
            y += y;
        } while (previous != z);
        return z;
    }

    private static double tau(double x) {
        if (x == 0.0 || x == 1.0) {
            return 0.0;
        }
        double y = 1.0;
        double z = 1 - x;
        double previous;
        do {
            x = Math.sqrt(x);
            previous = z;
            y *= 0.5;
            // Redis writes pow(1 - x, 2), which compilers turn into this product.
            double complement = 1 - x;
            z -= complement * complement * y;
        } while (previous != z);
        return z / 3;
    }
}
