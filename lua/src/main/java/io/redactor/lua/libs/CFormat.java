package io.redactor.lua.libs;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * C's {@code printf("%.<precision>g")} as glibc prints it: the exact binary value rounded half-to-even, trailing
 * zeros dropped, at least two exponent digits. Lua 5.1 turns numbers into strings with {@code %.14g}, lua-cjson
 * encodes them with it, so every library that prints a number goes through here.
 */
public final class CFormat {
    private CFormat() {
    }

    /** Lua 5.1's {@code tostring} of a number ({@code LUAI_NUMFFORMAT "%.14g"}). */
    public static String luaNumber(double value) {
        return g(value, 14);
    }

    public static String g(double value, int precision) {
        if (Double.isNaN(value)) {
            return Double.doubleToRawLongBits(value) < 0 ? "-nan" : "nan";
        }
        boolean negative = Double.doubleToRawLongBits(value) < 0;
        if (Double.isInfinite(value)) {
            return negative ? "-inf" : "inf";
        }
        String body = positive(Math.abs(value), Math.max(precision, 1));
        return negative ? "-" + body : body;
    }

    private static String positive(double value, int precision) {
        if (value == 0) {
            return "0";
        }
        if (value < 0x1p53 && value == Math.rint(value)) {
            String digits = Long.toString((long) value);
            if (digits.length() <= precision) {
                return digits; // exact, fixed notation, nothing after the point
            }
        }
        if (precision <= 15 && value >= Double.MIN_NORMAL) {
            String fast = fromShortest(value, precision);
            if (fast != null) {
                return fast;
            }
        }
        BigDecimal rounded = new BigDecimal(value).round(new MathContext(precision, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < -4 || exponent >= precision) {
            String mantissa = rounded.movePointLeft(exponent).setScale(precision - 1, RoundingMode.UNNECESSARY)
                    .toPlainString();
            int magnitude = Math.abs(exponent);
            return stripZeros(mantissa) + (exponent < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") + magnitude;
        }
        return stripZeros(rounded.setScale(precision - 1 - exponent, RoundingMode.UNNECESSARY).toPlainString());
    }

    /**
     * The fast way: round the shortest decimal that reads back as the value ({@code Double.toString}) instead of
     * the exact binary value. For normal numbers and up to 15 digits both round the same, except when the shortest
     * decimal ends exactly half-way: then this answers null and the exact value decides.
     */
    private static String fromShortest(double value, int precision) {
        String shortest = Double.toString(value);
        int e = shortest.indexOf('E');
        String mantissa = e < 0 ? shortest : shortest.substring(0, e);
        int exponent = e < 0 ? 0 : Integer.parseInt(shortest.substring(e + 1));
        int point = mantissa.indexOf('.');
        String digits = mantissa.substring(0, point) + mantissa.substring(point + 1);
        int leadingZeros = 0;
        while (digits.charAt(leadingZeros) == '0') {
            leadingZeros++;
        }
        digits = digits.substring(leadingZeros);
        int x = point - 1 - leadingZeros + exponent; // exponent of the first significant digit
        int end = digits.length();
        while (end > 1 && digits.charAt(end - 1) == '0') {
            end--;
        }
        digits = digits.substring(0, end);
        if (digits.length() > precision) {
            String tail = digits.substring(precision);
            if (tail.equals("5")) {
                return null;
            }
            char[] head = digits.substring(0, precision).toCharArray();
            if (tail.charAt(0) >= '5') {
                int i = head.length - 1;
                while (i >= 0 && head[i] == '9') {
                    head[i--] = '0';
                }
                if (i < 0) {
                    head[0] = '1';
                    x++;
                } else {
                    head[i]++;
                }
            }
            int headEnd = head.length;
            while (headEnd > 1 && head[headEnd - 1] == '0') {
                headEnd--;
            }
            digits = new String(head, 0, headEnd);
        }
        if (x < -4 || x >= precision) {
            int magnitude = Math.abs(x);
            return digits.charAt(0) + (digits.length() > 1 ? "." + digits.substring(1) : "")
                    + (x < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") + magnitude;
        }
        if (x < 0) {
            return "0." + "0".repeat(-x - 1) + digits;
        }
        if (digits.length() <= x + 1) {
            return digits + "0".repeat(x + 1 - digits.length());
        }
        return digits.substring(0, x + 1) + "." + digits.substring(x + 1);
    }

    private static String stripZeros(String fixed) {
        if (fixed.indexOf('.') < 0) {
            return fixed;
        }
        int end = fixed.length();
        while (fixed.charAt(end - 1) == '0') {
            end--;
        }
        if (fixed.charAt(end - 1) == '.') {
            end--;
        }
        return fixed.substring(0, end);
    }
}
