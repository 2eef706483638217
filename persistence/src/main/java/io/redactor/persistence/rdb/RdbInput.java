package io.redactor.persistence.rdb;

import io.redactor.core.rdb.Crc64;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * An RDB file read as a stream: the encodings of the format's top level (opcodes, lengths, strings, times), a
 * running CRC-64 of everything read, and the position. Reads exactly what it is asked for, so that what follows the
 * RDB part of a file (an old-style AOF tail) is left to the next reader. Lengths are checked against what is left
 * of the file before anything is allocated.
 */
public final class RdbInput {
    static final int ENC_INT8 = 0xc0;
    static final int ENC_INT16 = 0xc1;
    static final int ENC_INT32 = 0xc2;
    static final int ENC_LZF = 0xc3;

    private final InputStream in;
    private final long length;
    private long position;
    private long crc;

    /** {@code length}: the bytes the stream has left at most (its file's size minus where it starts). */
    public RdbInput(InputStream in, long length) {
        this.in = in;
        this.length = length;
    }

    public long position() {
        return position;
    }

    public long remaining() {
        return length - position;
    }

    /** The CRC-64 of everything read so far. */
    public long crc() {
        return crc;
    }

    public int readByte() throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new EOFException("unexpected end of file at offset " + position);
        }
        crc = Crc64.update(crc, b);
        position++;
        return b;
    }

    public byte[] readBytes(long n) throws IOException {
        if (n < 0 || n > remaining() || n > Integer.MAX_VALUE - 8) {
            throw new EOFException("a length of " + n + " bytes at offset " + position + " goes past the end");
        }
        byte[] out = new byte[(int) n];
        readFully(out, 0, out.length);
        return out;
    }

    public void readFully(byte[] buf, int off, int len) throws IOException {
        int done = 0;
        while (done < len) {
            int n = in.read(buf, off + done, len - done);
            if (n < 0) {
                throw new EOFException("unexpected end of file at offset " + (position + done));
            }
            done += n;
        }
        crc = Crc64.update(crc, buf, off, len);
        position += len;
    }

    /** A little-endian unsigned integer of {@code n} bytes (8 at most). */
    public long readLittleEndian(int n) throws IOException {
        byte[] bytes = new byte[n];
        readFully(bytes, 0, n);
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = (v << 8) | (bytes[i] & 0xff);
        }
        return v;
    }

    /** {@code rdbLoadLen}: a length, or -(1 + encoding) for the special string encodings (first bits 11). */
    public long readLengthOrEncoding() throws IOException {
        int first = readByte();
        switch (first >> 6) {
            case 0:
                return first & 0x3f;
            case 1:
                return ((first & 0x3f) << 8) | readByte();
            case 3:
                return -1 - (first & 0x3f);
            default:
                if (first == 0x80) {
                    return readBigEndian(4);
                }
                if (first == 0x81) {
                    long v = readBigEndian(8);
                    if (v < 0) {
                        throw new IOException("a 64-bit length over 2^63 at offset " + position);
                    }
                    return v;
                }
                throw new IOException("unknown length encoding 0x" + Integer.toHexString(first) + " at offset "
                        + (position - 1));
        }
    }

    /** A plain length. */
    public long readLength() throws IOException {
        long len = readLengthOrEncoding();
        if (len < 0) {
            throw new IOException("an encoded value where a length was expected at offset " + (position - 1));
        }
        return len;
    }

    private long readBigEndian(int n) throws IOException {
        byte[] bytes = new byte[n];
        readFully(bytes, 0, n);
        long v = 0;
        for (byte b : bytes) {
            v = (v << 8) | (b & 0xff);
        }
        return v;
    }

    /**
     * The raw encoding of one string, as it is in the file (length header included): for copying a value whole,
     * or for a string whose decoding is left to the value reader.
     */
    public void copyString(RawBytes out) throws IOException {
        int first = readByte();
        out.add(first);
        if ((first >> 6) == 3) {
            copyEncodedString(first, out);
            return;
        }
        long len = lengthAfter(first, out);
        out.addFrom(this, len);
    }

    /** The rest of a string whose first byte says it is encoded (an integer or LZF). */
    private void copyEncodedString(int first, RawBytes out) throws IOException {
        switch (first) {
            case ENC_INT8 -> out.add(readBytes(1));
            case ENC_INT16 -> out.add(readBytes(2));
            case ENC_INT32 -> out.add(readBytes(4));
            case ENC_LZF -> {
                long clen = copyLength(out);
                copyLength(out);
                out.addFrom(this, clen);
            }
            default -> throw new IOException("unknown string encoding 0x" + Integer.toHexString(first)
                    + " at offset " + (position - 1));
        }
    }

    /** Copies a plain length (its header) and returns it. */
    public long copyLength(RawBytes out) throws IOException {
        int first = readByte();
        out.add(first);
        if ((first >> 6) == 3) {
            throw new IOException("an encoded value where a length was expected at offset " + (position - 1));
        }
        return lengthAfter(first, out);
    }

    /** Copies a number in the length encoding that may use all 64 bits (stream IDs and counters). */
    public void copyNumber(RawBytes out) throws IOException {
        int first = readByte();
        out.add(first);
        if (first == 0x81) {
            out.add(readBytes(8));
        } else if ((first >> 6) == 3) {
            throw new IOException("an encoded value where a number was expected at offset " + (position - 1));
        } else {
            lengthAfter(first, out);
        }
    }

    /** The rest of a length that starts with {@code first}, copied to {@code out} unless it is null. */
    private long lengthAfter(int first, RawBytes out) throws IOException {
        switch (first >> 6) {
            case 0:
                return first & 0x3f;
            case 1: {
                int second = readByte();
                if (out != null) {
                    out.add(second);
                }
                return ((first & 0x3f) << 8) | second;
            }
            default: {
                int n = first == 0x80 ? 4 : first == 0x81 ? 8 : -1;
                if (n < 0) {
                    throw new IOException("unknown length encoding 0x" + Integer.toHexString(first) + " at offset "
                            + (position - 1));
                }
                byte[] bytes = readBytes(n);
                if (out != null) {
                    out.add(bytes);
                }
                long v = 0;
                for (byte b : bytes) {
                    v = (v << 8) | (b & 0xff);
                }
                if (v < 0) {
                    throw new IOException("a 64-bit length over 2^63 at offset " + position);
                }
                return v;
            }
        }
    }

    /**
     * A string, decoded (integer-encoded and LZF-compressed ones included). A plain one (every key Redis writes
     * that is not a number or long enough to compress) is read straight into its array.
     */
    public byte[] readString() throws IOException {
        int first = readByte();
        if ((first >> 6) != 3) {
            return readBytes(lengthAfter(first, null));
        }
        RawBytes raw = new RawBytes(64);
        raw.add(first);
        copyEncodedString(first, raw);
        byte[] decoded = new io.redactor.core.rdb.RdbReader(raw.toByteArray()).readString();
        if (decoded == null) {
            throw new IOException("a compressed string that does not decompress, before offset " + position);
        }
        return decoded;
    }

    /** A growing copy of raw file bytes. */
    public static final class RawBytes {
        private byte[] bytes;
        private int size;

        public RawBytes() {
            this(256);
        }

        RawBytes(int capacity) {
            bytes = new byte[capacity];
        }

        void add(int b) {
            ensure(1);
            bytes[size++] = (byte) b;
        }

        void add(byte[] more) {
            ensure(more.length);
            System.arraycopy(more, 0, bytes, size, more.length);
            size += more.length;
        }

        /** Appends the next {@code n} bytes of {@code in}, read straight into this buffer. */
        void addFrom(RdbInput in, long n) throws IOException {
            if (n < 0 || n > in.remaining() || n > Integer.MAX_VALUE - 8 - size) {
                throw new EOFException("a length of " + n + " bytes at offset " + in.position()
                        + " goes past the end");
            }
            ensure((int) n);
            in.readFully(bytes, size, (int) n);
            size += (int) n;
        }

        private void ensure(int more) {
            if (size + more > bytes.length) {
                bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
            }
        }

        public byte[] toByteArray() {
            return java.util.Arrays.copyOf(bytes, size);
        }

        public void clear() {
            size = 0;
            if (bytes.length > 1 << 20) {
                bytes = new byte[256];
            }
        }
    }
}
