package io.redactor.actors.data.stream;

import java.nio.charset.StandardCharsets;

/**
 * A stream entry ID: milliseconds and a sequence number, each an unsigned 64-bit number (held in a {@code long}
 * and compared unsigned), ordered by milliseconds then sequence, as Redis orders them.
 */
public record StreamId(long ms, long seq) implements Comparable<StreamId> {
    public static final StreamId MIN = new StreamId(0, 0);
    public static final StreamId MAX = new StreamId(-1L, -1L);

    @Override
    public int compareTo(StreamId other) {
        int byMs = Long.compareUnsigned(ms, other.ms);
        return byMs != 0 ? byMs : Long.compareUnsigned(seq, other.seq);
    }

    public boolean isZero() {
        return ms == 0 && seq == 0;
    }

    public boolean isMax() {
        return ms == -1L && seq == -1L;
    }

    /** {@code streamIncrID}: the next ID, or null after the largest one (where Redis wraps around and fails). */
    public StreamId next() {
        if (seq != -1L) {
            return new StreamId(ms, seq + 1);
        }
        return ms == -1L ? null : new StreamId(ms + 1, 0);
    }

    /** {@code streamDecrID}: the previous ID, or null before 0-0. */
    public StreamId previous() {
        if (seq != 0) {
            return new StreamId(ms, seq - 1);
        }
        return ms == 0 ? null : new StreamId(ms - 1, -1L);
    }

    public boolean greaterThan(StreamId other) {
        return compareTo(other) > 0;
    }

    public boolean lessThan(StreamId other) {
        return compareTo(other) < 0;
    }

    /** {@code <ms>-<seq>}, as Redis prints IDs. */
    public byte[] toBytes() {
        return toString().getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public String toString() {
        return Long.toUnsignedString(ms) + "-" + Long.toUnsignedString(seq);
    }
}
