package io.redactor.core.rdb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisDoubles;
import io.redactor.core.number.RedisIntegers;

/** Sinks that turn the entries of a compact encoding into the lists of an {@link RdbValue}. */
final class EntryCollectors {
    private static final byte[] EMPTY = new byte[0];

    private EntryCollectors() {
    }

    /** An entry as a string of its own: integers as decimal text. */
    static byte[] copy(byte[] a, int off, int len) {
        return len == 0 ? EMPTY : Arrays.copyOfRange(a, off, off + len);
    }

    static byte[] text(long v) {
        return RedisIntegers.toBytes(v).clone();
    }

    /** Every entry, in order. */
    static final class Strings implements EntrySink {
        final List<byte[]> list;

        Strings(List<byte[]> list) {
            this.list = list;
        }

        @Override
        public void expect(int entries) {
            if (list instanceof ArrayList<byte[]> array) {
                array.ensureCapacity(list.size() + entries);
            }
        }

        @Override
        public void string(byte[] a, int off, int len) {
            list.add(copy(a, off, len));
        }

        @Override
        public void integer(long v) {
            list.add(text(v));
        }
    }

    /** Entries alternately into keys and values: field, value, field, value... */
    static final class Pairs implements EntrySink {
        final ArrayList<byte[]> keys;
        final ArrayList<byte[]> values;

        Pairs(int capacity) {
            keys = new ArrayList<>(capacity);
            values = new ArrayList<>(capacity);
        }

        private List<byte[]> next() {
            return keys.size() == values.size() ? keys : values;
        }

        @Override
        public void expect(int entries) {
            keys.ensureCapacity(entries / 2);
            values.ensureCapacity(entries / 2);
        }

        @Override
        public void string(byte[] a, int off, int len) {
            next().add(copy(a, off, len));
        }

        @Override
        public void integer(long v) {
            next().add(text(v));
        }

        boolean complete() {
            return keys.size() == values.size();
        }
    }

    /** Entries alternately member and score; a score is an integer or text that {@code strtod} reads entirely. */
    static final class Scored implements EntrySink {
        final ArrayList<byte[]> members;
        private double[] scores;
        private int count;

        Scored(int capacity) {
            members = new ArrayList<>(capacity);
            scores = new double[Math.max(capacity, 4)];
        }

        @Override
        public void expect(int entries) {
            members.ensureCapacity(entries / 2);
            if (scores.length < entries / 2) {
                scores = Arrays.copyOf(scores, entries / 2);
            }
        }

        @Override
        public void string(byte[] a, int off, int len) throws RdbBadDataException {
            if (members.size() == count) {
                members.add(copy(a, off, len));
            } else {
                addScore(parseScore(a, off, len));
            }
        }

        @Override
        public void integer(long v) {
            if (members.size() == count) {
                members.add(text(v));
            } else {
                addScore(v);
            }
        }

        void addScore(double score) {
            if (count == scores.length) {
                scores = Arrays.copyOf(scores, 2 * count);
            }
            scores[count++] = score;
        }

        boolean complete() {
            return members.size() == count;
        }

        double[] scores() {
            return Arrays.copyOf(scores, count);
        }
    }

    /**
     * A score stored as text: {@code zzlStrtod} reads at most 127 bytes with {@code strtod}. Unlike Redis, text that
     * is not a number through to its end is refused rather than read as its numeric prefix, and so is NaN.
     */
    static double parseScore(byte[] a, int off, int len) throws RdbBadDataException {
        double plain = plainDecimal(a, off, len);
        if (!Double.isNaN(plain)) {
            return plain;
        }
        try {
            return RedisDoubles.parseStrtod(a, off, Math.min(len, 127));
        } catch (NotANumberException e) {
            throw new RdbBadDataException("score is not a number");
        }
    }

    private static final double[] POWERS_OF_TEN = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15};

    /**
     * A score written as {@code [-]digits[.digits]} with at most 15 digits (what Redis writes for most scores in a
     * listpack: "1.5", "-20.25"), without the general parser's allocations; NaN for any other text. Exact: the
     * digits make an integer below 2^53 and the power of ten is exact, so the one division rounds correctly, as
     * strtod does.
     */
    static double plainDecimal(byte[] a, int off, int len) {
        if (len == 0 || len > 17) {
            return Double.NaN;
        }
        int i = off;
        int end = off + len;
        boolean negative = a[i] == '-';
        if (negative) {
            i++;
        }
        long digits = 0;
        int count = 0;
        int decimals = 0;
        boolean point = false;
        for (; i < end; i++) {
            int c = a[i];
            if (c >= '0' && c <= '9') {
                digits = digits * 10 + (c - '0');
                count++;
                if (point) {
                    decimals++;
                }
            } else if (c == '.' && !point) {
                point = true;
            } else {
                return Double.NaN;
            }
        }
        if (count == 0 || count > 15) {
            return Double.NaN;
        }
        double v = decimals == 0 ? digits : digits / POWERS_OF_TEN[decimals];
        return negative ? -v : v;
    }

    /**
     * Whether two of the strings are equal. Sorted by hash with their positions, only strings of equal hashes are
     * compared; a run of equal hashes (rare, or forged) is sorted by content, so that no input makes it slow.
     */
    static boolean hasDuplicates(List<byte[]> strings) {
        int n = strings.size();
        if (n < 2) {
            return false;
        }
        long[] hashed = new long[n];
        for (int i = 0; i < n; i++) {
            hashed[i] = ((long) Arrays.hashCode(strings.get(i)) << 32) | i;
        }
        Arrays.sort(hashed);
        int start = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || hashed[i] >>> 32 != hashed[start] >>> 32) {
                if (i - start > 1 && sameHashHasDuplicates(strings, hashed, start, i)) {
                    return true;
                }
                start = i;
            }
        }
        return false;
    }

    private static boolean sameHashHasDuplicates(List<byte[]> strings, long[] hashed, int from, int to) {
        byte[][] run = new byte[to - from][];
        for (int i = from; i < to; i++) {
            run[i - from] = strings.get((int) hashed[i]);
        }
        Arrays.sort(run, Arrays::compareUnsigned);
        for (int i = 1; i < run.length; i++) {
            if (Arrays.equals(run[i - 1], run[i])) {
                return true;
            }
        }
        return false;
    }
}
