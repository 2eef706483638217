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
