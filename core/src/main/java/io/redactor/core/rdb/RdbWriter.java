package io.redactor.core.rdb;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;

/**
 * Writes Redis 7.0's RDB encodings into a growing byte array: lengths ({@code rdbSaveLen}), strings
 * ({@code rdbSaveRawString}: small integers as integers, LZF when it saves at least 4 bytes, else raw) and binary
 * doubles ({@code rdbSaveBinaryDoubleValue}). {@link #reset} empties it for the next value while keeping its buffers,
 * so that one writer can serialize many keys without garbage. Not thread-safe.
 */
public final class RdbWriter {
    static final int ENC_INT8 = 0xc0;
    static final int ENC_INT16 = 0xc1;
    static final int ENC_INT32 = 0xc2;
    static final int ENC_LZF = 0xc3;
    static final int LEN_32BIT = 0x80;
    static final int LEN_64BIT = 0x81;
    private static final int MAX_KEPT_SCRATCH = 1 << 20;

    private byte[] buf = new byte[64];
    private int size;
    private Lzf.Compressor compressor;
    private byte[] compressed = new byte[0];

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

    /**
     * {@code rdbSaveLen}: 6 bits, 14 bits, 32 or 64 bits big-endian after a marker byte; {@code len} is unsigned (a
     * negative {@code long} is 2^63 or more, such as a stream counter's -1, written as 64 bits of ones).
     */
    public RdbWriter writeLength(long len) {
        if (len >= 0 && len < (1 << 6)) {
            return writeByte((int) len);
        }
        if (len >= 0 && len < (1 << 14)) {
            writeByte((int) (0x40 | (len >> 8)));
            return writeByte((int) (len & 0xff));
        }
        if (len >= 0 && len <= 0xffffffffL) {
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

    /** The number of bytes {@link #writeLength} takes for {@code len}. */
    static int lengthSize(long len) {
        if (len < (1 << 6)) {
            return 1;
        }
        if (len < (1 << 14)) {
            return 2;
        }
        return len <= 0xffffffffL ? 5 : 9;
    }

    /**
     * {@code rdbSaveRawString}: a string of at most 11 bytes that is a canonical integer within 32 bits is
     * written as one; with {@code compress} (Redis's {@code rdbcompression yes}, the default) a string of more
     * than 20 bytes is written LZF-compressed when that saves at least 4 bytes; the rest is written as is.
     */
    public RdbWriter writeString(byte[] s, boolean compress) {
        return writeString(s, 0, s.length, compress);
    }

    /** {@link #writeString(byte[], boolean)} of {@code s[off, off + len)}. */
    public RdbWriter writeString(byte[] s, int off, int len, boolean compress) {
        if (len <= 11 && writeInteger(s, off, len)) {
            return this;
        }
        if (compress && len > 20 && writeCompressed(s, off, len)) {
            return this;
        }
        writeLength(len);
        return writeRaw(s, off, len);
    }

    /** {@code rdbSaveBinaryDoubleValue}: the IEEE 754 bits, little-endian. */
    public RdbWriter writeBinaryDouble(double v) {
        return writeLittleEndian(Double.doubleToRawLongBits(v), 8);
    }

    /** The low {@code n} bytes of {@code v}, least significant first. */
    public RdbWriter writeLittleEndian(long v, int n) {
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[size++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    private boolean writeInteger(byte[] s, int off, int len) {
        if (len == 0 || !(s[off] == '-' || (s[off] >= '0' && s[off] <= '9'))) {
            return false;
        }
        long v;
        try {
            v = RedisIntegers.parseLong(s, off, len);
        } catch (NotANumberException e) {
            return false;
        }
        if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
            writeByte(ENC_INT8);
            writeByte((int) v);
        } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
            writeByte(ENC_INT16);
            writeLittleEndian(v, 2);
        } else if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
            writeByte(ENC_INT32);
            writeLittleEndian(v, 4);
        } else {
            return false;
        }
        return true;
    }

    /** {@code rdbSaveLzfStringObject}: worth it only when at least 4 bytes shorter. */
    private boolean writeCompressed(byte[] s, int off, int len) {
        int outLen = len - 4;
        byte[] out = compressed;
        if (out.length < outLen + 1) {
            // a scratch buffer is kept for the common sizes, not for the odd huge string
            if (outLen < MAX_KEPT_SCRATCH) {
                out = new byte[Math.max(outLen + 1, Math.min(2 * out.length, MAX_KEPT_SCRATCH))];
                compressed = out;
            } else {
                out = new byte[outLen + 1];
            }
        }
        if (compressor == null) {
            compressor = new Lzf.Compressor();
        }
        int n = compressor.compress(s, off, len, out, outLen);
        if (n == 0) {
            return false;
        }
        writeByte(ENC_LZF);
        writeLength(n);
        writeLength(len);
        writeRaw(out, 0, n);
        return true;
    }

    /**
     * Writes one placeholder byte for a length that is known only later ({@link #patchLength}), such as the node
     * count of a quicklist, which comes before the nodes.
     *
     * @return the placeholder's position
     */
    int reserveLength() {
        writeByte(0);
        return size - 1;
    }

    /** Writes {@code len} at the placeholder {@code mark}, moving what follows when it takes more than one byte. */
    void patchLength(int mark, long len) {
        int extra = lengthSize(len) - 1;
        if (extra > 0) {
            ensure(extra);
            System.arraycopy(buf, mark + 1, buf, mark + 1 + extra, size - mark - 1);
        }
        int end = size + extra;
        size = mark;
        writeLength(len);
        size = end;
    }

    /** Empties the writer, keeping its buffers for the next value. */
    public RdbWriter reset() {
        size = 0;
        return this;
    }

    public int size() {
        return size;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /** Writes what this writer holds to {@code out}, without copying it first. */
    public void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, size);
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }
}
