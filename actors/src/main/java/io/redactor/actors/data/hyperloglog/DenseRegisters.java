package io.redactor.actors.data.hyperloglog;

import static io.redactor.actors.data.hyperloglog.HllFormat.HEADER_SIZE;
import static io.redactor.actors.data.hyperloglog.HllFormat.REGISTERS;
import static io.redactor.actors.data.hyperloglog.HllFormat.REGISTER_MAX;

/**
 * The dense encoding: 16384 registers of 6 bits after the header, packed from the least significant bit of each
 * byte up, a register that does not fit in what is left of a byte continuing in the low bits of the next one. Every
 * method works on a HyperLogLog string's bytes in place.
 */
final class DenseRegisters {
    /** Registers in one group of {@link #GROUP_BYTES} bytes: 4 registers of 6 bits fill 3 bytes exactly. */
    private static final int GROUP_REGISTERS = 4;
    private static final int GROUP_BYTES = 3;

    private DenseRegisters() {
    }

    static int get(byte[] hll, int register) {
        int bit = register * 6;
        int at = HEADER_SIZE + (bit >>> 3);
        int shift = bit & 7;
        int value = (hll[at] & 0xff) >>> shift;
        if (shift > 8 - 6) {
            value |= (hll[at + 1] & 0xff) << (8 - shift);
        }
        return value & REGISTER_MAX;
    }

    static void set(byte[] hll, int register, int value) {
        int bit = register * 6;
        int at = HEADER_SIZE + (bit >>> 3);
        int shift = bit & 7;
        hll[at] = (byte) (hll[at] & ~(REGISTER_MAX << shift) | value << shift);
        if (shift > 8 - 6) {
            int high = 8 - shift;
            hll[at + 1] = (byte) (hll[at + 1] & ~(REGISTER_MAX >>> high) | value >>> high);
        }
    }

    /** Sets the register to {@code count} if that is more than it holds; whether it did. */
    static boolean raise(byte[] hll, int register, int count) {
        if (count <= get(hll, register)) {
            return false;
        }
        set(hll, register, count);
        return true;
    }

    /** Adds to {@code histogram[v]} how many registers hold v. */
    static void histogram(byte[] hll, int[] histogram) {
        int end = HEADER_SIZE + REGISTERS / GROUP_REGISTERS * GROUP_BYTES;
        for (int at = HEADER_SIZE; at < end; at += GROUP_BYTES) {
            int group = (hll[at] & 0xff) | (hll[at + 1] & 0xff) << 8 | (hll[at + 2] & 0xff) << 16;
            if (group == 0) {
                histogram[0] += GROUP_REGISTERS;
                continue;
            }
            histogram[group & REGISTER_MAX]++;
            histogram[group >>> 6 & REGISTER_MAX]++;
            histogram[group >>> 12 & REGISTER_MAX]++;
            histogram[group >>> 18]++;
        }
    }

    /** Raises each {@code max[i]} to register i's value where that is greater (a union of HyperLogLogs). */
    static void maxInto(byte[] hll, byte[] max) {
        int register = 0;
        int end = HEADER_SIZE + REGISTERS / GROUP_REGISTERS * GROUP_BYTES;
        for (int at = HEADER_SIZE; at < end; at += GROUP_BYTES, register += GROUP_REGISTERS) {
            int group = (hll[at] & 0xff) | (hll[at + 1] & 0xff) << 8 | (hll[at + 2] & 0xff) << 16;
            if (group == 0) {
                continue;
            }
            for (int j = 0; j < GROUP_REGISTERS; j++, group >>>= 6) {
                int value = group & REGISTER_MAX;
                if (value > max[register + j]) {
                    max[register + j] = (byte) value;
                }
            }
        }
    }
}
