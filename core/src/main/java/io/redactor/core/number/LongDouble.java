package io.redactor.core.number;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * An immutable x86-64 80-bit {@code long double} (64-bit significand, 15-bit exponent, subnormals,
 * round-half-even), the type Redis 7.0's {@code INCRBYFLOAT} and {@code HINCRBYFLOAT} compute in.
 * Only what those commands need is here: parsing as Redis's {@code string2ld}, addition, and
 * formatting as Redis's {@code ld2string(..., LD_STR_HUMAN)}.
 *
 * <p>A finite value is held exactly as {@code (-1)^negative * significand * 2^exponent}, with the
 * significand an unsigned 64-bit integer. Values are rare enough (one per command) that the
 * arithmetic uses {@link BigInteger} freely.
 */
public final class LongDouble {
    /** Redis's MAX_LONG_DOUBLE_CHARS: its buffer for parsing and printing these values. */
    static final int MAX_CHARS = 5 * 1024;

    private static final byte FINITE = 0;
    private static final byte INFINITE = 1;
    private static final byte NAN = 2;

    /** Digits after the point in {@code %.17Lf}. */
    private static final int FRACTION_DIGITS = 17;
    private static final BigInteger FRACTION_SCALE = BigInteger.TEN.pow(FRACTION_DIGITS);

    public static final LongDouble ZERO = new LongDouble(FINITE, false, 0, 0);
    public static final LongDouble POSITIVE_INFINITY = new LongDouble(INFINITE, false, 0, 0);
    public static final LongDouble NEGATIVE_INFINITY = new LongDouble(INFINITE, true, 0, 0);
    /** The x87 "real indefinite" that an invalid operation such as {@code inf + -inf} produces; its sign bit is set. */
    private static final LongDouble DEFAULT_NAN = new LongDouble(NAN, true, 0, 0);
    private static final LongDouble NEGATIVE_ZERO = new LongDouble(FINITE, true, 0, 0);

    private final byte kind;
    private final boolean negative;
    /** Unsigned; zero for zeros, infinities and NaN. */
    private final long significand;
    private final int exponent;

    private LongDouble(byte kind, boolean negative, long significand, int exponent) {
        this.kind = kind;
        this.negative = negative;
        this.significand = significand;
        this.exponent = exponent;
    }

    /** The exact value of {@code v}: every {@code long} fits in 64 significand bits. */
    public static LongDouble valueOf(long v) {
        if (v == 0) {
            return ZERO;
        }
        // Normalized as parsing would leave it; -Long.MIN_VALUE is 2^63 as an unsigned value.
        long magnitude = v < 0 ? -v : v;
        int shift = Long.numberOfLeadingZeros(magnitude);
        return new LongDouble(FINITE, v < 0, magnitude << shift, -shift);
    }

    /** The exact value of {@code v}, as C converts a double to a long double (GEOPOS prints coordinates so). */
    public static LongDouble valueOf(double v) {
        if (Double.isNaN(v)) {
            return DEFAULT_NAN;
        }
        boolean negative = Double.doubleToRawLongBits(v) < 0;
        if (Double.isInfinite(v)) {
            return negative ? NEGATIVE_INFINITY : POSITIVE_INFINITY;
        }
        if (v == 0) {
            return negative ? NEGATIVE_ZERO : ZERO;
        }
        long bits = Double.doubleToRawLongBits(v);
        int biased = (int) ((bits >>> 52) & 0x7ff);
        long fraction = bits & 0xfffffffffffffL;
        // v = m * 2^(e), m an integer of up to 53 bits; subnormals have no implicit bit.
        long m = biased == 0 ? fraction : fraction | (1L << 52);
        int e = (biased == 0 ? 1 : biased) - 1075;
        int shift = Long.numberOfLeadingZeros(m);
        return new LongDouble(FINITE, negative, m << shift, e - shift);
    }

