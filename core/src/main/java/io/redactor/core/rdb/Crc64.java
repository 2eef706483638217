package io.redactor.core.rdb;

/**
 * Redis's CRC-64 (the "Jones" polynomial {@code 0xad93d23594c935a9}, reflected, initial value 0, no final xor),
 * which closes DUMP and FUNCTION DUMP payloads and RDB files. {@code of("123456789")} is
 * {@code 0xe9c6d914c4b8d9ca}.
 */
public final class Crc64 {
    /** The polynomial with its bits reversed, for the reflected (LSB-first) table. */
    private static final long REFLECTED_POLY = 0x95ac9329ac4bc9b5L;
    private static final long[] TABLE = new long[256];

    static {
        for (int i = 0; i < 256; i++) {
            long c = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ REFLECTED_POLY : c >>> 1;
            }
            TABLE[i] = c;
        }
    }

    private Crc64() {
    }

    /** Continues {@code crc} over {@code data[off, off + len)}. */
    public static long update(long crc, byte[] data, int off, int len) {
        for (int i = off; i < off + len; i++) {
            crc = TABLE[(int) (crc ^ data[i]) & 0xff] ^ (crc >>> 8);
        }
        return crc;
    }

    public static long of(byte[] data, int off, int len) {
        return update(0, data, off, len);
    }
}
