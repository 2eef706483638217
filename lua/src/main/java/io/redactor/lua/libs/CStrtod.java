package io.redactor.lua.libs;

/**
 * glibc's {@code strtod} over raw bytes: leading white space, a sign, then a decimal number, a hexadecimal one
 * ({@code 0x1.8p3}), {@code inf}/{@code infinity} or {@code nan}/{@code nan(chars)}, case-insensitively. A zero
 * byte ends the input as it ends a C string. Lua 5.1 converts strings to numbers with it and lua-cjson parses
 * JSON numbers with it, so both accept what it accepts.
 */
public final class CStrtod {
    private static final long NEGATIVE_QUIET_NAN = 0xfff8000000000000L;
    /** Larger exponents overflow or underflow whatever the digits; clamping keeps them an int for Java's parser. */
    private static final long EXPONENT_CLAMP = 999_999_999;

    /** The number read; meaningful when {@link #end} is past the start. */
    public final double value;
    /** Index just past the last byte read; the start index when there was no number. */
    public final int end;

    private CStrtod(double value, int end) {
        this.value = value;
        this.end = end;
    }

    public static CStrtod parse(byte[] bytes, int start, int limit) {
        Cursor in = new Cursor(bytes, start, limit);
        while (isSpace(in.peek())) {
            in.pos++;
        }
        boolean negative = false;
        if (in.peek() == '-' || in.peek() == '+') {
            negative = in.peek() == '-';
            in.pos++;
        }
        Double magnitude = special(in);
        if (magnitude == null) {
            magnitude = in.peek() == '0' && (in.peek(1) | 0x20) == 'x' ? hexadecimal(in) : decimal(in);
        }
        if (magnitude == null) {
            return new CStrtod(0, start);
        }
        double value = magnitude;
        if (negative) {
            value = Double.isNaN(value) ? Double.longBitsToDouble(NEGATIVE_QUIET_NAN) : -value;
        }
        return new CStrtod(value, in.pos);
    }

    static boolean isSpace(int c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    private static Double special(Cursor in) {
        if (in.matchesIgnoringCase("inf")) {
            in.pos += in.matchesIgnoringCase("infinity") ? 8 : 3;
            return Double.POSITIVE_INFINITY;
        }
        if (in.matchesIgnoringCase("nan")) {
            in.pos += 3;
            if (in.peek() == '(') {
                int p = in.pos + 1;
                while (isAlnum(in.at(p)) || in.at(p) == '_') {
                    p++;
                }
                if (in.at(p) == ')') {
                    in.pos = p + 1;
                }
            }
            return Double.NaN;
        }
        return null;
    }

    private static Double decimal(Cursor in) {
        StringBuilder digits = new StringBuilder();
        int digitCount = 0;
        while (isDigit(in.peek())) {
            digits.append((char) in.peek());
            in.pos++;
            digitCount++;
        }
        if (in.peek() == '.') {
            int save = in.pos;
            in.pos++;
            StringBuilder fraction = new StringBuilder();
            while (isDigit(in.peek())) {
                fraction.append((char) in.peek());
                in.pos++;
                digitCount++;
            }
            if (digitCount == 0) {
                in.pos = save;
                return null;
            }
            digits.append('.').append(fraction);
        }
        if (digitCount == 0) {
            return null;
        }
        long exponent = exponent(in, 'e');
        if (digits.charAt(0) == '.') {
            digits.insert(0, '0');
        }
        return Double.parseDouble(digits + "e" + exponent);
    }

    private static Double hexadecimal(Cursor in) {
        int afterZero = in.pos + 1;
        in.pos += 2;
        StringBuilder mantissa = new StringBuilder();
        int digitCount = 0;
        while (hexDigit(in.peek()) >= 0) {
            mantissa.append((char) in.peek());
            in.pos++;
            digitCount++;
        }
        StringBuilder fraction = new StringBuilder();
        if (in.peek() == '.') {
            int save = in.pos;
            in.pos++;
            while (hexDigit(in.peek()) >= 0) {
                fraction.append((char) in.peek());
                in.pos++;
                digitCount++;
            }
            if (digitCount == 0) {
                in.pos = save;
            }
        }
        if (digitCount == 0) {
            in.pos = afterZero; // "0x" without digits is the number 0 followed by an 'x'
            return 0.0;
        }
        long exponent = exponent(in, 'p');
        return Double.parseDouble("0x" + (mantissa.isEmpty() ? "0" : mantissa) + "." + fraction + "p" + exponent);
    }

    /** An optional exponent part; consumed only when at least one digit follows the marker and sign. */
    private static long exponent(Cursor in, char marker) {
        if ((in.peek() | 0x20) != marker) {
            return 0;
        }
        int p = in.pos + 1;
        boolean negative = false;
        if (in.at(p) == '+' || in.at(p) == '-') {
            negative = in.at(p) == '-';
            p++;
        }
        if (!isDigit(in.at(p))) {
            return 0;
        }
        long value = 0;
        while (isDigit(in.at(p))) {
            value = Math.min(value * 10 + (in.at(p) - '0'), EXPONENT_CLAMP);
            p++;
        }
        in.pos = p;
        return negative ? -value : value;
    }

    static int hexDigit(int c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        int lower = c | 0x20;
        return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAlnum(int c) {
        return isDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
    }

    private static final class Cursor {
        final byte[] bytes;
        final int limit;
        int pos;

        /** A zero byte reads as 0 like the end, and matches nothing, so reading never goes past it. */
        Cursor(byte[] bytes, int start, int limit) {
            this.bytes = bytes;
            this.pos = start;
            this.limit = limit;
        }

        int peek() {
            return at(pos);
        }

        int peek(int ahead) {
            return at(pos + ahead);
        }

        int at(int index) {
            return index < limit ? bytes[index] & 0xff : 0;
        }

        boolean matchesIgnoringCase(String word) {
            for (int i = 0; i < word.length(); i++) {
                if ((at(pos + i) | 0x20) != word.charAt(i)) {
                    return false;
                }
            }
            return true;
        }
    }
}
