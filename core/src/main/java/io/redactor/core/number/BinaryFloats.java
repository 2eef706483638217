package io.redactor.core.number;

import java.math.BigInteger;

/**
 * What {@link RedisDoubles} and {@link LongDouble} share to emulate glibc's {@code strtod} and
 * {@code strtold}: the C syntax of a floating-point number, and exact round-half-even rounding of a
 * decimal or binary value to a binary format, with subnormals, overflow and underflow.
 */
final class BinaryFloats {
    /** A binary format: a finite value is {@code significand * 2^exponent}, {@code significand < 2^precision}. */
    static final class Format {
        final int precision;
        /** The exponent of subnormals; no value has a smaller one. */
        final int minExponent;
        /** The largest exponent of a finite value. */
        final int maxExponent;
        /** Every finite value is below {@code 10^maxDecimal}. */
        final int maxDecimal;
        /** Every value below {@code 10^minDecimal} rounds to zero. */
        final int minDecimal;
        /**
         * Significant digits kept exactly; any digits after them only decide "a little more than
         * what was kept". Enough to round correctly, and it bounds the work on hostile input.
         */
        final int maxDigits;

        Format(int precision, int minExponent, int maxExponent, int maxDecimal, int minDecimal, int maxDigits) {
            this.precision = precision;
            this.minExponent = minExponent;
            this.maxExponent = maxExponent;
            this.maxDecimal = maxDecimal;
            this.minDecimal = minDecimal;
            this.maxDigits = maxDigits;
        }
    }

    /** IEEE 754 binary64. Halfway points between doubles have at most 767 significant digits. */
    static final Format DOUBLE = new Format(53, -1074, 971, 309, -325, 800);

    /** The x86 80-bit extended format of C's {@code long double}; inputs are short enough to keep every digit. */
    static final Format EXTENDED = new Format(64, -16445, 16320, 4933, -4952, Integer.MAX_VALUE);

    static final int INVALID = 0;
    static final int INFINITE = 1;
    static final int DECIMAL = 2;
    static final int HEX = 3;

    /** Exponents are clamped to this; any bigger one overflows or underflows anyway. */
    private static final long EXPONENT_LIMIT = 1_000_000_000L;

    private BinaryFloats() {
    }

    /** C's {@code isspace} in the C locale, which Redis applies to the first byte. */
    static boolean isSpace(byte b) {
        return b == ' ' || (b >= '\t' && b <= '\r');
    }

    /** A number's text, split up by {@link #scan}. */
    static final class Scan {
        private byte[] s;
        int kind = INVALID;
        boolean negative;
        /** The mantissa's characters, digits and at most one point. */
        int start;
        int end;
        /** Index of the point in the mantissa, or {@code end} if none. */
        int point;
        /** The written exponent (of ten for decimals, of two for hex), clamped. */
        long exponent;

        // Filled in by significant():
        /** Index of the first and last non-zero digits; first is -1 when the mantissa is zero. */
        int first = -1;
        int last;
        /** Count of digits from first to last. */
        int digitCount;
        /** The weight (exponent of the radix) of the digit at {@code last}. */
        long lastWeight;

        boolean isZero() {
            return first < 0;
        }

        /** Locates the significant digits. */
        void significant() {
            for (int i = start; i < end; i++) {
                if (i != point && s[i] != '0') {
                    first = i;
                    break;
                }
            }
            if (first < 0) {
                return;
            }
            int i = end - 1;
            while (i == point || s[i] == '0') {
                i--;
            }
            last = i;
            digitCount = last - first + 1 - (first < point && point < last ? 1 : 0);
            lastWeight = weight(last);
        }

        /** The value of the decimal digit at index {@code i}. */
        int digit(int i) {
            return s[i] - '0';
        }

        private long weight(int i) {
            return i < point ? point - 1 - i : -(long) (i - point);
        }

        /** The significant digits as an integer, at most {@code max} of them plus a sticky one. */
        BigInteger digits(int max, int radix) {
            int n = Math.min(digitCount, max);
            StringBuilder sb = new StringBuilder(n + 1);
            int i = first;
            while (sb.length() < n) {
                if (i != point) {
                    sb.append((char) s[i]);
                }
                i++;
            }
            if (n < digitCount) {
                // Something non-zero follows, since s[last] is not zero.
                sb.append('1');
            }
            return new BigInteger(sb.toString(), radix);
        }

        /** The weight of the lowest digit of {@link #digits(int, int)}'s result. */
        long digitsWeight(int max) {
            if (digitCount <= max) {
                return lastWeight;
            }
            // max digits after first, then the sticky one.
            return weight(first) - max;
        }
    }

