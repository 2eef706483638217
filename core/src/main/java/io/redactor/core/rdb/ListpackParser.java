package io.redactor.core.rdb;

import io.redactor.core.listpack.Listpack;

/**
 * Checks and reads a listpack (layout in {@link ListpackBuilder}) as Redis 7.0's {@code lpValidateIntegrity} does
 * with deep validation: the header's total bytes equal the blob's size, the last byte is 0xFF, every entry has a
 * known encoding and stays inside the blob, its backlen decodes to its size, the entries end exactly at the last
 * byte, and their number equals the header's count unless that is 65535. Strings are passed to the sink in place.
 */
final class ListpackParser {
    private ListpackParser() {
    }

    /** @return the number of entries */
    static int parse(byte[] a, int off, int size, EntrySink sink) throws RdbBadDataException {
        return parse(a, off, size, sink, true);
    }

    /**
     * {@link #parse(byte[], int, int, EntrySink)}, the header's count checked only when {@code checkCount} (Redis
     * does not check it in stream nodes).
     */
    static int parse(byte[] a, int off, int size, EntrySink sink, boolean checkCount) throws RdbBadDataException {
        if (size < ListpackBuilder.HEADER_SIZE + 1) {
            throw bad("shorter than a header");
        }
        if (littleEndian(a, off, 4) != size) {
            throw bad("total bytes " + littleEndian(a, off, 4) + " in a blob of " + size);
        }
        int last = off + size - 1;
        if ((a[last] & 0xff) != ListpackBuilder.EOF) {
            throw bad("no end byte");
        }
        long header = littleEndian(a, off + 4, 2);
        if (checkCount && header != ListpackBuilder.COUNT_UNKNOWN) {
            sink.expect((int) Math.min(header, size / 2));
        }
        int count = 0;
        int p = off + ListpackBuilder.HEADER_SIZE;
        while ((a[p] & 0xff) != ListpackBuilder.EOF) {
            p = entry(a, p, last, sink);
            count++;
        }
        if (p != last) {
            throw bad("end byte before the end");
        }
        if (checkCount && header != ListpackBuilder.COUNT_UNKNOWN && header != count) {
            throw bad("count " + header + " but " + count + " entries");
        }
        return count;
    }

    /** Checks the entry at {@code p} and hands it to the sink; returns where the next entry starts. */
    private static int entry(byte[] a, int p, int last, EntrySink sink) throws RdbBadDataException {
        int b = a[p] & 0xff;
        int headerSize;
        long dataSize;
        boolean string;
        if (b < 0x80) {
            headerSize = 1;
            dataSize = 0;
            string = false;
        } else if (b < 0xc0) {
            headerSize = 1;
            dataSize = b & 0x3f;
            string = true;
        } else if (b < 0xe0) {
            headerSize = 1;
            dataSize = 1;
            string = false;
        } else if (b < 0xf0) {
            headerSize = 2;
            dataSize = -1;
            string = true;
        } else if (b == 0xf0) {
            headerSize = 5;
            dataSize = -1;
            string = true;
        } else if (b <= 0xf4) {
            headerSize = 1;
            dataSize = INT_SIZES[b - 0xf1];
            string = false;
        } else {
            throw bad("unknown entry encoding " + Integer.toHexString(b));
        }
        if (p + headerSize > last) {
            throw bad("entry header past the end");
        }
        if (b >= 0xe0 && b < 0xf0) {
            dataSize = ((b & 0x0f) << 8) | (a[p + 1] & 0xff);
        } else if (b == 0xf0) {
            dataSize = littleEndian(a, p + 1, 4);
        }
        long encoded = headerSize + dataSize;
        int backlen = Listpack.backlenSize(encoded);
        if (p + encoded + backlen > last) {
            throw bad("entry past the end");
        }
        int next = (int) (p + encoded + backlen);
        if (decodeBacklen(a, next - 1) != encoded) {
            throw bad("backlen does not match the entry");
        }
        if (string) {
            sink.string(a, p + headerSize, (int) dataSize);
        } else {
            sink.integer(integer(a, p, b));
        }
        return next;
    }

    /** The sizes of the data after 0xF1..0xF4. */
    private static final int[] INT_SIZES = {2, 3, 4, 8};

    private static long integer(byte[] a, int p, int b) {
        if (b < 0x80) {
            return b;
        }
        if (b < 0xe0) {
            long u = ((b & 0x1f) << 8) | (a[p + 1] & 0xff);
            return (u << 51) >> 51;
        }
        int bits = 8 * INT_SIZES[b - 0xf1];
        long u = littleEndian(a, p + 1, bits / 8);
        return (u << (64 - bits)) >> (64 - bits);
    }

    /**
     * {@code lpDecodeBacklen}: reads backwards from {@code p}, 7 bits a byte while the top bit is set, at most
     * 5 bytes; -1 when longer.
     */
    private static long decodeBacklen(byte[] a, int p) {
        long v = 0;
        int shift = 0;
        while (true) {
            if (p < 0) {
                return -1;
            }
            int b = a[p] & 0xff;
            v |= (long) (b & 127) << shift;
            if ((b & 128) == 0) {
                return v;
            }
            shift += 7;
            p--;
            if (shift > 28) {
                return -1;
            }
        }
    }

    static long littleEndian(byte[] a, int p, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (long) (a[p + i] & 0xff) << (8 * i);
        }
        return v;
    }

    private static RdbBadDataException bad(String why) {
        return new RdbBadDataException("listpack: " + why);
    }
}
