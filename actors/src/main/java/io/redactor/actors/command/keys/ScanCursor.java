package io.redactor.actors.command.keys;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;

/**
 * SCAN cursors over a partitioned keyspace: the low bits name the partition, the high bits hold the cursor of
 * that partition's own table (Redis's reverse-binary cursor). A partition's table cursor is stable across
 * resizes, and partitions are visited in order, so SCAN keeps Redis's guarantee: every key present for the
 * whole iteration is returned at least once. {@link #parse} also reads the cursors of HSCAN, SSCAN and ZSCAN.
 */
public final class ScanCursor {
    public static final CommandError INVALID = new CommandError(Errors.err("invalid cursor"));

    private ScanCursor() {
    }

    static int partitionBits(int partitions) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(1, partitions - 1));
    }

    static int partition(long cursor, int partitions) {
        return (int) (cursor & ((1L << partitionBits(partitions)) - 1));
    }

    static long inner(long cursor, int partitions) {
        return cursor >>> partitionBits(partitions);
    }

    /** The cursor to return after scanning {@code partition} up to {@code inner} (0 when it is done). */
    static long next(int partition, long inner, int partitions) {
        if (inner != 0) {
            return (inner << partitionBits(partitions)) | partition;
        }
        return partition + 1 < partitions ? partition + 1 : 0;
    }

    /** C's strtoul as Redis uses it: optional sign, decimal digits, no leading space, no overflow. */
    public static long parse(byte[] text) {
        int i = 0;
        if (text.length > 0 && isSpace(text[0])) {
            throw INVALID;
        }
        boolean negative = false;
        if (i < text.length && (text[i] == '+' || text[i] == '-')) {
            negative = text[i] == '-';
            i++;
        }
        long value = 0;
        int digitsStart = i;
        for (; i < text.length; i++) {
            int digit = text[i] - '0';
            if (digit < 0 || digit > 9) {
                break;
            }
            if (Long.compareUnsigned(value, Long.divideUnsigned(-1L, 10)) > 0) {
                throw INVALID;
            }
            long next = value * 10 + digit;
            if (Long.compareUnsigned(next, value * 10) < 0) {
                throw INVALID;
            }
            value = next;
        }
        if (i == digitsStart) {
            // strtoul parsed nothing: the whole string must then be empty for Redis to accept it (as 0).
            if (text.length == 0) {
                return 0;
            }
            throw INVALID;
        }
        if (i != text.length) {
            throw INVALID;
        }
        return negative ? -value : value;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || (b >= '\t' && b <= '\r');
    }
}