    /**
     * Parses {@code s} as Redis 7.0's {@code string2ld}: {@code strtold} syntax (optional sign,
     * decimal with optional exponent, hexadecimal such as {@code 0x1.8p3}, {@code inf} or
     * {@code infinity} in any case), consuming the whole string, no leading white space, shorter
     * than 5120 bytes, correctly rounded. A value that overflows to infinity or that underflows to
     * zero is rejected, as is NaN; a written infinity is accepted (adding to it then fails).
     *
     * @return the value, or null when Redis rejects {@code s}
     */
    public static LongDouble parse(byte[] s) {
        return parse(s, 0, s.length);
    }

    /** {@link #parse(byte[])} on {@code s[off, off + len)}. */
    public static LongDouble parse(byte[] s, int off, int len) {
        if (len == 0 || len >= MAX_CHARS || BinaryFloats.isSpace(s[off])) {
            return null;
        }
        BinaryFloats.Scan scan = BinaryFloats.scan(s, off, len);
        return switch (scan.kind) {
            case BinaryFloats.INFINITE -> scan.negative ? NEGATIVE_INFINITY : POSITIVE_INFINITY;
            case BinaryFloats.DECIMAL, BinaryFloats.HEX -> {
                BinaryFloats.Rounded r = BinaryFloats.round(scan, BinaryFloats.EXTENDED);
                yield r.outOfRange() ? null : of(r);
            }
            default -> null;
        };
    }

    private static LongDouble of(BinaryFloats.Rounded r) {
        if (r.infinite()) {
            return r.negative() ? NEGATIVE_INFINITY : POSITIVE_INFINITY;
        }
        if (r.significand() == 0) {
            return r.negative() ? NEGATIVE_ZERO : ZERO;
        }
        return new LongDouble(FINITE, r.negative(), r.significand(), r.exponent());
    }

    /** {@code this + o}, rounded to nearest-even as the x87 does, overflowing to an infinity. */
    public LongDouble add(LongDouble o) {
        if (kind == NAN || o.kind == NAN) {
            return kind == NAN ? this : o;
        }
        if (kind == INFINITE || o.kind == INFINITE) {
            if (kind == INFINITE && o.kind == INFINITE && negative != o.negative) {
                return DEFAULT_NAN;
            }
            return kind == INFINITE ? this : o;
        }
        if (significand == 0 && o.significand == 0) {
            return negative && o.negative ? NEGATIVE_ZERO : ZERO;
        }
        if (significand == 0) {
            return o;
        }
        if (o.significand == 0) {
            return this;
        }
        int e = Math.min(exponent, o.exponent);
        BigInteger a = signed().shiftLeft(exponent - e);
        BigInteger b = o.signed().shiftLeft(o.exponent - e);
        BigInteger sum = a.add(b);
        if (sum.signum() == 0) {
            // x + (-x) is +0 when rounding to nearest.
            return ZERO;
        }
        return of(BinaryFloats.roundBinary(BinaryFloats.EXTENDED, sum.signum() < 0, sum.abs(), e));
    }

    /** {@code this * o}, rounded to nearest-even as the x87 does, overflowing to an infinity. */
    public LongDouble times(LongDouble o) {
        if (kind == NAN || o.kind == NAN) {
            return kind == NAN ? this : o;
        }
        boolean sign = negative != o.negative;
        if (kind == INFINITE || o.kind == INFINITE) {
            if (significand == 0 && kind == FINITE || o.significand == 0 && o.kind == FINITE) {
                return DEFAULT_NAN;
            }
            return sign ? NEGATIVE_INFINITY : POSITIVE_INFINITY;
        }
        if (significand == 0 || o.significand == 0) {
            return sign ? NEGATIVE_ZERO : ZERO;
        }
        BigInteger product = unsignedSignificand().multiply(o.unsignedSignificand());
        return of(BinaryFloats.roundBinary(BinaryFloats.EXTENDED, sign, product, exponent + o.exponent));
    }

