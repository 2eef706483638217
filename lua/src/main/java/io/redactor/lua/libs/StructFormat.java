package io.redactor.lua.libs;

/**
 * Reads a struct format string option by option, as Redis's struct.c does: the size of each option, the padding
 * that aligns it, and the control options ({@code < > ! space}) that change endianness and alignment. A zero byte
 * ends the format as it ends a C string.
 */
final class StructFormat {
    static final int MAX_INT_SIZE = 32;
    /** The alignment of {@code !} without a number: the strictest alignment of a C type on x86-64. */
    private static final int NATIVE_ALIGN = 8;

    private final byte[] bytes;
    private final int end;
    private final String function;
    private int pos;
    boolean bigEndian = false;
    long maxAlign = 1;

    StructFormat(org.luaj.vm2.LuaString format, String function) {
        this.bytes = format.m_bytes;
        this.pos = format.m_offset;
        int limit = format.m_offset + format.m_length;
        int end = pos;
        while (end < limit && bytes[end] != 0) {
            end++;
        }
        this.end = end;
        this.function = function;
    }

    boolean hasNext() {
        return pos < end;
    }

    /** The next option character; call {@link #size} right after. */
    char next() {
        return (char) (bytes[pos++] & 0xff);
    }

    /** The size of option {@code opt}, reading its number if it takes one; 0 for options without a size. */
    long size(char opt) {
        return switch (opt) {
            case 'b', 'B', 'x' -> 1;
            case 'h', 'H' -> 2;
            case 'l', 'L', 'T', 'd' -> 8;
            case 'f' -> 4;
            case 'c' -> number(1);
            case 'i', 'I' -> {
                long size = number(4);
                if (size > MAX_INT_SIZE) {
                    throw LibArgs.error("integral size " + size + " is larger than limit of " + MAX_INT_SIZE);
                }
                yield size;
            }
            default -> 0;
        };
    }

    /** Padding before an option of this size at this offset, for the current maximum alignment. */
    long padding(long offset, char opt, long size) {
        if (size == 0 || opt == 'c') {
            return 0;
        }
        long align = Math.min(size, maxAlign);
        return (align - (offset & (align - 1))) & (align - 1);
    }

    /** Applies a control option; anything else is an invalid option. */
    void control(char opt) {
        switch (opt) {
            case ' ' -> {
            }
            case '>' -> bigEndian = true;
            case '<' -> bigEndian = false;
            case '!' -> {
                long align = number(NATIVE_ALIGN);
                if (align <= 0 || (align & (align - 1)) != 0) {
                    throw LibArgs.error("alignment " + align + " is not a power of 2");
                }
                maxAlign = align;
            }
            default -> throw LibArgs.argError(1, function, "invalid format option '" + opt + "'");
        }
    }

    private long number(long defaultValue) {
        if (!isDigit()) {
            return defaultValue;
        }
        long value = 0;
        do {
            int digit = bytes[pos] - '0';
            if (value > Integer.MAX_VALUE / 10 || value * 10 > Integer.MAX_VALUE - digit) {
                throw LibArgs.error("integral size overflow");
            }
            value = value * 10 + digit;
            pos++;
        } while (isDigit());
        return value;
    }

    private boolean isDigit() {
        return pos < end && bytes[pos] >= '0' && bytes[pos] <= '9';
    }
}
