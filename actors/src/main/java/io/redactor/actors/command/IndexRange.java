package io.redactor.actors.command;

/**
 * The inclusive index range LRANGE, LTRIM, ZRANGE and ZREMRANGEBYRANK take, sanitized as Redis does: negative
 * indexes count from the end, the start is clamped to 0 and the stop to the last index.
 */
public record IndexRange(long first, long last) {

    /** The range {@code start..stop} of a collection of {@code size} elements; null when it selects nothing. */
    public static IndexRange of(long start, long stop, long size) {
        if (start < 0) {
            start += size;
        }
        if (stop < 0) {
            stop += size;
        }
        if (start < 0) {
            start = 0;
        }
        if (start > stop || start >= size) {
            return null;
        }
        return new IndexRange(start, Math.min(stop, size - 1));
    }
}
