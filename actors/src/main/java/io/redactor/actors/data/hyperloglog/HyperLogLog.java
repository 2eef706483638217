package io.redactor.actors.data.hyperloglog;

import io.redactor.actors.data.MutableString;

import static io.redactor.actors.data.hyperloglog.HllFormat.DENSE;
import static io.redactor.actors.data.hyperloglog.HllFormat.REGISTERS;

/**
 * Redis's HyperLogLog, kept as it keeps it: a string value whose bytes are in {@link HllFormat}, so that GET, SET,
 * DUMP and RESTORE carry it between Redactor and Redis unchanged. A HyperLogLog being changed is a
 * {@link MutableString} whose bytes are updated in place; readers take any string's bytes.
 */
public final class HyperLogLog {
    /** What {@link #count} answers for sparse registers that do not cover the 16384 registers exactly. */
    public static final long CORRUPT = -1;

    /** The sparse bytes Redis gives a new HyperLogLog room for at once. */
    private static final int SPARE_BYTES = 3;

    private HyperLogLog() {
    }

    /** A new, empty HyperLogLog (sparse). */
    public static MutableString create() {
        return new MutableString(HllFormat.emptySparse(), SPARE_BYTES);
    }

    /**
     * Adds an element: 1 if a register changed, 0 if not, -1 if the sparse registers are corrupt. {@code
     * sparseMaxBytes}: hll-sparse-max-bytes, past which a sparse string turns dense. As in Redis, a change to sparse
     * registers marks the cached cardinality stale at once, a change to dense ones leaves that to the caller.
     */
    public static int add(MutableString hll, byte[] element, long sparseMaxBytes) {
        int hash = ElementHash.of(element, 0, element.length);
        int register = ElementHash.register(hash);
        int count = ElementHash.count(hash);
        if (HllFormat.encoding(hll.buffer()) == DENSE) {
            return DenseRegisters.raise(hll.buffer(), register, count) ? 1 : 0;
        }
        return SparseUpdate.raise(hll, register, count, sparseMaxBytes);
    }

    /**
     * The cardinality the registers of {@code bytes[0, length)} stand for (not the cached one), or {@link #CORRUPT}.
     * Registers crafted to stand for more than a long holds give Long.MIN_VALUE, as in Redis.
     */
    public static long count(byte[] bytes, int length) {
        int[] histogram = new int[CardinalityEstimator.HISTOGRAM_SIZE];
        if (HllFormat.encoding(bytes) == DENSE) {
            DenseRegisters.histogram(bytes, histogram);
        } else if (!SparseRegisters.histogram(bytes, length, histogram)) {
            return CORRUPT;
        }
        return CardinalityEstimator.estimate(histogram);
    }

    /** A union's registers, one byte each, to {@link #maxInto} HyperLogLogs and then {@link #countUnion}. */
    public static byte[] newUnion() {
        return new byte[REGISTERS];
    }

    /** Takes a HyperLogLog into a union ({@code max[i]} becomes the larger of it and register i); false if corrupt. */
    public static boolean maxInto(byte[] bytes, int length, byte[] max) {
        if (HllFormat.encoding(bytes) == DENSE) {
            DenseRegisters.maxInto(bytes, max);
            return true;
        }
        return SparseRegisters.maxInto(bytes, length, max);
    }

    /** The cardinality of a union's registers. */
    public static long countUnion(byte[] max) {
        int[] histogram = new int[CardinalityEstimator.HISTOGRAM_SIZE];
        for (byte register : max) {
            histogram[register]++;
        }
        return CardinalityEstimator.estimate(histogram);
    }

    /**
     * Raises the registers of {@code hll} to a union's (PFMERGE's destination), one by one from the first, as Redis
     * does, so that a sparse destination gets its bytes; marks the cached cardinality stale.
     */
    public static void raiseTo(MutableString hll, byte[] max, long sparseMaxBytes) {
        for (int register = 0; register < REGISTERS; register++) {
            if (max[register] == 0) {
                continue;
            }
            if (HllFormat.encoding(hll.buffer()) == DENSE) {
                DenseRegisters.raise(hll.buffer(), register, max[register]);
            } else {
                SparseUpdate.raise(hll, register, max[register], sparseMaxBytes);
            }
        }
        HllFormat.invalidateCache(hll.buffer());
    }

    /** Makes a HyperLogLog dense in place (its header kept) if it is not; false (nothing changed) if it is corrupt. */
    public static boolean toDense(MutableString hll) {
        return HllFormat.encoding(hll.buffer()) == DENSE || SparseUpdate.toDense(hll);
    }

    /** The registers of a dense HyperLogLog, in order. */
    public static int[] registers(byte[] dense) {
        int[] registers = new int[REGISTERS];
        for (int i = 0; i < REGISTERS; i++) {
            registers[i] = DenseRegisters.get(dense, i);
        }
        return registers;
    }

    /** PFDEBUG DECODE's description of a sparse HyperLogLog's opcodes. */
    public static String decode(byte[] bytes, int length) {
        return SparseRegisters.decode(bytes, length);
    }
}
