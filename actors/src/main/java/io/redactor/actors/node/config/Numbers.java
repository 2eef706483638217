package io.redactor.actors.node.config;

/** Redis's number syntaxes for configuration values. Texts hold one char per byte. */
public final class Numbers {
    /** The largest unsigned 64-bit value, as a long's bits. */
    static final long ULLONG_MAX = -1L;

    private Numbers() {
    }

    /**
     * A strict decimal integer as Redis's {@code string2ll} reads it: optional '-', digits, no '+', no spaces, no
     * leading zeros, no "-0", within the long range. Null when it is not one.
     */
    static Long strictLong(String text) {
        int length = text.length();
        if (length == 0 || length > 20) {
            return null;
        }
        if (text.equals("0")) {
            return 0L;
        }
        boolean negative = text.charAt(0) == '-';
        int start = negative ? 1 : 0;
        if (start == length || text.charAt(start) < '1' || text.charAt(start) > '9') {
            return null;
        }
        long value = 0; // accumulated negatively, so that Long.MIN_VALUE fits
        for (int i = start; i < length; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            int digit = c - '0';
            if (value < (Long.MIN_VALUE + digit) / 10) {
                return null;
            }
            value = value * 10 - digit;
        }
        if (!negative) {
            if (value == Long.MIN_VALUE) {
                return null;
            }
            value = -value;
        }
        return value;
    }

    /**
     * A memory amount: decimal digits (none means 0, as in Redis) and an optional case-insensitive unit
     * {@code b}, {@code k} (1000), {@code kb} (1024), {@code m}, {@code mb}, {@code g}, {@code gb}. Returns the
     * unsigned 64-bit value as a long's bits, or null when the text is not a memory amount (signs, spaces,
     * fractions, other units). Too many digits saturate at 2^64-1 like C's {@code strtoull}; unlike Redis, a
     * product that overflows saturates too instead of wrapping around.
     */
    public static Long memory(String text) {
        int digitsEnd = 0;
        while (digitsEnd < text.length() && isDigit(text.charAt(digitsEnd))) {
            digitsEnd++;
        }
        long unit = unit(text.substring(digitsEnd));
        if (unit == 0) {
            return null;
        }
        long value = 0;
        for (int i = 0; i < digitsEnd; i++) {
            value = saturatingMultiply(value, 10);
            int digit = text.charAt(i) - '0';
            value = Long.compareUnsigned(value, ULLONG_MAX - digit) > 0 ? ULLONG_MAX : value + digit;
        }
        return saturatingMultiply(value, unit);
    }

    /**
     * An integer as C's {@code strtoll} reads it when the whole text must be consumed: optional leading
     * whitespace, optional sign, digits; saturates on overflow. The empty text is 0 (strtoll converts nothing
     * and stops at the end), as Redis accepts it in lists such as {@code save "1  2 3"}. Null otherwise.
     */
    static Long cLong(String text) {
        int i = 0;
        while (i < text.length() && isSpace(text.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
            negative = text.charAt(i) == '-';
            i++;
        }
        int digitsStart = i;
        long value = 0;
        boolean overflow = false;
        for (; i < text.length() && isDigit(text.charAt(i)); i++) {
            int digit = text.charAt(i) - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                overflow = true;
            } else {
                value = value * 10 + digit;
            }
        }
        if (i == digitsStart) {
            return text.isEmpty() ? 0L : null;
        }
        if (i != text.length()) {
            return null;
        }
        if (overflow) {
            return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return negative ? -value : value;
    }

    /** C's isspace in the C locale. */
    static boolean isSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    /** Renders an unsigned amount, or a signed one, as Redis prints it. */
    static String render(long value, boolean unsigned) {
        return unsigned ? Long.toUnsignedString(value) : Long.toString(value);
    }

    /** The value for hot-path accessors: unsigned amounts past Long.MAX_VALUE read as Long.MAX_VALUE. */
    static long clampUnsigned(long value) {
        return value < 0 ? Long.MAX_VALUE : value;
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static long unit(String suffix) {
        return switch (Bytes.lowerAscii(suffix)) {
            case "", "b" -> 1;
            case "k" -> 1000;
            case "kb" -> 1024;
            case "m" -> 1000 * 1000;
            case "mb" -> 1024 * 1024;
            case "g" -> 1000L * 1000 * 1000;
            case "gb" -> 1024L * 1024 * 1024;
            default -> 0;
        };
    }

    private static long saturatingMultiply(long unsignedValue, long factor) {
        if (unsignedValue == 0) {
            return 0;
        }
        return Long.compareUnsigned(unsignedValue, Long.divideUnsigned(ULLONG_MAX, factor)) > 0
                ? ULLONG_MAX : unsignedValue * factor;
    }
}
