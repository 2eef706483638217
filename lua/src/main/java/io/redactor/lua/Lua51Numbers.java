package io.redactor.lua;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as Lua 5.1 (and so Redis scripts) turns them into text and back: {@code %.14g} for every
 * number-to-string conversion, C {@code strtod}/{@code strtoul} rules for string-to-number.
 */
public final class Lua51Numbers {
    /** The NaN x86 arithmetic produces (sign bit set): C Lua prints it as {@code -nan}. */
    public static final double DEFAULT_NAN = Double.longBitsToDouble(0xfff8000000000000L);
    private static final double TWO_POW_63 = 9.223372036854775808E18;

    private Lua51Numbers() {
    }

    /** Lua 5.1's {@code tostring} of a number: {@code %.14g}. */
    public static String toString(double d) {
        if (d == (long) d && Math.abs(d) < 1e14) {
            if (d == 0 && Double.doubleToRawLongBits(d) != 0) {
                return "-0";
            }
            return Long.toString((long) d);
        }
        return formatG(d, 14, false, false);
    }

    /** C {@code %.<precision>g} (alternate form keeps trailing zeros). */
    public static String formatG(double d, int precision, boolean alternate, boolean upper) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return special(d, upper);
        }
        int p = precision == 0 ? 1 : precision;
        if (d == 0) {
            String zero = Double.doubleToRawLongBits(d) != 0 ? "-0" : "0";
            if (alternate && p > 1) {
                return zero + "." + "0".repeat(p - 1);
            }
            return zero;
        }
        BigDecimal rounded = new BigDecimal(d).round(new MathContext(p, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        String text;
        if (exponent < -4 || exponent >= p) {
            text = formatE(d, p - 1, alternate, upper);
            if (!alternate) {
                int e = text.indexOf(upper ? 'E' : 'e');
                text = stripZeros(text.substring(0, e)) + text.substring(e);
            }
        } else {
            text = formatF(d, p - 1 - exponent, alternate);
            if (!alternate) {
                text = stripZeros(text);
            }
        }
        return text;
    }

    /** C {@code %.<precision>e}. */
    public static String formatE(double d, int precision, boolean alternate, boolean upper) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return special(d, upper);
        }
        boolean negative = d < 0 || (d == 0 && Double.doubleToRawLongBits(d) != 0);
        String digits;
        int exponent;
        if (d == 0) {
            digits = "0".repeat(precision + 1);
            exponent = 0;
        } else {
            BigDecimal rounded = new BigDecimal(Math.abs(d)).round(new MathContext(precision + 1, RoundingMode.HALF_EVEN));
            exponent = rounded.precision() - rounded.scale() - 1;
            digits = rounded.unscaledValue().toString();
            if (digits.length() < precision + 1) {
                digits = digits + "0".repeat(precision + 1 - digits.length());
            } else if (digits.length() > precision + 1) {
                digits = digits.substring(0, precision + 1);
            }
        }
        StringBuilder sb = new StringBuilder();
        if (negative) {
            sb.append('-');
        }
        sb.append(digits.charAt(0));
        if (precision > 0 || alternate) {
            sb.append('.');
        }
        sb.append(digits, 1, digits.length());
        sb.append(upper ? 'E' : 'e').append(exponent < 0 ? '-' : '+');
        int abs = Math.abs(exponent);
        if (abs < 10) {
            sb.append('0');
        }
        sb.append(abs);
        return sb.toString();
    }

    /** C {@code %.<precision>f}. */
    public static String formatF(double d, int precision, boolean alternate) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return special(d, false);
        }
        boolean negative = d < 0 || (d == 0 && Double.doubleToRawLongBits(d) != 0);
        String text = new BigDecimal(Math.abs(d)).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
        if (alternate && precision == 0) {
            text = text + ".";
        }
        return negative ? "-" + text : text;
    }

    private static String special(double d, boolean upper) {
        String s;
        if (Double.isNaN(d)) {
            s = Double.doubleToRawLongBits(d) < 0 ? "-nan" : "nan";
        } else {
            s = d > 0 ? "inf" : "-inf";
        }
        return upper ? s.toUpperCase() : s;
    }

    private static String stripZeros(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    /**
     * Lua 5.1's string-to-number conversion ({@code luaO_str2d}): C {@code strtod} over the whole string
     * (leading and trailing white space allowed, hexadecimal accepted), or {@code null}.
     */
    public static Double parse(byte[] s, int offset, int length) {
        int end = offset + length;
        int i = skipSpace(s, offset, end);
        int[] stop = new int[1];
        Double value = strtod(s, i, end, stop);
        if (value == null) {
            return null;
        }
        int j = stop[0];
        if (j < end && (s[j] == 'x' || s[j] == 'X')) {
            // luaO_str2d falls back to strtoul(s, 16) when strtod stopped at an 'x'
            long[] parsed = strtoul(s, i, end, 16, stop);
            if (parsed == null) {
                return null;
            }
            value = unsignedToDouble(parsed[0]);
            j = stop[0];
        }
        j = skipSpace(s, j, end);
        return j == end ? value : null;
    }

    public static Double parse(String s) {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        return parse(b, 0, b.length);
    }

    /** {@code tonumber(s, base)} for a base other than 10: C {@code strtoul} over the whole string. */
    public static Double parse(byte[] s, int offset, int length, int base) {
        int end = offset + length;
        int i = skipSpace(s, offset, end);
        int[] stop = new int[1];
        long[] parsed = strtoul(s, i, end, base, stop);
        if (parsed == null) {
            return null;
        }
        int j = skipSpace(s, stop[0], end);
        return j == end ? unsignedToDouble(parsed[0]) : null;
    }

    private static double unsignedToDouble(long v) {
        if (v >= 0) {
            return v;
        }
        return ((v >>> 1) | (v & 1)) * 2.0;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || (b >= '\t' && b <= '\r');
    }

    private static int skipSpace(byte[] s, int i, int end) {
        while (i < end && isSpace(s[i])) {
            i++;
        }
        return i;
    }

    private static int digit(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        if (b >= 'a' && b <= 'z') {
            return b - 'a' + 10;
        }
        if (b >= 'A' && b <= 'Z') {
            return b - 'A' + 10;
        }
        return 99;
    }

    /** C strtoul: optional sign, optional 0x for base 16; null when no digit was consumed. */
    private static long[] strtoul(byte[] s, int i, int end, int base, int[] stop) {
        i = skipSpace(s, i, end);
        boolean negative = false;
        if (i < end && (s[i] == '+' || s[i] == '-')) {
            negative = s[i] == '-';
            i++;
        }
        if (base == 16 && i + 1 < end && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')
                && i + 2 < end && digit(s[i + 2]) < 16) {
            i += 2;
        }
        int start = i;
        long value = 0;
        boolean overflow = false;
        while (i < end && digit(s[i]) < base) {
            long next = value * base + digit(s[i]);
            if (Long.compareUnsigned(value, Long.divideUnsigned(-1L, base)) > 0
                    || Long.compareUnsigned(next, value * base) < 0) {
                overflow = true;
            }
            value = next;
            i++;
        }
        if (i == start) {
            return null;
        }
        stop[0] = i;
        if (overflow) {
            value = -1L;
        } else if (negative) {
            value = -value;
        }
        return new long[] {value};
    }

    /** C strtod over [i, end): decimal, hexadecimal (with binary exponent), inf, infinity, nan. */
    private static Double strtod(byte[] s, int i, int end, int[] stop) {
        int start = i;
        boolean negative = false;
        if (i < end && (s[i] == '+' || s[i] == '-')) {
            negative = s[i] == '-';
            i++;
        }
        if (matchesWord(s, i, end, "infinity")) {
            stop[0] = i + 8;
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (matchesWord(s, i, end, "inf")) {
            stop[0] = i + 3;
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (matchesWord(s, i, end, "nan")) {
            int j = i + 3;
            if (j < end && s[j] == '(') {
                int k = j + 1;
                while (k < end && (digit(s[k]) < 36 || s[k] == '_')) {
                    k++;
                }
                if (k < end && s[k] == ')') {
                    j = k + 1;
                }
            }
            stop[0] = j;
            return negative ? -Double.NaN : Double.NaN;
        }
        if (i + 1 < end && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
            Double hex = hexFloat(s, i + 2, end, stop);
            if (hex != null) {
                return negative ? -hex : hex;
            }
            stop[0] = i + 1;
            return negative ? -0.0 : 0.0;
        }
        int digitsStart = i;
        int digits = 0;
        while (i < end && s[i] >= '0' && s[i] <= '9') {
            i++;
            digits++;
        }
        if (i < end && s[i] == '.') {
            i++;
            while (i < end && s[i] >= '0' && s[i] <= '9') {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return null;
        }
        int mantissaEnd = i;
        if (i < end && (s[i] == 'e' || s[i] == 'E')) {
            int j = i + 1;
            if (j < end && (s[j] == '+' || s[j] == '-')) {
                j++;
            }
            if (j < end && s[j] >= '0' && s[j] <= '9') {
                while (j < end && s[j] >= '0' && s[j] <= '9') {
                    j++;
                }
                mantissaEnd = j;
            }
        }
        stop[0] = mantissaEnd;
        String text = new String(s, digitsStart, mantissaEnd - digitsStart, java.nio.charset.StandardCharsets.ISO_8859_1);
        double v = Double.parseDouble(text);
        return negative ? -v : v;
    }

    private static Double hexFloat(byte[] s, int i, int end, int[] stop) {
        double mantissa = 0;
        int exponentAdjust = 0;
        int digits = 0;
        while (i < end && digit(s[i]) < 16) {
            mantissa = mantissa * 16 + digit(s[i]);
            i++;
            digits++;
        }
        if (i < end && s[i] == '.') {
            i++;
            while (i < end && digit(s[i]) < 16) {
                mantissa = mantissa * 16 + digit(s[i]);
                exponentAdjust -= 4;
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return null;
        }
        int exponent = 0;
        if (i < end && (s[i] == 'p' || s[i] == 'P')) {
            int j = i + 1;
            boolean negative = false;
            if (j < end && (s[j] == '+' || s[j] == '-')) {
                negative = s[j] == '-';
                j++;
            }
            if (j < end && s[j] >= '0' && s[j] <= '9') {
                while (j < end && s[j] >= '0' && s[j] <= '9') {
                    exponent = Math.min(exponent * 10 + (s[j] - '0'), 100000);
                    j++;
                }
                if (negative) {
                    exponent = -exponent;
                }
                i = j;
            }
        }
        stop[0] = i;
        return mantissa * Math.pow(2, exponent + exponentAdjust);
    }

    private static boolean matchesWord(byte[] s, int i, int end, String word) {
        if (end - i < word.length()) {
            return false;
        }
        for (int k = 0; k < word.length(); k++) {
            if (Character.toLowerCase((char) (s[i + k] & 0xff)) != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** C's {@code (long) d} as x86-64 does it: out-of-range and NaN give {@code Long.MIN_VALUE}. */
    public static long toLongLikeC(double d) {
        if (Double.isNaN(d) || d >= TWO_POW_63 || d < -TWO_POW_63) {
            return Long.MIN_VALUE;
        }
        return (long) d;
    }

    /**
     * C's {@code (int) d} straight from a double, as x86-64 does it (cvttsd2si to 32 bits): out of the int range
     * and NaN give {@code Integer.MIN_VALUE}.
     */
    public static int toInt32LikeC(double d) {
        if (Double.isNaN(d) || d >= 2147483648.0 || d <= -2147483649.0) {
            return Integer.MIN_VALUE;
        }
        return (int) d;
    }

    /** C's {@code (int) d} as x86-64 does it (luaL_checkint): truncation through a 64-bit integer. */
    public static int toIntLikeC(double d) {
        return (int) toLongLikeC(d);
    }
}
