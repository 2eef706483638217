package io.redactor.actors.command.server.debug;

/** Numbers read from arguments the way C's {@code atoi} reads them, as some DEBUG subcommands of Redis do. */
final class CNumbers {
    private CNumbers() {
    }

    /**
     * Leading blanks, an optional sign, then as many decimal digits as there are; 0 when there are none. Like glibc's
     * atoi (strtol cut to int), a number beyond a long saturates before the cut.
     */
    static int atoi(byte[] text) {
        int i = 0;
        while (i < text.length && isSpace(text[i])) {
            i++;
        }
        boolean negative = false;
        if (i < text.length && (text[i] == '+' || text[i] == '-')) {
            negative = text[i] == '-';
            i++;
        }
        long value = 0;
        boolean saturated = false;
        for (; i < text.length && text[i] >= '0' && text[i] <= '9'; i++) {
            int digit = text[i] - '0';
            if (!saturated && value > (Long.MAX_VALUE - digit) / 10) {
                saturated = true;
            }
            if (!saturated) {
                value = value * 10 + digit;
            }
        }
        long result = saturated ? (negative ? Long.MIN_VALUE : Long.MAX_VALUE) : (negative ? -value : value);
        return (int) result;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || (b >= '\t' && b <= '\r');
    }
}
