package io.redactor.actors.data.hyperloglog;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Austin Appleby's MurmurHash2, 64-bit version (MurmurHash64A), reading its input as little-endian words as Redis's
 * endian-neutral variant does: the hash a HyperLogLog's registers are chosen and set by, so that the same elements
 * land in the same registers as in Redis.
 */
final class MurmurHash64A {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long M = 0xc6a4a7935bd1e995L;
    private static final int R = 47;

    private MurmurHash64A() {
    }

    /** The hash of {@code data[offset, offset + length)} with a 32-bit {@code seed} (taken unsigned). */
    static long hash(byte[] data, int offset, int length, int seed) {
        long h = (seed & 0xffffffffL) ^ (length * M);
        int words = offset + (length & ~7);
        int i = offset;
        for (; i < words; i += 8) {
            long k = (long) LONG.get(data, i);
            k *= M;
            k ^= k >>> R;
            k *= M;
            h ^= k;
            h *= M;
        }
        int tail = length & 7;
        if (tail != 0) {
            long last = 0;
            for (int j = tail - 1; j >= 0; j--) {
                last = last << 8 | (data[i + j] & 0xff);
            }
            h ^= last;
            h *= M;
        }
        h ^= h >>> R;
        h *= M;
        h ^= h >>> R;
        return h;
    }
}
