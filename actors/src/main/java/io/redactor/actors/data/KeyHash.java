package io.redactor.actors.data;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.SecureRandom;

/**
 * Seeded 32-bit hash of key bytes for {@link KeyTable}.
 *
 * <p>Each 8-byte little-endian word is xored into the state, which is then multiplied by a secret
 * odd constant; the high and low halves of the 128-bit product are folded together. The seeds come
 * from {@link SecureRandom} once per JVM, so clients cannot precompute colliding keys. This is a
 * fast hash-flooding deterrent, not a cryptographic MAC.
 */
public final class KeyHash {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private static final long SEED;
    private static final long M1;
    private static final long M2;
    private static final long M3;

    static {
        SecureRandom random = new SecureRandom();
        SEED = random.nextLong();
        M1 = random.nextLong() | 0x8000_0000_0000_0001L; // odd and large: every bit of the input moves the product
        M2 = random.nextLong() | 0x8000_0000_0000_0001L;
        M3 = random.nextLong() | 0x8000_0000_0000_0001L;
    }

    private KeyHash() {
    }

    public static int hash(byte[] key) {
        int n = key.length;
        long h = SEED ^ (n * 0x9E37_79B9_7F4A_7C15L);
        // All full words but the last; the last word is read so that it ends at the last byte
        // (overlapping the previous one); the length in the state keeps that unambiguous.
        int end = n - 8;
        for (int i = 0; i < end; i += 8) {
            h = fold(h ^ (long) LONG.get(key, i), M1);
        }
        long tail;
        if (n >= 8) {
            tail = (long) LONG.get(key, end);
        } else if (n >= 4) {
            tail = ((long) (int) INT.get(key, 0) << 32) | ((int) INT.get(key, n - 4) & 0xFFFF_FFFFL);
        } else if (n > 0) {
            tail = ((key[0] & 0xFFL) << 16) | ((key[n >> 1] & 0xFFL) << 8) | (key[n - 1] & 0xFFL);
        } else {
            tail = 0;
        }
        h = fold(h ^ tail, M2);
        h = fold(h, M3);
        return (int) (h ^ (h >>> 32));
    }

    /** Folded multiply: xor of the high and low 64 bits of the 128-bit product. */
    private static long fold(long a, long b) {
        return Math.multiplyHigh(a, b) ^ (a * b);
    }
}
