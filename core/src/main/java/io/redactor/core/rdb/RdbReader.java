package io.redactor.core.rdb;

import java.util.Arrays;

import io.redactor.core.number.RedisIntegers;

/**
 * Reads Redis 7.0's RDB encodings from a byte array, failing as Redis's loader does (a null or -1 result where
 * Redis's returns NULL or {@code RDB_LENERR}): reading past the end, an unknown length or string encoding, LZF data
 * that does not decompress to the announced length. Nothing is allocated for a length before the bytes it announces
 * are known to be there (for LZF: before the compressed data is known to decompress to exactly that length).
 */
public final class RdbReader {
    /** {@code RDB_LENERR}: also what a 64-bit length of all ones reads as. */
    public static final long LENGTH_ERROR = -1;

    /** Part of an array: a string read in place, without a copy. */
    public record Slice(byte[] array, int offset, int length) {
        public byte[] toByteArray() {
            return Arrays.copyOfRange(array, offset, offset + length);
        }
    }

    /** Decompressed lengths up to this are allocated without checking the compressed data first. */
    private static final long DRY_RUN_ABOVE = 64 * 1024;

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

    /** The number of bytes left to read. */
    public int remaining() {
        return buf.length - pos;
    }

    /** The next byte (0-255), or -1 at the end. */
    public int readByte() {
        return pos < buf.length ? buf[pos++] & 0xff : -1;
    }

    /**
     * A little-endian value of {@code n} bytes (at most 8), as an unsigned number for fewer than 8.
     *
     * @throws IllegalStateException when fewer than {@code n} bytes remain: check {@link #remaining} first
     */
    public long readLittleEndian(int n) {
        if (remaining() < n) {
            throw new IllegalStateException("only " + remaining() + " bytes left, " + n + " needed");
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (long) (buf[pos++] & 0xff) << (8 * i);
        }
        return v;
    }

    /** The next {@code n} bytes in place, or null when fewer remain. */
    public Slice readBytes(int n) {
        if (n < 0 || n > remaining()) {
            return null;
        }
        Slice s = new Slice(buf, pos, n);
        pos += n;
        return s;
    }

    /**
     * {@code rdbLoadLen} without an encoding flag: a byte with the two top bits set reads as its low 6 bits here,
     * as in Redis when the caller does not ask whether the value is encoded.
     *
     * @return the length, or {@link #LENGTH_ERROR}; a 64-bit length of 2^63 or more is negative (callers that size
     *         anything from it must treat any negative value as an error)
     */
    public long readLength() {
        int first = readByte();
        return first < 0 ? LENGTH_ERROR : lengthAfter(first);
    }

    /**
     * {@code rdbLoadLen} for a value that uses all 64 bits (stream IDs and counters), where a 64-bit length of all
     * ones is a value (-1 as a {@code long}) and not an error.
     *
     * @throws RdbBadDataException when it cannot be read
     */
    public long readUnsignedLength() throws RdbBadDataException {
        int first = readByte();
        if (first == RdbWriter.LEN_64BIT && remaining() >= 8) {
            return readBigEndian(8);
        }
        long len = first < 0 ? LENGTH_ERROR : lengthAfter(first);
        if (len == LENGTH_ERROR) {
            throw new RdbBadDataException("unreadable length");
        }
        return len;
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
        Slice s = readStringSlice();
        if (s == null) {
            return null;
        }
        return s.array() == buf ? s.toByteArray() : s.array();
    }

    /**
     * {@link #readString}, but a raw string is returned in place, as a slice of this reader's array: for blobs
     * (listpacks, ziplists, intsets) that are parsed right away and not kept.
     *
     * @return the string, or null when it cannot be read
     */
    public Slice readStringSlice() {
        int first = readByte();
        if (first < 0) {
            return null;
        }
        if ((first >> 6) != 3) {
            long len = lengthAfter(first);
            if (len < 0 || len > buf.length - pos) {
                return null;
            }
            Slice s = new Slice(buf, pos, (int) len);
            pos += (int) len;
            return s;
        }
        byte[] decoded = switch (first) {
            case RdbWriter.ENC_INT8 -> integer(1);
            case RdbWriter.ENC_INT16 -> integer(2);
            case RdbWriter.ENC_INT32 -> integer(4);
            case RdbWriter.ENC_LZF -> compressed();
            default -> null;
        };
        return decoded == null ? null : new Slice(decoded, 0, decoded.length);
    }

    /** A little-endian signed integer of n bytes, as its decimal text. */
    private byte[] integer(int n) {
        if (buf.length - pos < n) {
            return null;
        }
        long v = readLittleEndian(n);
        int unused = 64 - 8 * n;
        return RedisIntegers.toBytes((v << unused) >> unused).clone();
    }

    private byte[] compressed() {
        long clen = readLength();
        long len = readLength();
        // a 64-bit length of 2^63 or more reads as negative: too long for any input
        if (clen < 0 || len < 0 || clen > buf.length - pos) {
            return null;
        }
        // LZF turns 3 input bytes into at most 264: a longer announced length cannot be right
        if (len > 88 * clen + 1 || len > Integer.MAX_VALUE - 8) {
            return null;
        }
        // A long string gets a dry run first, so that a forged length costs no large allocation.
        if (len > DRY_RUN_ABOVE && Lzf.decompressedLength(buf, pos, (int) clen, len) != len) {
            return null;
        }
        byte[] out = new byte[(int) len];
        int got = Lzf.decompress(buf, pos, (int) clen, out, (int) len);
        pos += (int) clen;
        return got == len ? out : null;
    }
}
