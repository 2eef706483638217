package io.redactor.core.keys;

/**
 * Redis Cluster's key-to-slot mapping: CRC16 (XMODEM) of the key, or of the text between the first
 * {@code {} and the next {@code }} when that text is not empty (a hash tag), modulo 16384.
 */
public final class HashSlots {
    public static final int COUNT = 16384;

    private static final int[] CRC16_TABLE = buildTable();

    private HashSlots() {
    }

    public static int slot(byte[] key) {
        int start = 0;
        int end = key.length;
        int open = indexOf(key, (byte) '{', 0);
        if (open >= 0) {
            int close = indexOf(key, (byte) '}', open + 1);
            if (close > open + 1) {
                start = open + 1;
                end = close;
            }
        }
        return crc16(key, start, end) & (COUNT - 1);
    }

    public static int crc16(byte[] bytes, int from, int to) {
        int crc = 0;
        for (int i = from; i < to; i++) {
            crc = ((crc << 8) ^ CRC16_TABLE[((crc >>> 8) ^ bytes[i]) & 0xff]) & 0xffff;
        }
        return crc;
    }

    private static int indexOf(byte[] bytes, byte b, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static int[] buildTable() {
        int[] table = new int[256];
        for (int i = 0; i < 256; i++) {
            int crc = i << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            table[i] = crc & 0xffff;
        }
        return table;
    }
}
