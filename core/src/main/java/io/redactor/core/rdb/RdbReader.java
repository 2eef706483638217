package io.redactor.core.rdb;

import java.util.Arrays;

import io.redactor.core.number.RedisIntegers;

/**
 * Reads Redis 7.0's RDB encodings from a byte array, failing as Redis's loader does (a null or -1 result where
 * Redis's returns NULL or {@code RDB_LENERR}): reading past the end, an unknown length or string encoding, LZF data
 * that does not decompress to the announced length.
 */
public final class RdbReader {
    /** {@code RDB_LENERR}: also what a 64-bit length of all ones reads as. */
    public static final long LENGTH_ERROR = -1;

    private final byte[] buf;
    private int pos;

    public RdbReader(byte[] buf) {
        this.buf = buf;
    }

    public int position() {
        return pos;
    }

    public int length() {
        return buf.length;
    }

    /** The next byte (0-255), or -1 at the end. */
    public int readByte() {
        return pos < buf.length ? buf[pos++] & 0xff : -1;
    }

    /**
     * {@code rdbLoadLen} without an encoding flag: a byte with the two top bits set reads as its low 6 bits here,
     * as in Redis when the caller does not ask whether the value is encoded.
     *
     * @return the length, or {@link #LENGTH_ERROR}
     */
    public long readLength() {
        int first = readByte();
        return first < 0 ? LENGTH_ERROR : lengthAfter(first);
    }

    private long lengthAfter(int first) {
        switch (first >> 6) {
            case 0, 3:
                return first & 0x3f;
            case 1: {
                int second = readByte();
                return second < 0 ? LENGTH_ERROR : ((first & 0x3f) << 8) | second;
            }
            default:
                if (first == RdbWriter.LEN_32BIT) {
                    return readBigEndian(4);
                }
                if (first == RdbWriter.LEN_64BIT) {
                    return readBigEndian(8);
                }
                return LENGTH_ERROR;
        }
    }

    private long readBigEndian(int n) {
        if (buf.length - pos < n) {
            return LENGTH_ERROR;
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = (v << 8) | (buf[pos++] & 0xff);
        }
        return v;
    }

    /**
     * {@code rdbGenericLoadStringObject}: a raw, integer-encoded or LZF-compressed string.
     *
     * @return the string, or null when it cannot be read
     */
    public byte[] readString() {
        int first = readByte();
        if (first < 0) {
            return null;
        }
        if ((first >> 6) != 3) {
            long len = lengthAfter(first);
            return len == LENGTH_ERROR ? null : readRaw(len);
        }
        return switch (first) {
            case RdbWriter.ENC_INT8 -> integer(1);
            case RdbWriter.ENC_INT16 -> integer(2);
            case RdbWriter.ENC_INT32 -> integer(4);
            case RdbWriter.ENC_LZF -> compressed();
            default -> null;
        };
    }

    private byte[] readRaw(long len) {
        if (len < 0 || len > buf.length - pos) {
            return null;
        }
        byte[] s = Arrays.copyOfRange(buf, pos, pos + (int) len);
        pos += (int) len;
        return s;
    }

    /** A little-endian signed integer of n bytes, as its decimal text. */
    private byte[] integer(int n) {
        if (buf.length - pos < n) {
            return null;
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (long) (buf[pos++] & 0xff) << (8 * i);
        }
        int unused = 64 - 8 * n;
        return RedisIntegers.toBytes((v << unused) >> unused).clone();
    }

    private byte[] compressed() {
        long clen = readLength();
        long len = readLength();
        if (clen == LENGTH_ERROR || len == LENGTH_ERROR || clen > buf.length - pos) {
            return null;
        }
        // LZF turns 3 input bytes into at most 264: a longer announced length cannot be right
        if (len > 88 * clen + 1 || len > Integer.MAX_VALUE - 8) {
            return null;
        }
        byte[] out = new byte[(int) len];
        int got = Lzf.decompress(buf, pos, (int) clen, out, (int) len);
        pos += (int) clen;
        return got == len ? out : null;
    }
}
