package io.redactor.actors.data.hyperloglog;

import static io.redactor.actors.data.hyperloglog.HllFormat.HEADER_SIZE;
import static io.redactor.actors.data.hyperloglog.HllFormat.REGISTERS;

/**
 * The sparse encoding: after the header, runs of registers in order, each an opcode:
 * <ul>
 *   <li>ZERO {@code 00llllll}: l+1 registers (1..64) at 0;
 *   <li>XZERO {@code 01llllll llllllll}: a 14-bit l+1 registers (1..16384) at 0;
 *   <li>VAL {@code 1vvvvvll}: l+1 registers (1..4) at v+1 (1..32).
 * </ul>
 * Nothing guarantees that a string's runs cover exactly the 16384 registers: readers check it as Redis does, each
 * where Redis does. An XZERO cut short by the end of the string reads its second byte from the byte after the last,
 * a C string's terminating zero (in a {@link io.redactor.actors.data.MutableString}'s array the byte kept there).
 */
final class SparseRegisters {
    static final int XZERO_SIZE = 2;
    static final int ZERO_MAX_LENGTH = 64;
    static final int VAL_MAX_VALUE = 32;
    static final int VAL_MAX_LENGTH = 4;

    private SparseRegisters() {
    }

    static boolean isZero(int op) {
        return (op & 0xc0) == 0;
    }

    static boolean isXzero(int op) {
        return (op & 0xc0) == 0x40;
    }

    static boolean isVal(int op) {
        return (op & 0x80) != 0;
    }

    static int zeroLength(int op) {
        return (op & 0x3f) + 1;
    }

    static int valValue(int op) {
        return (op >>> 2 & 0x1f) + 1;
    }

    static int valLength(int op) {
        return (op & 0x3) + 1;
    }

    /** The opcode byte at {@code at}, unsigned; past the array's end, the C string's terminating zero. */
    static int op(byte[] bytes, int at) {
        return at < bytes.length ? bytes[at] & 0xff : 0;
    }

    /** The length of the XZERO at {@code at}. */
    static int xzeroLength(byte[] bytes, int at) {
        return ((bytes[at] & 0x3f) << 8 | op(bytes, at + 1)) + 1;
    }

    static byte val(int value, int length) {
        return (byte) (0x80 | (value - 1) << 2 | (length - 1));
    }

    /** Writes one ZERO or XZERO opcode for {@code length} registers at 0; returns where it ends. */
    static int writeZeroRun(byte[] bytes, int at, int length) {
        if (length > ZERO_MAX_LENGTH) {
            bytes[at] = (byte) (0x40 | (length - 1) >>> 8);
            bytes[at + 1] = (byte) (length - 1);
            return at + 2;
        }
        bytes[at] = (byte) (length - 1);
        return at + 1;
    }

    /** What a run of registers is handed to. */
    @FunctionalInterface
    interface RunVisitor {
        /** Registers {@code first .. first + length - 1} hold {@code value}. */
        void run(long first, int length, int value);
    }

    /**
     * Visits the runs of {@code bytes[HEADER_SIZE, length)} in order, zero runs included; returns how many
     * registers they cover. When {@code stopPastEnd}, it stops at a run of values that would pass the last register
     * and returns -1 (zero runs past the end are counted, not stopped at).
     */
    static long forEachRun(byte[] bytes, int length, boolean stopPastEnd, RunVisitor visitor) {
        long register = 0;
        int at = HEADER_SIZE;
        while (at < length) {
            int op = bytes[at] & 0xff;
            int runLength;
            int value = 0;
            if (isZero(op)) {
                runLength = zeroLength(op);
                at++;
            } else if (isXzero(op)) {
                runLength = xzeroLength(bytes, at);
                at += 2;
            } else {
                runLength = valLength(op);
                value = valValue(op);
                if (stopPastEnd && register + runLength > REGISTERS) {
                    return -1;
                }
                at++;
            }
            visitor.run(register, runLength, value);
            register += runLength;
        }
        return register;
    }

    /** Adds the registers' values to {@code histogram}; whether the runs cover exactly the 16384 registers. */
    static boolean histogram(byte[] bytes, int length, int[] histogram) {
        return forEachRun(bytes, length, false, (first, runLength, value) -> histogram[value] += runLength)
                == REGISTERS;
    }

    /** Raises {@code max[i]} to register i's value where greater; false (with {@code max} partly raised) if invalid. */
    static boolean maxInto(byte[] bytes, int length, byte[] max) {
        return forEachRun(bytes, length, true, (first, runLength, value) -> {
            for (int i = (int) first; value != 0 && i < first + runLength; i++) {
                if (value > max[i]) {
                    max[i] = (byte) value;
                }
            }
        }) == REGISTERS;
    }

    /** The dense form of a sparse HyperLogLog, its header copied but for the encoding; null if invalid. */
    static byte[] toDense(byte[] bytes, int length) {
        byte[] dense = new byte[HllFormat.DENSE_SIZE];
        System.arraycopy(bytes, 0, dense, 0, HEADER_SIZE);
        HllFormat.setEncoding(dense, HllFormat.DENSE);
        long covered = forEachRun(bytes, length, true, (first, runLength, value) -> {
            for (int i = (int) first; value != 0 && i < first + runLength; i++) {
                DenseRegisters.set(dense, i, value);
            }
        });
        return covered == REGISTERS ? dense : null;
    }

    /** PFDEBUG DECODE's text: {@code z:len}, {@code Z:len} and {@code v:value,len} for each opcode, space separated. */
    static String decode(byte[] bytes, int length) {
        StringBuilder text = new StringBuilder();
        int at = HEADER_SIZE;
        while (at < length) {
            int op = bytes[at] & 0xff;
            if (!text.isEmpty()) {
                text.append(' ');
            }
            if (isZero(op)) {
                text.append("z:").append(zeroLength(op));
                at++;
            } else if (isXzero(op)) {
                text.append("Z:").append(xzeroLength(bytes, at));
                at += 2;
            } else {
                text.append("v:").append(valValue(op)).append(',').append(valLength(op));
                at++;
            }
        }
        return text.toString();
    }
}
