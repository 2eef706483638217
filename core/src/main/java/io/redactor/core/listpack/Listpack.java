package io.redactor.core.listpack;

import java.util.Arrays;

import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;

/**
 * Reads and changes a listpack in place, byte for byte as Redis 7.0's listpack.c lays it out, in an array that may
 * be longer than the listpack (room to grow; the header's total bytes say where it ends).
 *
 * <p>Layout: total bytes (32 bits) and element count (16 bits, 65535 once there are that many), both
 * little-endian, the entries, then 0xFF. An entry is its encoding and data, then its "backlen", the size of encoding
 * and data written so that it reads backwards: 7 bits a byte, the last byte holding the lowest bits, every byte but
 * the first having its top bit set. A string that is a canonical 64-bit integer ({@code string2ll}) is stored as an
 * integer: 0..127 in 1 byte ({@code 0xxxxxxx}), -4096..4095 in 13 bits ({@code 110xxxxx} + 1 byte), then 16, 24, 32
 * or 64 bits after 0xF1..0xF4, little-endian two's complement. Other strings: length below 64 in 6 bits
 * ({@code 10xxxxxx}), below 4096 in 12 bits ({@code 1110xxxx} + 1 byte), else 0xF0 + 32 bits little-endian.
 *
 * <p>Entries are named by their offset in the array. Methods that grow a listpack return the array holding it,
 * which is a new one when the old had no room.
 */
public final class Listpack {
    public static final int HEADER_SIZE = 6;
    public static final int EOF = 0xff;
    /** The header's element count once it no longer fits in 16 bits. */
    public static final int COUNT_UNKNOWN = 65535;
    /** The smallest listpack: a header and the end byte. */
    public static final int EMPTY_SIZE = HEADER_SIZE + 1;

    private static final int[] INT_SIZES = {2, 3, 4, 8};

    private Listpack() {
    }

    /** An empty listpack in an array of {@code capacity} bytes (at least {@link #EMPTY_SIZE}). */
    public static byte[] create(int capacity) {
        byte[] lp = new byte[Math.max(capacity, EMPTY_SIZE)];
        setTotalBytes(lp, EMPTY_SIZE);
        lp[HEADER_SIZE] = (byte) EOF;
        return lp;
    }

    /** {@code lpBytes}: the listpack's size, its end byte included. */
    public static int totalBytes(byte[] lp) {
        return (int) littleEndian(lp, 0, 4);
    }

    /** The header's element count ({@link #COUNT_UNKNOWN} when there are at least that many). */
    public static int headerCount(byte[] lp) {
        return (int) littleEndian(lp, 4, 2);
    }

    /** The listpack alone, in an array of its size ({@code lpShrinkToFit}). */
    public static byte[] shrinkToFit(byte[] lp) {
        int total = totalBytes(lp);
        return lp.length == total ? lp : Arrays.copyOf(lp, total);
    }

    /** The first entry, or -1 when there is none. */
    public static int first(byte[] lp) {
        return (lp[HEADER_SIZE] & 0xff) == EOF ? -1 : HEADER_SIZE;
    }

    /** The entry after {@code p}, or -1 when {@code p} is the last. */
    public static int next(byte[] lp, int p) {
        int next = p + entrySize(lp, p);
        return (lp[next] & 0xff) == EOF ? -1 : next;
    }

    /** The entry before {@code p}, or -1 when {@code p} is the first. */
    public static int prev(byte[] lp, int p) {
        if (p <= HEADER_SIZE) {
            return -1;
        }
        long encoded = decodeBacklen(lp, p - 1);
        return (int) (p - encoded - backlenSize(encoded));
    }

    /** The last entry, or -1 when there is none. */
    public static int last(byte[] lp) {
        return prev(lp, totalBytes(lp) - 1);
    }

    /** Whether the entry at {@code p} is stored as an integer. */
    public static boolean isInteger(byte[] lp, int p) {
        int b = lp[p] & 0xff;
        return b < 0x80 || (b >= 0xc0 && b < 0xe0) || (b >= 0xf1 && b <= 0xf4);
    }

    /**
     * The entry at {@code p} as an integer ({@code lpGetInteger}): an integer entry, or a string entry that is a
     * canonical integer.
     *
     * @throws IllegalStateException for a string that is not one
     */
    public static long integer(byte[] lp, int p) {
        if (isInteger(lp, p)) {
            return integerValue(lp, p);
        }
        try {
            return RedisIntegers.parseLong(lp, stringStart(lp, p), stringLength(lp, p));
        } catch (NotANumberException e) {
            throw new IllegalStateException("listpack entry at " + p + " is not an integer");
        }
    }

