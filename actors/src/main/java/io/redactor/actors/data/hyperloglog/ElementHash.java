package io.redactor.actors.data.hyperloglog;

/**
 * Where an element goes in a HyperLogLog, as Redis's hllPatLen decides: its 64-bit hash's low 14 bits choose the
 * register, and the rest gives the register's candidate value, the position of its lowest set bit counting from 1
 * (at most 51: the 50 remaining bits and a stop bit past them). Both are packed in one int so that adding an element
 * allocates nothing: {@link #register} and {@link #count} take them apart.
 */
final class ElementHash {
    private static final int SEED = 0xadc83b19;
    private static final int COUNT_BITS = 64 - HllFormat.INDEX_BITS;

    private ElementHash() {
    }

    static int of(byte[] element, int offset, int length) {
        long hash = MurmurHash64A.hash(element, offset, length, SEED);
        int register = (int) hash & (HllFormat.REGISTERS - 1);
        long rest = hash >>> HllFormat.INDEX_BITS | 1L << COUNT_BITS;
        int count = Long.numberOfTrailingZeros(rest) + 1;
        return count << HllFormat.INDEX_BITS | register;
    }

    static int register(int packed) {
        return packed & (HllFormat.REGISTERS - 1);
    }

    static int count(int packed) {
        return packed >>> HllFormat.INDEX_BITS;
    }
}