    /**
     * Splits {@code s[off, off + len)} the way {@code strtod} reads a number, requiring it to
     * consume everything. Leading white space is not skipped (Redis rejects it). Returns a scan
     * whose kind is {@link #INVALID} for anything else, "nan" included.
     */
    static Scan scan(byte[] s, int off, int len) {
        Scan r = new Scan();
        r.s = s;
        int i = off;
        int end = off + len;
        if (i < end && (s[i] == '+' || s[i] == '-')) {
            r.negative = s[i] == '-';
            i++;
        }
        if (matchesIgnoreCase(s, i, end, "inf")) {
            i += 3;
            if (matchesIgnoreCase(s, i, end, "inity")) {
                i += 5;
            }
            if (i == end) {
                r.kind = INFINITE;
            }
            return r;
        }
        boolean hex = false;
        if (i + 2 < end && s[i] == '0' && (s[i + 1] | 0x20) == 'x'
                && (isHexDigit(s[i + 2]) || (s[i + 2] == '.' && i + 3 < end && isHexDigit(s[i + 3])))) {
            hex = true;
            i += 2;
        }
        r.start = i;
        int digits = 0;
        int point = -1;
        for (; i < end; i++) {
            byte c = s[i];
            if (hex ? isHexDigit(c) : isDigit(c)) {
                digits++;
            } else if (c == '.' && point < 0) {
                point = i;
            } else {
                break;
            }
        }
        if (digits == 0) {
            return r;
        }
        r.end = i;
        r.point = point < 0 ? i : point;
        if (i < end && (s[i] | 0x20) == (hex ? 'p' : 'e')) {
            int j = i + 1;
            boolean negativeExponent = false;
            if (j < end && (s[j] == '+' || s[j] == '-')) {
                negativeExponent = s[j] == '-';
                j++;
            }
            if (j < end && isDigit(s[j])) {
                long e = 0;
                for (; j < end && isDigit(s[j]); j++) {
                    e = Math.min(e * 10 + (s[j] - '0'), EXPONENT_LIMIT);
                }
                r.exponent = negativeExponent ? -e : e;
                i = j;
            }
        }
        if (i != end) {
            return r;
        }
        r.kind = hex ? HEX : DECIMAL;
        r.significant();
        return r;
    }

    /** The exact rounding of a scanned {@link #DECIMAL} or {@link #HEX} number to {@code f}. */
    static Rounded round(Scan scan, Format f) {
        if (scan.isZero()) {
            return Rounded.zero(scan.negative, false);
        }
        if (scan.kind == HEX) {
            int max = f.maxDigits;
            BigInteger m = scan.digits(max, 16);
            long e2 = scan.exponent + 4 * scan.digitsWeight(max);
            long top = m.bitLength() - 1 + e2;
            if (top >= f.maxExponent + f.precision) {
                return Rounded.overflow(scan.negative);
            }
            if (top < f.minExponent - 1) {
                return Rounded.zero(scan.negative, true);
            }
            return roundBinary(f, scan.negative, m, (int) e2);
        }
        int max = f.maxDigits;
        long e10 = scan.exponent + scan.digitsWeight(max);
        int n = Math.min(scan.digitCount, max) + (scan.digitCount > max ? 1 : 0);
        if (n - 1 + e10 >= f.maxDecimal) {
            return Rounded.overflow(scan.negative);
        }
        if (n + e10 <= f.minDecimal) {
            return Rounded.zero(scan.negative, true);
        }
        BigInteger m = scan.digits(max, 10);
        if (e10 >= 0) {
            return roundRational(f, scan.negative, m.multiply(BigInteger.TEN.pow((int) e10)), BigInteger.ONE);
        }
        return roundRational(f, scan.negative, m, BigInteger.TEN.pow((int) -e10));
    }

    /**
     * A rounded value: {@code (-1)^negative * significand * 2^exponent} (significand unsigned), or
     * an infinity. {@code outOfRange} says that a non-zero value rounded to zero or a finite one to
     * infinity: {@code strtod} then sets ERANGE and Redis rejects the number (it accepts a non-zero
     * subnormal result, ERANGE or not). {@code rangeError} is when glibc's {@code strtod} sets ERANGE: out of
     * range, or an inexact result of a tiny value (tininess detected after rounding, as on x86-64: the value
     * rounded to the format's precision with an unbounded exponent is below the smallest normal number).
     */
    record Rounded(boolean infinite, boolean negative, long significand, int exponent, boolean outOfRange,
                   boolean rangeError) {
        static Rounded zero(boolean negative, boolean underflow) {
            return new Rounded(false, negative, 0, 0, underflow, underflow);
        }

        static Rounded overflow(boolean negative) {
            return new Rounded(true, negative, 0, 0, true, true);
        }
    }