    /** The bytes of the string entry at {@code p} start here. */
    public static int stringStart(byte[] lp, int p) {
        int b = lp[p] & 0xff;
        return p + (b < 0xe0 ? 1 : b < 0xf0 ? 2 : 5);
    }

    /** The length of the string entry at {@code p}. */
    public static int stringLength(byte[] lp, int p) {
        int b = lp[p] & 0xff;
        if (b < 0xc0) {
            return b & 0x3f;
        }
        if (b < 0xf0) {
            return ((b & 0x0f) << 8) | (lp[p + 1] & 0xff);
        }
        return (int) littleEndian(lp, p + 1, 4);
    }

    /** The entry at {@code p} as bytes ({@code lpGet}): an integer as its decimal text. */
    public static byte[] bytes(byte[] lp, int p) {
        if (isInteger(lp, p)) {
            return RedisIntegers.toBytes(integerValue(lp, p));
        }
        int start = stringStart(lp, p);
        return Arrays.copyOfRange(lp, start, start + stringLength(lp, p));
    }

    /** Whether the entry at {@code p}, read as bytes, equals {@code s}. */
    public static boolean equalsBytes(byte[] lp, int p, byte[] s) {
        if (isInteger(lp, p)) {
            return Arrays.equals(RedisIntegers.toBytes(integerValue(lp, p)), s);
        }
        int start = stringStart(lp, p);
        return Arrays.equals(lp, start, start + stringLength(lp, p), s, 0, s.length);
    }

    /** {@code lpAppendInteger}. */
    public static byte[] appendInteger(byte[] lp, long v) {
        int total = totalBytes(lp);
        int size = integerSize(v);
        lp = room(lp, total, size + 1);
        int at = total - 1;
        writeInteger(lp, at, v);
        return finishAppend(lp, at, size);
    }

    /** {@code lpAppend}: as an integer when it is a canonical one, else as a string. */
    public static byte[] append(byte[] lp, byte[] s) {
        if (looksNumeric(s)) {
            try {
                return appendInteger(lp, RedisIntegers.parseLong(s));
            } catch (NotANumberException e) {
                // a string after all
            }
        }
        int total = totalBytes(lp);
        int header = s.length < 64 ? 1 : s.length < 4096 ? 2 : 5;
        int size = header + s.length;
        lp = room(lp, total, size + backlenSize(size));
        int at = total - 1;
        if (header == 1) {
            lp[at] = (byte) (0x80 | s.length);
        } else if (header == 2) {
            lp[at] = (byte) (0xe0 | (s.length >> 8));
            lp[at + 1] = (byte) s.length;
        } else {
            lp[at] = (byte) 0xf0;
            putLittleEndian(lp, at + 1, s.length, 4);
        }
        System.arraycopy(s, 0, lp, at + header, s.length);
        return finishAppend(lp, at, size);
    }

    /** The size an {@link #append} of {@code s} adds, its backlen included. */
    public static int appendedSize(byte[] s) {
        int size;
        if (looksNumeric(s) && isCanonicalInteger(s)) {
            size = integerSize(RedisIntegers.parseLong(s));
        } else {
            size = (s.length < 64 ? 1 : s.length < 4096 ? 2 : 5) + s.length;
        }
        return size + backlenSize(size);
    }

    /**
     * {@code lpReplaceInteger}: the entry at {@code p} becomes the integer {@code v}, the entries after it moving
     * when its size changes.
     */
    public static byte[] replaceInteger(byte[] lp, int p, long v) {
        int total = totalBytes(lp);
        int old = entrySize(lp, p);
        int size = integerSize(v);
        int replacement = size + backlenSize(size);
        int newTotal = total - old + replacement;
        if (newTotal > lp.length) {
            lp = Arrays.copyOf(lp, Math.max(newTotal, lp.length + lp.length / 2));
        }
        System.arraycopy(lp, p + old, lp, p + replacement, total - p - old);
        writeInteger(lp, p, v);
        writeBacklen(lp, p + size, size);
        setTotalBytes(lp, newTotal);
        return lp;
    }

    /** {@code lpEncodeBacklen}'s size for an entry of {@code l} bytes (16383 takes 3 bytes, as in Redis). */
    public static int backlenSize(long l) {
        if (l <= 127) {
            return 1;
        }
        if (l < 16383) {
            return 2;
        }
        if (l < 2097151) {
            return 3;
        }
        return l < 268435455 ? 4 : 5;
    }

    /** The size of the entry at {@code p}: encoding, data and backlen. */
    public static int entrySize(byte[] lp, int p) {
        int b = lp[p] & 0xff;
        int encoded;
        if (b < 0x80) {
            encoded = 1;
        } else if (b < 0xc0) {
            encoded = 1 + (b & 0x3f);
        } else if (b < 0xe0) {
            encoded = 2;
        } else if (b < 0xf0) {
            encoded = 2 + stringLength(lp, p);
        } else if (b == 0xf0) {
            encoded = 5 + stringLength(lp, p);
        } else {
            encoded = 1 + INT_SIZES[b - 0xf1];
        }
        return encoded + backlenSize(encoded);
    }

