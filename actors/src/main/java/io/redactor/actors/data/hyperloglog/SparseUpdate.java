package io.redactor.actors.data.hyperloglog;

import io.redactor.actors.data.MutableString;

import static io.redactor.actors.data.hyperloglog.HllFormat.HEADER_SIZE;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.VAL_MAX_LENGTH;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.VAL_MAX_VALUE;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.isVal;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.isXzero;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.isZero;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.val;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.valLength;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.valValue;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.writeZeroRun;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.xzeroLength;
import static io.redactor.actors.data.hyperloglog.SparseRegisters.zeroLength;

/**
 * Raising one register of a sparse HyperLogLog in place, producing exactly the bytes Redis's hllSparseSet does (the
 * sparse form is not canonical: which runs exist depends on the order registers were raised in and on the merging
 * Redis does around the change). The opcode covering the register is rewritten, split into up to three opcodes when
 * it covers others, and neighbouring VAL opcodes of equal value are merged in a small window after it. The string
 * turns dense when the value does not fit a VAL opcode or the string would pass the sparse size limit.
 */
final class SparseUpdate {
    /** Opcodes the merge after a change looks at, from the one before the changed one. */
    private static final int MERGE_WINDOW = 5;
    /** The longest replacement: XZERO, VAL, XZERO. */
    private static final int MAX_SEQUENCE = 5;

    /** The register was raised. */
    static final int RAISED = 1;
    /** The register already held as much. */
    static final int UNCHANGED = 0;
    /** The sparse registers are corrupt: nothing was changed. */
    static final int INVALID = -1;

    private SparseUpdate() {
    }

    /**
     * Raises {@code register} to {@code count} if it holds less; {@code maxBytes} is the sparse size limit
     * (hll-sparse-max-bytes). Returns {@link #RAISED}, {@link #UNCHANGED} or {@link #INVALID}. A string that turns
     * dense is rewritten in place.
     */
    static int raise(MutableString hll, int register, int count, long maxBytes) {
        if (count > VAL_MAX_VALUE) {
            return promote(hll, register, count);
        }
        byte[] bytes = hll.buffer();
        int end = hll.length();
        int at = HEADER_SIZE;
        int previous = -1;
        long first = 0;
        int span = 0;
        while (at < end) {
            int op = bytes[at] & 0xff;
            int size = 1;
            if (isZero(op)) {
                span = zeroLength(op);
            } else if (isVal(op)) {
                span = valLength(op);
            } else {
                span = xzeroLength(bytes, at);
                size = 2;
            }
            if (register <= first + span - 1) {
                break;
            }
            previous = at;
            at += size;
            first += span;
        }
        if (span == 0 || at >= end) {
            return INVALID;
        }
        int op = bytes[at] & 0xff;
        if (isVal(op)) {
            if (valValue(op) >= count) {
                return UNCHANGED;
            }
            if (span == 1) {
                bytes[at] = val(count, 1);
                return merged(hll, previous, end);
            }
        } else if (isZero(op) && span == 1) {
            bytes[at] = val(count, 1);
            return merged(hll, previous, end);
        }
        byte[] sequence = new byte[MAX_SEQUENCE];
        int length = split(op, (int) (register - first), (int) (first + span - 1 - register), count, sequence);
        int oldLength = isXzero(op) ? 2 : 1;
        int delta = length - oldLength;
        if (delta > 0 && (long) end + delta > maxBytes) {
            return promote(hll, register, count);
        }
        replace(hll, at, oldLength, sequence, length);
        return merged(hll, previous, end + delta);
    }

    /**
     * The opcodes that replace {@code op} once its register is raised to {@code count}: the registers before it
     * ({@code before} of them) and after it ({@code after}) keep their value, in runs of their own.
     */
    private static int split(int op, int before, int after, int count, byte[] sequence) {
        int length = 0;
        if (isVal(op)) {
            int value = valValue(op);
            if (before > 0) {
                sequence[length++] = val(value, before);
            }
            sequence[length++] = val(count, 1);
            if (after > 0) {
                sequence[length++] = val(value, after);
            }
            return length;
        }
        if (before > 0) {
            length = writeZeroRun(sequence, length, before);
        }
        sequence[length++] = val(count, 1);
        if (after > 0) {
            length = writeZeroRun(sequence, length, after);
        }
        return length;
    }

    /**
     * Puts {@code sequence[0, length)} in place of the {@code oldLength} bytes at {@code at}, moving what follows,
     * and sets the length as Redis does (which zeroes the byte after the last). As in Redis, an XZERO cut short by the
     * string's end is replaced as if whole: the sequence's last byte then lands on that byte after the last.
     */
    private static void replace(MutableString hll, int at, int oldLength, byte[] sequence, int length) {
        int end = hll.length();
        int delta = length - oldLength;
        int next = at + oldLength;
        if (delta > 0) {
            hll.setLength(end + delta);
        }
        if (next < end && delta != 0) {
            System.arraycopy(hll.buffer(), next, hll.buffer(), next + delta, end - next);
        }
        if (delta <= 0) {
            hll.setLength(end + delta);
        }
        System.arraycopy(sequence, 0, hll.buffer(), at, length);
    }

    /**
     * Merges VAL opcodes of equal value next to each other, while their lengths fit one opcode, from the opcode
     * before the changed one (or the first) over a few opcodes; then marks the cached cardinality stale.
     */
    private static int merged(MutableString hll, int previous, int end) {
        byte[] bytes = hll.buffer();
        int at = previous >= 0 ? previous : HEADER_SIZE;
        int window = MERGE_WINDOW;
        while (at < end && window-- > 0) {
            int op = bytes[at] & 0xff;
            if (isXzero(op)) {
                at += 2;
                continue;
            }
            if (isZero(op)) {
                at++;
                continue;
            }
            if (at + 1 < end && isVal(bytes[at + 1])) {
                int next = bytes[at + 1] & 0xff;
                int length = valLength(op) + valLength(next);
                if (valValue(op) == valValue(next) && length <= VAL_MAX_LENGTH) {
                    bytes[at + 1] = val(valValue(op), length);
                    System.arraycopy(bytes, at + 1, bytes, at, end - at - 1);
                    end--;
                    hll.setLength(end);
                    bytes = hll.buffer();
                    continue;
                }
            }
            at++;
        }
        HllFormat.invalidateCache(hll.buffer());
        return RAISED;
    }

    /** Turns the string dense and raises the register there; {@link #INVALID} (nothing changed) if corrupt. */
    private static int promote(MutableString hll, int register, int count) {
        if (!toDense(hll)) {
            return INVALID;
        }
        DenseRegisters.raise(hll.buffer(), register, count);
        return RAISED;
    }

    /** Turns a sparse HyperLogLog dense in place, its header kept; false (nothing changed) if it is corrupt. */
    static boolean toDense(MutableString hll) {
        byte[] dense = SparseRegisters.toDense(hll.buffer(), hll.length());
        if (dense == null) {
            return false;
        }
        hll.setLength(dense.length);
        System.arraycopy(dense, 0, hll.buffer(), 0, dense.length);
        return true;
    }
}
