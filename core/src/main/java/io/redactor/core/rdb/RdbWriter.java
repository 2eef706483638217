package io.redactor.core.rdb;

import java.util.Arrays;

import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;

/**
 * Writes Redis 7.0's RDB encodings into a growing byte array: lengths ({@code rdbSaveLen}) and strings
 * ({@code rdbSaveRawString}: small integers as integers, LZF when it saves at least 4 bytes, else raw).
 */
public final class RdbWriter {
    static final int ENC_INT8 = 0xc0;
    static final int ENC_INT16 = 0xc1;
    static final int ENC_INT32 = 0xc2;
    static final int ENC_LZF = 0xc3;
    static final int LEN_32BIT = 0x80;
    static final int LEN_64BIT = 0x81;

    private byte[] buf = new byte[64];
    private int size;

    public RdbWriter writeByte(int b) {
        ensure(1);
        buf[size++] = (byte) b;
        return this;
    }

    public RdbWriter writeRaw(byte[] bytes, int off, int len) {
        ensure(len);
        System.arraycopy(bytes, off, buf, size, len);
        size += len;
        return this;
    }

    /** {@code rdbSaveLen}: 6 bits, 14 bits, 32 or 64 bits big-endian after a marker byte. */
    public RdbWriter writeLength(long len) {
        if (len < (1 << 6)) {
            return writeByte((int) len);
        }
        if (len < (1 << 14)) {
            writeByte((int) (0x40 | (len >> 8)));
            return writeByte((int) (len & 0xff));
        }
        if (len <= 0xffffffffL) {
            writeByte(LEN_32BIT);
            for (int shift = 24; shift >= 0; shift -= 8) {
                writeByte((int) (len >>> shift));
            }
            return this;
        }
        writeByte(LEN_64BIT);
        for (int shift = 56; shift >= 0; shift -= 8) {
            writeByte((int) (len >>> shift));
        }
        return this;
    }

    /**
     * {@code rdbSaveRawString}: a string of at most 11 bytes that is a canonical integer within 32 bits is
     * written as one; with {@code compress} (Redis's {@code rdbcompression yes}, the default) a string of more
     * than 20 bytes is written LZF-compressed when that saves at least 4 bytes; the rest is written as is.
     */
    public RdbWriter writeString(byte[] s, boolean compress) {
        if (s.length <= 11 && writeInteger(s)) {
            return this;
        }
        if (compress && s.length > 20 && writeCompressed(s)) {
            return this;
        }
        writeLength(s.length);
        return writeRaw(s, 0, s.length);
    }

    private boolean writeInteger(byte[] s) {
        long v;
        try {
            v = RedisIntegers.parseLong(s);
        } catch (NotANumberException e) {
            return false;
        }
        if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
            writeByte(ENC_INT8);
            writeByte((int) v);
        } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
            writeByte(ENC_INT16);
            writeByte((int) v);
            writeByte((int) (v >> 8));
        } else if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
            writeByte(ENC_INT32);
            for (int shift = 0; shift < 32; shift += 8) {
                writeByte((int) (v >> shift));
            }
        } else {
            return false;
        }
        return true;
    }

    /** {@code rdbSaveLzfStringObject}: worth it only when at least 4 bytes shorter. */
    private boolean writeCompressed(byte[] s) {
        int outLen = s.length - 4;
        byte[] out = new byte[outLen + 1];
        int compressed = Lzf.compress(s, 0, s.length, out, outLen);
        if (compressed == 0) {
            return false;
        }
        writeByte(ENC_LZF);
        writeLength(compressed);
        writeLength(s.length);
        writeRaw(out, 0, compressed);
        return true;
    }

    public int size() {
        return size;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }
}
