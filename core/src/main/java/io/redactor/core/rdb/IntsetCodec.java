package io.redactor.core.rdb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;

/**
 * Redis's intset (intset.c), the encoding of small all-integer sets (type 11): the width of every member in bytes
 * (2, 4 or 8: the smallest that holds them all) and the member count, both 32 bits, then the members in ascending
 * order, all little-endian. Reading checks what Redis 7.0's {@code intsetValidateIntegrity} does with deep
 * validation: a known width, a size that is exactly the header and the members, at least one member, and members
 * strictly ascending (so no duplicates). Keeps its scratch buffers between sets; not thread-safe.
 */
final class IntsetCodec {
    private static final int HEADER_SIZE = 8;

    private long[] values = new long[16];
    private byte[] blob = new byte[64];

    /**
     * Writes the intset of {@code members} as an RDB string.
     *
     * @throws IllegalArgumentException when a member is not a canonical 64-bit integer or two are equal
     */
    void write(RdbWriter out, List<byte[]> members, boolean compress) {
        int n = members.size();
        if (values.length < n) {
            values = new long[Math.max(n, 2 * values.length)];
        }
        int i = 0;
        for (byte[] m : members) {
            try {
                values[i++] = RedisIntegers.parseLong(m);
            } catch (NotANumberException e) {
                throw new IllegalArgumentException("intset member is not an integer: " + Arrays.toString(m));
            }
        }
        Arrays.sort(values, 0, n);
        int width = 2;
        for (int k = 0; k < n; k++) {
            if (k > 0 && values[k] == values[k - 1]) {
                throw new IllegalArgumentException("duplicate intset member " + values[k]);
            }
            width = Math.max(width, width(values[k]));
        }
        int size = HEADER_SIZE + n * width;
        if (blob.length < size) {
            blob = new byte[Math.max(size, 2 * blob.length)];
        }
        put(0, width, 4);
        put(4, n, 4);
        for (int k = 0; k < n; k++) {
            put(HEADER_SIZE + k * width, values[k], width);
        }
        out.writeString(blob, 0, size, compress);
    }

    private static int width(long v) {
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            return 8;
        }
        return v < Short.MIN_VALUE || v > Short.MAX_VALUE ? 4 : 2;
    }

    private void put(int at, long v, int n) {
        for (int i = 0; i < n; i++) {
            blob[at + i] = (byte) (v >>> (8 * i));
        }
    }

    /** The members of the intset {@code a[off, off + size)}, as decimal text. */
    static List<byte[]> read(byte[] a, int off, int size) throws RdbBadDataException {
        if (size < HEADER_SIZE) {
            throw bad("shorter than a header");
        }
        long width = ListpackParser.littleEndian(a, off, 4);
        if (width != 2 && width != 4 && width != 8) {
            throw bad("unknown width " + width);
        }
        long count = ListpackParser.littleEndian(a, off + 4, 4);
        if (HEADER_SIZE + count * width != size) {
            throw bad(count + " members of " + width + " bytes in a blob of " + size);
        }
        if (count == 0) {
            throw bad("no members");
        }
        int w = (int) width;
        int unused = 64 - 8 * w;
        List<byte[]> members = new ArrayList<>((int) count);
        long previous = 0;
        for (int i = 0; i < count; i++) {
            long v = (ListpackParser.littleEndian(a, off + HEADER_SIZE + i * w, w) << unused) >> unused;
            if (i > 0 && v <= previous) {
                throw bad("members not in ascending order");
            }
            members.add(RedisIntegers.toBytes(v).clone());
            previous = v;
        }
        return members;
    }

    private static RdbBadDataException bad(String why) {
        return new RdbBadDataException("intset: " + why);
    }
}