    /** Rounds the exact value {@code mag * 2^exp} (mag > 0) to {@code f}. */
    static Rounded roundBinary(Format f, boolean negative, BigInteger mag, int exp) {
        long top = mag.bitLength() - 1L + exp;
        long target = Math.max(top - (f.precision - 1), f.minExponent);
        long shift = target - exp;
        BigInteger q;
        if (shift <= 0) {
            q = mag.shiftLeft((int) -shift);
        } else {
            int sh = (int) Math.min(shift, Integer.MAX_VALUE);
            q = mag.shiftRight(sh);
            boolean half = mag.testBit(sh - 1);
            boolean sticky = mag.getLowestSetBit() < sh - 1;
            if (half && (sticky || q.testBit(0))) {
                q = q.add(BigInteger.ONE);
            }
            boolean inexact = half || sticky;
            return finish(f, negative, q, target, inexact && isTiny(f, top, mag, exp, BigInteger.ONE));
        }
        return finish(f, negative, q, target, false);
    }

    /** Rounds the exact value {@code num / den} (both > 0) to {@code f}. */
    static Rounded roundRational(Format f, boolean negative, BigInteger num, BigInteger den) {
        long top = num.bitLength() - den.bitLength();
        // 2^top <= num/den holds unless num < den * 2^top; then the floor of the log is one less.
        int c = top >= 0 ? num.compareTo(den.shiftLeft((int) top)) : num.shiftLeft((int) -top).compareTo(den);
        if (c < 0) {
            top--;
        }
        long target = Math.max(top - (f.precision - 1), f.minExponent);
        BigInteger n = num;
        BigInteger d = den;
        if (target < 0) {
            n = n.shiftLeft((int) -target);
        } else {
            d = d.shiftLeft((int) target);
        }
        BigInteger[] qr = n.divideAndRemainder(d);
        BigInteger q = qr[0];
        int half = qr[1].shiftLeft(1).compareTo(d);
        if (half > 0 || (half == 0 && q.testBit(0))) {
            q = q.add(BigInteger.ONE);
        }
        boolean inexact = qr[1].signum() != 0;
        return finish(f, negative, q, target, inexact && isTiny(f, top, num, 0, den));
    }

    /**
     * Whether {@code num * 2^exp / den} (whose binary logarithm's floor is {@code top}) is tiny: below the
     * midpoint between the smallest normal number and the largest number of the format's precision under it,
     * the midpoint itself rounding (to even) up to the normal one.
     */
    private static boolean isTiny(Format f, long top, BigInteger num, int exp, BigInteger den) {
        int minNormal = f.minExponent + f.precision - 1;
        if (top >= minNormal) {
            return false;
        }
        // value < (2^(p+1) - 1) * 2^(minExponent - 2)  <=>  num * 2^(exp - minExponent + 2) < (2^(p+1) - 1) * den
        BigInteger bound = BigInteger.ONE.shiftLeft(f.precision + 1).subtract(BigInteger.ONE).multiply(den);
        long shift = (long) exp - f.minExponent + 2;
        return shift >= 0 ? num.shiftLeft((int) shift).compareTo(bound) < 0
                : num.compareTo(bound.shiftLeft((int) -shift)) < 0;
    }

    private static Rounded finish(Format f, boolean negative, BigInteger q, long exp, boolean tinyInexact) {
        if (q.bitLength() > f.precision) {
            // Rounding carried into a new bit; the low bit is zero.
            q = q.shiftRight(1);
            exp++;
        }
        if (q.signum() == 0) {
            return Rounded.zero(negative, true);
        }
        if (exp > f.maxExponent) {
            return Rounded.overflow(negative);
        }
        return new Rounded(false, negative, q.longValue(), (int) exp, false, tinyInexact);
    }

    private static boolean matchesIgnoreCase(byte[] s, int i, int end, String lower) {
        if (end - i < lower.length()) {
            return false;
        }
        for (int k = 0; k < lower.length(); k++) {
            if ((s[i + k] | 0x20) != lower.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHexDigit(byte c) {
        int l = c | 0x20;
        return (c >= '0' && c <= '9') || (l >= 'a' && l <= 'f');
    }
}
