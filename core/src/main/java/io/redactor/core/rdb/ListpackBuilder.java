package io.redactor.core.rdb;

import java.util.Arrays;

import io.redactor.core.listpack.Listpack;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;

/**
 * Builds a listpack as Redis 7.0's listpack.c lays it out, in a buffer kept between listpacks.
 *
 * <p>Layout: total bytes (32 bits) and element count (16 bits, 65535 when there are that many or more), both
 * little-endian, the entries, then 0xFF. An entry is its encoding, its data and its "backlen", the size of encoding
 * and data written so that it reads backwards: 7 bits per byte, the last byte holding the lowest bits, every byte
 * but the first having its top bit set. A string that is a canonical 64-bit integer ({@code string2ll}) is stored
 * as an integer: 0..127 in 1 byte ({@code 0xxxxxxx}), -4096..4095 in 13 bits ({@code 110xxxxx} + 1 byte), then 16,
 * 24, 32 or 64 bits after 0xF1..0xF4, little-endian two's complement. Other strings: length below 64 in 6 bits
 * ({@code 10xxxxxx}), below 4096 in 12 bits ({@code 1110xxxx} + 1 byte), else 0xF0 + 32 bits little-endian.
 */
final class ListpackBuilder {
    static final int HEADER_SIZE = 6;
    static final int COUNT_UNKNOWN = 65535;
    static final int EOF = 0xff;

    private byte[] buf = new byte[256];
    /** The end of the last entry. */
    private int end;
    private int count;

    ListpackBuilder() {
        reset();
    }

    ListpackBuilder reset() {
        end = HEADER_SIZE;
        count = 0;
        return this;
    }

    int count() {
        return count;
    }

    /** {@code lpBytes}: the listpack's size in bytes, its end byte included. */
    int totalBytes() {
        return end + 1;
    }

    /** {@code lpAppend}: as an integer when it is a canonical one, else as a string. */
    ListpackBuilder append(byte[] s) {
        return append(s, 0, s.length);
    }

    ListpackBuilder append(byte[] s, int off, int len) {
        if (looksNumeric(s, off, len)) {
            try {
                return appendInteger(RedisIntegers.parseLong(s, off, len));
            } catch (NotANumberException e) {
                // a string after all
            }
        }
        return appendString(s, off, len);
    }

    /** Cheap test before the parse, so that most strings never throw. */
    private static boolean looksNumeric(byte[] s, int off, int len) {
        if (len == 0 || len > 20) {
            return false;
        }
        byte c = s[off];
        return c == '-' || (c >= '0' && c <= '9');
    }

    ListpackBuilder appendString(byte[] s, int off, int len) {
        ensure(5 + len + 5);
        int start = end;
        if (len < 64) {
            buf[end++] = (byte) (0x80 | len);
        } else if (len < 4096) {
            buf[end++] = (byte) (0xe0 | (len >> 8));
            buf[end++] = (byte) len;
        } else {
            buf[end++] = (byte) 0xf0;
            putLittleEndian(len, 4);
        }
        System.arraycopy(s, off, buf, end, len);
        end += len;
        return finishEntry(start);
    }

    /** {@code lpAppendInteger}: the smallest of the integer encodings that holds {@code v}. */
    ListpackBuilder appendInteger(long v) {
        ensure(9 + 5);
        int start = end;
        if (v >= 0 && v <= 127) {
            buf[end++] = (byte) v;
        } else if (v >= -4096 && v <= 4095) {
            long u = v & 0x1fff;
            buf[end++] = (byte) (0xc0 | (u >> 8));
            buf[end++] = (byte) u;
        } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
            buf[end++] = (byte) 0xf1;
            putLittleEndian(v, 2);
        } else if (v >= -(1 << 23) && v < (1 << 23)) {
            buf[end++] = (byte) 0xf2;
            putLittleEndian(v, 3);
        } else if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
            buf[end++] = (byte) 0xf3;
            putLittleEndian(v, 4);
        } else {
            buf[end++] = (byte) 0xf4;
            putLittleEndian(v, 8);
        }
        return finishEntry(start);
    }

    private ListpackBuilder finishEntry(int start) {
        writeBacklen(end - start);
        count++;
        return this;
    }

    private void writeBacklen(long l) {
        end = Listpack.writeBacklen(buf, end, l);
    }

    /** Completes the header and end byte; the listpack is then {@link #array()}{@code [0, totalBytes())}. */
    byte[] finish() {
        ensure(1);
        buf[end] = (byte) EOF;
        int total = end + 1;
        for (int i = 0; i < 4; i++) {
            buf[i] = (byte) (total >>> (8 * i));
        }
        int c = Math.min(count, COUNT_UNKNOWN);
        buf[4] = (byte) c;
        buf[5] = (byte) (c >>> 8);
        return buf;
    }

    byte[] array() {
        return buf;
    }

    private void putLittleEndian(long v, int n) {
        for (int i = 0; i < n; i++) {
            buf[end++] = (byte) (v >>> (8 * i));
        }
    }

    private void ensure(int more) {
        if ((long) end + more + 1 > buf.length) {
            long want = Math.max(2L * buf.length, (long) end + more + 1);
            buf = Arrays.copyOf(buf, (int) Math.min(want, Integer.MAX_VALUE - 8));
        }
    }
}
