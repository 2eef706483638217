package io.redactor.actors.data.hyperloglog;

import io.redactor.actors.data.MutableString;

import java.util.random.RandomGenerator;

import static io.redactor.actors.data.hyperloglog.HllFormat.DENSE_SIZE;
import static io.redactor.actors.data.hyperloglog.HllFormat.REGISTERS;
import static io.redactor.actors.data.hyperloglog.HllFormat.REGISTER_MAX;

/**
 * PFSELFTEST's checks, Redis's own: dense registers keep the values written to them without disturbing their
 * neighbours, and a sparse and a dense HyperLogLog fed the same 10 million elements agree, the sparse one staying
 * sparse while small, with an error within six standard errors at every power of ten.
 */
public final class HllSelfTest {
    private static final int REGISTER_CYCLES = 1000;
    private static final int ELEMENTS = 10_000_000;
    private static final double RELATIVE_ERROR = 1.04 / Math.sqrt(REGISTERS);

    private HllSelfTest() {
    }

    /** Runs the checks; null when they pass, else the failure as Redis words it ("TESTFAILED ..."). */
    public static String run(long sparseMaxBytes, RandomGenerator random) {
        String failure = registersKeepValues(random);
        return failure != null ? failure : countsAgree(sparseMaxBytes, random.nextLong());
    }

    private static String registersKeepValues(RandomGenerator random) {
        byte[] dense = new byte[DENSE_SIZE];
        int[] expected = new int[REGISTERS];
        for (int cycle = 0; cycle < REGISTER_CYCLES; cycle++) {
            for (int i = 0; i < REGISTERS; i++) {
                expected[i] = random.nextInt() & REGISTER_MAX;
                DenseRegisters.set(dense, i, expected[i]);
            }
            for (int i = 0; i < REGISTERS; i++) {
                int value = DenseRegisters.get(dense, i);
                if (value != expected[i]) {
                    return "TESTFAILED Register " + i + " should be " + expected[i] + " but is " + value;
                }
            }
        }
        return null;
    }

    private static String countsAgree(long sparseMaxBytes, long seed) {
        byte[] dense = new byte[DENSE_SIZE];
        MutableString sparse = HyperLogLog.create();
        byte[] element = new byte[Long.BYTES];
        long checkpoint = 1;
        for (long j = 1; j <= ELEMENTS; j++) {
            long value = j ^ seed;
            for (int b = 0; b < Long.BYTES; b++) {
                element[b] = (byte) (value >>> (8 * b));
            }
            int hash = ElementHash.of(element, 0, element.length);
            DenseRegisters.raise(dense, ElementHash.register(hash), ElementHash.count(hash));
            HyperLogLog.add(sparse, element, sparseMaxBytes);
            if (j != checkpoint) {
                continue;
            }
            if (j < sparseMaxBytes / 2 && HllFormat.encoding(sparse.buffer()) != HllFormat.SPARSE) {
                return "TESTFAILED sparse encoding not used";
            }
            long count = HyperLogLog.count(dense, DENSE_SIZE);
            if (count != HyperLogLog.count(sparse.buffer(), sparse.length())) {
                return "TESTFAILED dense/sparse disagree";
            }
            long maxError = j == 10 ? 1 : (long) Math.ceil(RELATIVE_ERROR * 6 * checkpoint);
            long error = Math.abs(checkpoint - count);
            if (error > maxError) {
                return "TESTFAILED Too big error. card:" + checkpoint + " abserr:" + error;
            }
            checkpoint *= 10;
        }
        return null;
    }
}
