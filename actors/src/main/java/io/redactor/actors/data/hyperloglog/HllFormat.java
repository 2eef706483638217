package io.redactor.actors.data.hyperloglog;

/**
 * The layout of a HyperLogLog string, Redis's own: a 16-byte header ({@code HYLL}, the encoding byte, 3 unused
 * bytes, the cached cardinality as 8 little-endian bytes whose most significant bit marks it stale), then the
 * registers, sparse ({@link SparseRegisters}) or dense ({@link DenseRegisters}).
 */
public final class HllFormat {
    public static final int HEADER_SIZE = 16;
    /** Bits of the hash that choose the register. */
    static final int INDEX_BITS = 14;
    public static final int REGISTERS = 1 << INDEX_BITS;
    static final int REGISTER_BITS = 6;
    static final int REGISTER_MAX = (1 << REGISTER_BITS) - 1;
    public static final int DENSE_SIZE = HEADER_SIZE + (REGISTERS * REGISTER_BITS + 7) / 8;
    public static final int DENSE = 0;
    public static final int SPARSE = 1;

    private static final int ENCODING_AT = 4;
    private static final int CARDINALITY_AT = 8;
    private static final int STALE_BYTE = CARDINALITY_AT + 7;
    private static final int STALE_BIT = 0x80;

    private HllFormat() {
    }

    /**
     * Whether {@code bytes[0, length)} can be taken for a HyperLogLog (Redis's isHLLObjectOrReply): long enough for
     * the header, the magic, a known encoding, and for a dense one exactly its size. Sparse registers are checked
     * only as they are read.
     */
    public static boolean isValid(byte[] bytes, int length) {
        if (length < HEADER_SIZE || bytes[0] != 'H' || bytes[1] != 'Y' || bytes[2] != 'L' || bytes[3] != 'L') {
            return false;
        }
        int encoding = encoding(bytes);
        return encoding == SPARSE || encoding == DENSE && length == DENSE_SIZE;
    }

    public static int encoding(byte[] bytes) {
        return bytes[ENCODING_AT] & 0xff;
    }

    static void setEncoding(byte[] bytes, int encoding) {
        bytes[ENCODING_AT] = (byte) encoding;
    }

    /** Whether the cached cardinality may be used: the registers have not changed since it was stored. */
    public static boolean cacheValid(byte[] bytes) {
        return (bytes[STALE_BYTE] & STALE_BIT) == 0;
    }

    public static long cachedCardinality(byte[] bytes) {
        long value = 0;
        for (int i = CARDINALITY_AT + 7; i >= CARDINALITY_AT; i--) {
            value = value << 8 | (bytes[i] & 0xff);
        }
        return value;
    }

    public static void storeCardinality(byte[] bytes, long cardinality) {
        for (int i = 0; i < 8; i++) {
            bytes[CARDINALITY_AT + i] = (byte) (cardinality >>> (8 * i));
        }
    }

    /** Marks the cached cardinality stale; its other bits stay as they were, as in Redis. */
    public static void invalidateCache(byte[] bytes) {
        bytes[STALE_BYTE] |= (byte) STALE_BIT;
    }

    /** A new, empty HyperLogLog's bytes: sparse, every register in one XZERO run, cardinality 0 and valid. */
    static byte[] emptySparse() {
        byte[] bytes = new byte[HEADER_SIZE + SparseRegisters.XZERO_SIZE];
        bytes[0] = 'H';
        bytes[1] = 'Y';
        bytes[2] = 'L';
        bytes[3] = 'L';
        setEncoding(bytes, SPARSE);
        SparseRegisters.writeZeroRun(bytes, HEADER_SIZE, REGISTERS);
        return bytes;
    }
}
