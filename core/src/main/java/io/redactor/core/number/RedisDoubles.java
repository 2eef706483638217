package io.redactor.core.number;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * Redis 7.0's {@code double} text rules: {@code string2d} for parsing, C's {@code %.Ng} (glibc)
 * and Redis's {@code d2string} for printing.
 */
public final class RedisDoubles {
    private static final double[] POWERS_OF_TEN = new double[23];
    private static final long[] LONG_POWERS = new long[19];
    /** 10^19 as an unsigned 64-bit value. */
    private static final long TEN_TO_19 = 0x8AC7230489E80000L;
    private static final MathContext[] CONTEXTS = new MathContext[41];

    private static final byte[] NAN = ascii("nan");
    private static final byte[] INF = ascii("inf");
    private static final byte[] MINUS_INF = ascii("-inf");

    static {
        double p = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = p;
            p *= 10;
        }
        LONG_POWERS[0] = 1;
        for (int i = 1; i < LONG_POWERS.length; i++) {
            LONG_POWERS[i] = LONG_POWERS[i - 1] * 10;
        }
        for (int i = 1; i < CONTEXTS.length; i++) {
            CONTEXTS[i] = new MathContext(i, RoundingMode.HALF_EVEN);
        }
    }

    private RedisDoubles() {
    }

    /**
     * Parses {@code s} as Redis 7.0's {@code string2d} (and so {@code getDoubleFromObject}, which
     * uses it): {@code strtod} syntax (optional sign, decimal with optional exponent, hexadecimal
     * such as {@code 0x1.8p3}, {@code inf} or {@code infinity} in any case), consuming the whole
     * string, no leading white space, correctly rounded. Infinities are accepted; NaN, overflow to
     * infinity and underflow to zero are not (a non-zero subnormal result is accepted).
     *
     * @throws NotANumberException ({@link NotANumberException#INSTANCE}) when Redis rejects {@code s}
     */
    public static double parseDouble(byte[] s) {
        return parseDouble(s, 0, s.length);
    }

    /** {@link #parseDouble(byte[])} on {@code s[off, off + len)}. */
    public static double parseDouble(byte[] s, int off, int len) {
        if (len == 0 || BinaryFloats.isSpace(s[off])) {
            throw NotANumberException.INSTANCE;
        }
        BinaryFloats.Scan scan = BinaryFloats.scan(s, off, len);
        double v = switch (scan.kind) {
            case BinaryFloats.INFINITE -> Double.POSITIVE_INFINITY;
            case BinaryFloats.DECIMAL, BinaryFloats.HEX -> finite(scan, Range.REJECT_OUT_OF_RANGE);
            default -> throw NotANumberException.INSTANCE;
        };
        return scan.negative ? -v : v;
    }

    /**
     * C's {@code strtod} as Redis 7.0 applies it to the bounds of a score range ({@code zslParseRange}, for
     * ZCOUNT, ZRANGEBYSCORE and friends), which is laxer than {@link #parseDouble}: the text ends at its first
     * zero byte (a C string); leading white space is skipped; a result too large or too small becomes an
     * infinity or zero instead of an error; and an empty text is 0 (strtod converts nothing and stops at the
     * end). The number must reach the end of the text, and NaN is rejected.
     *
     * @throws NotANumberException ({@link NotANumberException#INSTANCE}) when Redis rejects {@code s}
     */
    public static double parseStrtod(byte[] s, int off, int len) {
        return strtod(s, off, len, Range.ROUND);
    }

    /**
     * C's {@code strtod} as SORT checks a weight: like {@link #parseStrtod}, but a number for which glibc's
     * {@code strtod} sets ERANGE is rejected too: one too large, one too small to be anything but zero, and
     * one whose result is subnormal and not exact.
     *
     * @throws NotANumberException ({@link NotANumberException#INSTANCE}) when SORT rejects {@code s}
     */
    public static double parseStrtodWithoutRangeError(byte[] s) {
        return strtod(s, 0, s.length, Range.REJECT_RANGE_ERROR);
    }

    /** How {@link #finite} treats a number that does not fit a double, or fits only as an inexact subnormal. */
    private enum Range { ROUND, REJECT_OUT_OF_RANGE, REJECT_RANGE_ERROR }

    private static double strtod(byte[] s, int off, int len, Range range) {
        int end = off;
        while (end < off + len && s[end] != 0) {
            end++;
        }
        if (end == off) {
            return 0;
        }
        int i = off;
        while (i < end && BinaryFloats.isSpace(s[i])) {
            i++;
        }
        BinaryFloats.Scan scan = BinaryFloats.scan(s, i, end - i);
        double v;
        if (scan.kind == BinaryFloats.INFINITE) {
            v = Double.POSITIVE_INFINITY;
        } else if (scan.kind == BinaryFloats.DECIMAL || scan.kind == BinaryFloats.HEX) {
            v = finite(scan, range);
        } else {
            throw NotANumberException.INSTANCE;
        }
        return scan.negative ? -v : v;
    }

    /** The magnitude of a scanned number; {@code range} says what happens when it does not fit a double. */
    private static double finite(BinaryFloats.Scan scan, Range range) {
        if (scan.isZero()) {
            return 0;
        }
        if (scan.kind == BinaryFloats.DECIMAL && scan.digitCount <= 15) {
            long e10 = scan.exponent + scan.lastWeight;
            if (e10 >= -22 && e10 <= 22) {
                // Both operands are exact doubles, so the one rounding of * or / is the correct one.
                long m = 0;
                for (int i = scan.first; i <= scan.last; i++) {
                    if (i != scan.point) {
                        m = m * 10 + scan.digit(i);
                    }
                }
                return e10 >= 0 ? m * POWERS_OF_TEN[(int) e10] : m / POWERS_OF_TEN[(int) -e10];
            }
        }
        BinaryFloats.Rounded r = BinaryFloats.round(scan, BinaryFloats.DOUBLE);
        boolean rejected = switch (range) {
            case ROUND -> false;
            case REJECT_OUT_OF_RANGE -> r.outOfRange();
            case REJECT_RANGE_ERROR -> r.rangeError();
        };
        if (rejected) {
            throw NotANumberException.INSTANCE;
        }
        if (r.infinite()) {
            return Double.POSITIVE_INFINITY;
        }
        // The significand has at most 53 bits, so both conversions are exact.
        return Math.scalb((double) r.significand(), r.exponent());
    }

    /**
     * Exactly what glibc's {@code printf("%.<precision>g", v)} prints: the value rounded to
     * {@code precision} significant digits (0 counts as 1; ties to even, on the exact binary value),
     * in exponent form when the decimal exponent is below -4 or at least {@code precision}, without
     * trailing zeros or a trailing point, the exponent with a sign and at least two digits; and
     * {@code inf}, {@code -inf}, {@code nan} or {@code -nan} (by the sign bit) for the rest.
     */
    public static String formatG(double v, int precision) {
        if (precision < 0) {
            throw new IllegalArgumentException("negative precision " + precision);
        }
        int p = Math.max(precision, 1);
        boolean negative = Double.doubleToRawLongBits(v) < 0;
        if (Double.isNaN(v)) {
            return negative ? "-nan" : "nan";
        }
        if (Double.isInfinite(v)) {
            return negative ? "-inf" : "inf";
        }
        if (v == 0) {
            return negative ? "-0" : "0";
        }
        double a = Math.abs(v);
        if (a < 0x1p53 && a == Math.rint(a)) {
            long l = (long) a;
            if (RedisIntegers.decimalLength(l) <= p) {
                return negative ? "-" + l : Long.toString(l);
            }
        }
        if (p <= 17) {
            String s = formatFast(a, negative, p);
            if (s != null) {
                return s;
            }
        }
        return formatExact(a, negative, p);
    }

    /** {@link #formatG} by {@link BigDecimal}, for any finite {@code a > 0} and {@code p >= 1}. */
    static String formatExact(double a, boolean negative, int p) {
        MathContext context = p < CONTEXTS.length ? CONTEXTS[p] : new MathContext(p, RoundingMode.HALF_EVEN);
        // BigDecimal holds every double exactly, and glibc rounds the exact value, ties to even.
        BigDecimal rounded = new BigDecimal(a).round(context);
        String digits = rounded.unscaledValue().toString();
        return layout(negative, digits, digits.length() - 1 - rounded.scale(), p);
    }

    /**
     * {@link #formatG} in 128-bit integer arithmetic, for {@code p <= 17} and the usual magnitudes
     * (roughly 1e-6 and up); null when the value needs {@link #formatExact}. It finds the {@code p}
     * digits as {@code round(a * 10^k)}, from a guess of the decimal exponent that it corrects.
     */
    static String formatFast(double a, boolean negative, int p) {
        long bits = Double.doubleToRawLongBits(a);
        int biased = (int) (bits >>> 52);
        if (biased == 0) {
            return null;
        }
        long m = (bits & 0xfffffffffffffL) | 1L << 52;
        int e = biased - 1075;
        long low = LONG_POWERS[p - 1];
        long high = LONG_POWERS[p];
        int x = (int) Math.floor(Math.log10(a));
        for (int attempt = 0; attempt < 3; attempt++) {
            int k = p - 1 - x;
            long f;
            int cmp;
            if (k >= 0 && e >= 0) {
                // An integer of 16 or 17 digits: exact.
                if (k > 18) {
                    return null;
                }
                long n = m << e;
                long t = LONG_POWERS[k];
                if (e > 10 || Math.multiplyHigh(n, t) != 0 || n * t < 0) {
                    x++;
                    continue;
                }
                f = n * t;
                cmp = -1;
            } else if (k >= 0) {
                int s = -e;
                if (k > 22 || s > 127) {
                    return null;
                }
                // m * 10^k in 128 bits, then shifted right by s.
                long m1 = m;
                long t;
                if (k <= 18) {
                    t = LONG_POWERS[k];
                } else {
                    m1 = m * LONG_POWERS[k - 19];
                    t = TEN_TO_19;
                }
                long hi = Math.unsignedMultiplyHigh(m1, t);
                long lo = m1 * t;
                long remHi;
                long remLo;
                long halfHi;
                long halfLo;
                if (s < 64) {
                    if ((hi >>> s) != 0) {
                        x++;
                        continue;
                    }
                    f = (hi << (64 - s)) | (lo >>> s);
                    remHi = 0;
                    remLo = lo & ((1L << s) - 1);
                    halfHi = 0;
                    halfLo = 1L << (s - 1);
                } else if (s == 64) {
                    f = hi;
                    remHi = 0;
                    remLo = lo;
                    halfHi = 0;
                    halfLo = Long.MIN_VALUE;
                } else {
                    f = hi >>> (s - 64);
                    remHi = hi & ((1L << (s - 64)) - 1);
                    remLo = lo;
                    halfHi = 1L << (s - 65);
                    halfLo = 0;
                }
                cmp = remHi != halfHi ? Long.compareUnsigned(remHi, halfHi) : Long.compareUnsigned(remLo, halfLo);
            } else {
                // At least 10^p, so a = n / 2^s with at most 52 fraction bits: round(n / (10^j * 2^s)).
                int j = -k;
                if (j > 18) {
                    return null;
                }
                long d = LONG_POWERS[j];
                long n;
                if (e >= 0) {
                    if (e > 10) {
                        return null;
                    }
                    n = m << e;
                } else {
                    int s = -e;
                    if (Long.numberOfLeadingZeros(d) <= s) {
                        return null;
                    }
                    n = m;
                    d <<= s;
                }
                f = n / d;
                long r = n % d;
                cmp = Long.compare(r, d - r);
            }
            if (f < 0 || f >= high) {
                x++;
                continue;
            }
            if (f < low) {
                x--;
                continue;
            }
            if (cmp > 0 || (cmp == 0 && (f & 1) != 0)) {
                f++;
                if (f == high) {
                    f = low;
                    x++;
                }
            }
            return layout(negative, Long.toString(f), x, p);
        }
        return null;
    }

    /** Lays out {@code %g}'s text from the rounded significant digits and the decimal exponent of the first. */
    private static String layout(boolean negative, String digits, int exp10, int p) {
        int n = digits.length();
        while (n > 1 && digits.charAt(n - 1) == '0') {
            n--;
        }
        StringBuilder sb = new StringBuilder(n + 8);
        if (negative) {
            sb.append('-');
        }
        if (exp10 < -4 || exp10 >= p) {
            sb.append(digits.charAt(0));
            if (n > 1) {
                sb.append('.').append(digits, 1, n);
            }
            sb.append(exp10 < 0 ? "e-" : "e+");
            int e = Math.abs(exp10);
            if (e < 10) {
                sb.append('0');
            }
            sb.append(e);
        } else if (exp10 >= 0) {
            if (n <= exp10 + 1) {
                sb.append(digits, 0, n);
                for (int i = n; i <= exp10; i++) {
                    sb.append('0');
                }
            } else {
                sb.append(digits, 0, exp10 + 1).append('.').append(digits, exp10 + 1, n);
            }
        } else {
            sb.append("0.");
            for (int i = -1; i > exp10; i--) {
                sb.append('0');
            }
            sb.append(digits, 0, n);
        }
        return sb.toString();
    }

    /**
     * Redis 7.0's {@code d2string}, its text for sorted-set scores kept in listpacks: {@code nan},
     * {@code inf}, {@code -inf}, integral values strictly between -(2^52 - 1) and 2^52 as plain
     * integers, anything else as {@code %.17g}. A negative zero is {@code "0"}, as it goes the
     * integer way: Redis 7.0.15 stores {@code ZADD z -0 m} in a listpack as 0, and {@code ZSCORE}
     * replies "0" (but "-0" for a skiplist-encoded set, whose replies are {@code %.17g} of the
     * double: see {@link #formatG}). The result may be shared: callers must not modify it.
     */
    public static byte[] toRedisString(double v) {
        if (Double.isNaN(v)) {
            return NAN;
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? INF : MINUS_INF;
        }
        if (v > -4503599627370495.0 && v < 4503599627370496.0 && v == (double) (long) v) {
            return RedisIntegers.toBytes((long) v);
        }
        return ascii(formatG(v, 17));
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