    private static boolean looksNumeric(byte[] s) {
        if (s.length == 0 || s.length > 20) {
            return false;
        }
        byte c = s[0];
        return c == '-' || (c >= '0' && c <= '9');
    }

    private static boolean isCanonicalInteger(byte[] s) {
        try {
            RedisIntegers.parseLong(s);
            return true;
        } catch (NotANumberException e) {
            return false;
        }
    }

    /** The size of the smallest integer encoding that holds {@code v}, without backlen. */
    private static int integerSize(long v) {
        if (v >= 0 && v <= 127) {
            return 1;
        }
        if (v >= -4096 && v <= 4095) {
            return 2;
        }
        if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
            return 3;
        }
        if (v >= -(1 << 23) && v < (1 << 23)) {
            return 4;
        }
        if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
            return 5;
        }
        return 9;
    }

    private static void writeInteger(byte[] lp, int at, long v) {
        switch (integerSize(v)) {
            case 1 -> lp[at] = (byte) v;
            case 2 -> {
                long u = v & 0x1fff;
                lp[at] = (byte) (0xc0 | (u >> 8));
                lp[at + 1] = (byte) u;
            }
            case 3 -> {
                lp[at] = (byte) 0xf1;
                putLittleEndian(lp, at + 1, v, 2);
            }
            case 4 -> {
                lp[at] = (byte) 0xf2;
                putLittleEndian(lp, at + 1, v, 3);
            }
            case 5 -> {
                lp[at] = (byte) 0xf3;
                putLittleEndian(lp, at + 1, v, 4);
            }
            default -> {
                lp[at] = (byte) 0xf4;
                putLittleEndian(lp, at + 1, v, 8);
            }
        }
    }

    private static long integerValue(byte[] lp, int p) {
        int b = lp[p] & 0xff;
        if (b < 0x80) {
            return b;
        }
        if (b < 0xe0) {
            long u = ((b & 0x1f) << 8) | (lp[p + 1] & 0xff);
            return (u << 51) >> 51;
        }
        int bits = 8 * INT_SIZES[b - 0xf1];
        long u = littleEndian(lp, p + 1, bits / 8);
        return bits == 64 ? u : (u << (64 - bits)) >> (64 - bits);
    }

    /**
     * Writes the backlen of an entry of {@code encoded} bytes at {@code at} ({@code lpEncodeBacklen}, its thresholds
     * as they are); returns where it ends.
     */
    public static int writeBacklen(byte[] lp, int at, long encoded) {
        int n = backlenSize(encoded);
        lp[at++] = (byte) (encoded >>> (7 * (n - 1)));
        for (int shift = 7 * (n - 2); shift >= 0; shift -= 7) {
            lp[at++] = (byte) (((encoded >>> shift) & 127) | 128);
        }
        return at;
    }

    /** {@code lpDecodeBacklen}: reads backwards from {@code p}. */
    private static long decodeBacklen(byte[] lp, int p) {
        long v = 0;
        int shift = 0;
        while (true) {
            int b = lp[p] & 0xff;
            v |= (long) (b & 127) << shift;
            if ((b & 128) == 0) {
                return v;
            }
            shift += 7;
            p--;
        }
    }

    /** The array, grown when {@code more} bytes do not fit before the end byte. */
    private static byte[] room(byte[] lp, int total, int more) {
        if (total + more <= lp.length) {
            return lp;
        }
        return Arrays.copyOf(lp, Math.max(total + more, lp.length + lp.length / 2));
    }

    /** Ends an entry of {@code encoded} bytes written at {@code at}: its backlen, the end byte, the header. */
    private static byte[] finishAppend(byte[] lp, int at, int encoded) {
        int end = writeBacklen(lp, at + encoded, encoded);
        lp[end] = (byte) EOF;
        setTotalBytes(lp, end + 1);
        int count = headerCount(lp);
        if (count != COUNT_UNKNOWN) {
            putLittleEndian(lp, 4, count + 1, 2);
        }
        return lp;
    }

    private static void setTotalBytes(byte[] lp, int total) {
        putLittleEndian(lp, 0, total, 4);
    }

    private static void putLittleEndian(byte[] lp, int at, long v, int n) {
        for (int i = 0; i < n; i++) {
            lp[at + i] = (byte) (v >>> (8 * i));
        }
    }

    private static long littleEndian(byte[] a, int p, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (long) (a[p + i] & 0xff) << (8 * i);
        }
        return v;
    }
}