    /**
     * C's {@code (long long) ceill(x)} on x86-64: the smallest integer not below the value, and {@code
     * Long.MIN_VALUE} (the "integer indefinite") when that does not fit, for infinities and NaN.
     */
    public long ceilToLong() {
        if (kind != FINITE) {
            return Long.MIN_VALUE;
        }
        if (significand == 0) {
            return 0;
        }
        BigInteger magnitude = unsignedSignificand();
        BigInteger integer;
        if (exponent >= 0) {
            integer = magnitude.shiftLeft(exponent);
        } else {
            integer = magnitude.shiftRight(-exponent);
            boolean fraction = magnitude.getLowestSetBit() < -exponent;
            if (fraction && !negative) {
                integer = integer.add(BigInteger.ONE);
            }
        }
        if (negative) {
            integer = integer.negate();
        }
        return integer.bitLength() < 64 ? integer.longValue() : Long.MIN_VALUE;
    }

    private BigInteger unsignedSignificand() {
        BigInteger m = BigInteger.valueOf(significand & Long.MAX_VALUE);
        return significand < 0 ? m.setBit(63) : m;
    }

    private BigInteger signed() {
        BigInteger m = unsignedSignificand();
        return negative ? m.negate() : m;
    }

    /** False for infinities and NaN, on which {@code INCRBYFLOAT} replies "increment would produce NaN or Infinity". */
    public boolean isFinite() {
        return kind == FINITE;
    }

    /**
     * The text Redis 7.0's {@code ld2string(..., LD_STR_HUMAN)} makes: {@code %.17Lf} (exactly
     * rounded, ties to even), then trailing zeros and a trailing point removed, and {@code "-0"}
     * (a negative zero, or a negative value that rounds to zero) written {@code "0"}. Infinities are
     * {@code "inf"} and {@code "-inf"}, NaN is glibc's {@code "nan"} or {@code "-nan"}.
     *
     * <p>Redis gives up (and stores an empty string) when the text would not fit its 5120-byte
     * buffer, but that cannot happen: the largest finite value has 4933 integer digits.
     */
    public byte[] toHumanString() {
        if (kind == INFINITE) {
            return ascii(negative ? "-inf" : "inf");
        }
        if (kind == NAN) {
            return ascii(negative ? "-nan" : "nan");
        }
        BigInteger integer;
        long fraction;
        if (exponent >= 0) {
            integer = unsignedSignificand().shiftLeft(exponent);
            fraction = 0;
        } else if (significand == 0 || 64 + exponent < -60) {
            // Below 2^-60, far below half of 10^-17.
            integer = BigInteger.ZERO;
            fraction = 0;
        } else {
            // round(value * 10^17) with ties to even, which is what glibc's printf does.
            BigInteger scaled = unsignedSignificand().multiply(FRACTION_SCALE);
            int shift = -exponent;
            BigInteger q = scaled.shiftRight(shift);
            if (scaled.testBit(shift - 1) && (q.testBit(0) || scaled.getLowestSetBit() < shift - 1)) {
                q = q.add(BigInteger.ONE);
            }
            BigInteger[] parts = q.divideAndRemainder(FRACTION_SCALE);
            integer = parts[0];
            fraction = parts[1].longValue();
        }
        if (integer.signum() == 0 && fraction == 0) {
            return ascii("0");
        }
        StringBuilder sb = new StringBuilder();
        if (negative) {
            sb.append('-');
        }
        sb.append(integer);
        if (fraction != 0) {
            String digits = Long.toString(fraction);
            sb.append('.');
            for (int i = digits.length(); i < FRACTION_DIGITS; i++) {
                sb.append('0');
            }
            int end = digits.length();
            while (digits.charAt(end - 1) == '0') {
                end--;
            }
            sb.append(digits, 0, end);
        }
        return ascii(sb.toString());
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LongDouble d && kind == d.kind && negative == d.negative
                && significand == d.significand && exponent == d.exponent;
    }

    @Override
    public int hashCode() {
        return ((kind * 31 + Boolean.hashCode(negative)) * 31 + Long.hashCode(significand)) * 31 + exponent;
    }

    /** For debugging: the exact value in binary, e.g. {@code 0x8000000000000000p-63} for 1. */
    @Override
    public String toString() {
        if (kind == INFINITE) {
            return negative ? "-inf" : "inf";
        }
        if (kind == NAN) {
            return negative ? "-nan" : "nan";
        }
        return (negative ? "-0x" : "0x") + Long.toHexString(significand) + "p" + exponent;
    }
}
