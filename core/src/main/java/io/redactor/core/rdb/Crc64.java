package io.redactor.core.rdb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Redis's CRC-64 (the "Jones" polynomial {@code 0xad93d23594c935a9}, reflected, initial value 0, no final xor),
 * which closes DUMP and FUNCTION DUMP payloads and RDB files. {@code of("123456789")} is
 * {@code 0xe9c6d914c4b8d9ca}.
 */
public final class Crc64 {
    /** The polynomial with its bits reversed, for the reflected (LSB-first) table. */
    private static final long REFLECTED_POLY = 0x95ac9329ac4bc9b5L;
    /**
     * {@code TABLES[0]} is the byte-at-a-time table; {@code TABLES[k][b]} is the CRC of byte b followed by k zero
     * bytes, so that eight bytes are folded in at once (slicing-by-8) instead of one after the other.
     */
    private static final long[][] TABLES = new long[8][256];
    private static final VarHandle LITTLE_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    static {
        for (int i = 0; i < 256; i++) {
            long c = i;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ REFLECTED_POLY : c >>> 1;
            }
            TABLES[0][i] = c;
        }
        for (int k = 1; k < 8; k++) {
            for (int i = 0; i < 256; i++) {
                long previous = TABLES[k - 1][i];
                TABLES[k][i] = TABLES[0][(int) previous & 0xff] ^ (previous >>> 8);
            }
        }
    }

    private Crc64() {
    }

    /** Continues {@code crc} over {@code data[off, off + len)}. */
    public static long update(long crc, byte[] data, int off, int len) {
        long[] t0 = TABLES[0];
        int i = off;
        int end = off + len;
        for (; i + 8 <= end; i += 8) {
            long x = crc ^ (long) LITTLE_ENDIAN_LONG.get(data, i);
            crc = TABLES[7][(int) x & 0xff] ^ TABLES[6][(int) (x >>> 8) & 0xff]
                    ^ TABLES[5][(int) (x >>> 16) & 0xff] ^ TABLES[4][(int) (x >>> 24) & 0xff]
                    ^ TABLES[3][(int) (x >>> 32) & 0xff] ^ TABLES[2][(int) (x >>> 40) & 0xff]
                    ^ TABLES[1][(int) (x >>> 48) & 0xff] ^ t0[(int) (x >>> 56)];
        }
        for (; i < end; i++) {
            crc = t0[(int) (crc ^ data[i]) & 0xff] ^ (crc >>> 8);
        }
        return crc;
    }

    /** Continues {@code crc} over one byte (0-255). */
    public static long update(long crc, int b) {
        return TABLES[0][(int) (crc ^ b) & 0xff] ^ (crc >>> 8);
    }

    public static long of(byte[] data, int off, int len) {
        return update(0, data, off, len);
    }
}
