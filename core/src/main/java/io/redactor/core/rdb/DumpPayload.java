package io.redactor.core.rdb;

/**
 * The trailer of DUMP and FUNCTION DUMP payloads: the RDB version (2 bytes, little-endian) and the CRC-64 of
 * everything before the checksum (8 bytes, little-endian).
 */
public final class DumpPayload {
    /** Redis 7.0's RDB version. */
    public static final int RDB_VERSION = 10;
    public static final int TRAILER_LENGTH = 10;

    private DumpPayload() {
    }

    /** Appends the version and the checksum. */
    public static byte[] seal(RdbWriter body) {
        body.writeByte(RDB_VERSION & 0xff).writeByte(RDB_VERSION >> 8);
        byte[] bytes = body.toByteArray();
        long crc = Crc64.of(bytes, 0, bytes.length);
        for (int shift = 0; shift < 64; shift += 8) {
            body.writeByte((int) (crc >>> shift));
        }
        return body.toByteArray();
    }

    /**
     * Redis's {@code verifyDumpPayload}: at least 10 bytes, an RDB version this server can read (any up to
     * {@link #RDB_VERSION}, older ones included) and a matching checksum.
     *
     * @return the payload's RDB version, or -1 when it fails ("ERR DUMP payload version or checksum are wrong")
     */
    public static int verify(byte[] payload) {
        int n = payload.length;
        if (n < TRAILER_LENGTH) {
            return -1;
        }
        int version = (payload[n - 10] & 0xff) | (payload[n - 9] & 0xff) << 8;
        if (version > RDB_VERSION) {
            return -1;
        }
        long crc = Crc64.of(payload, 0, n - 8);
        for (int i = 0; i < 8; i++) {
            if ((byte) (crc >>> (8 * i)) != payload[n - 8 + i]) {
                return -1;
            }
        }
        return version;
    }
}
