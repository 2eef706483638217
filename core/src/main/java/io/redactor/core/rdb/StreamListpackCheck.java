package io.redactor.core.rdb;

import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;

/**
 * Checks that a listpack is a stream node as Redis 7.0's {@code streamValidateListpackIntegrity} does with deep
 * validation: a valid listpack (its header's count aside, which Redis does not check for streams) holding a master
 * entry (live count, deleted count, field count, the fields, 0), then as many entries as the two counts add up to,
 * each flags, ID milliseconds, ID sequence, the field count and fields unless the flags say they are the master's,
 * the values, and its element count, which must be right; and nothing after them. Where a number is expected, a
 * string entry holding a canonical integer will do, as in Redis.
 */
final class StreamListpackCheck implements EntrySink {
    private static final int SAME_FIELDS = 2;

    private enum Expect {
        LIVE, DELETED, MASTER_FIELDS, MASTER_FIELD, MASTER_END, FLAGS, MS, SEQ, FIELDS, FIELD_OR_VALUE, ELEMENTS,
        NOTHING
    }

    private Expect expect = Expect.LIVE;
    private long entriesLeft;
    private long masterFields;
    private long left;
    private boolean sameFields;
    private long entryFields;
    /** Whether the next of an entry's strings is a field (not the master's fields) or a value. */
    private boolean fieldNext;

    private StreamListpackCheck() {
    }

    /** Checks the listpack {@code a[off, off + size)}; the entries are not kept. */
    static void check(byte[] a, int off, int size) throws RdbBadDataException {
        StreamListpackCheck check = new StreamListpackCheck();
        if (ListpackParser.parse(a, off, size, check, false) == 0) {
            throw new RdbBadDataException("empty listpack inside stream");
        }
        if (check.expect != Expect.NOTHING) {
            throw bad("listpack ends inside an entry");
        }
    }

    @Override
    public void string(byte[] a, int off, int len) throws RdbBadDataException {
        if (expect == Expect.MASTER_FIELD || expect == Expect.FIELD_OR_VALUE) {
            element(0);
            return;
        }
        long v;
        try {
            v = RedisIntegers.parseLong(a, off, len);
        } catch (NotANumberException e) {
            throw bad("a string where a number belongs");
        }
        element(v);
    }

    @Override
    public void integer(long value) throws RdbBadDataException {
        element(value);
    }

    private void element(long v) throws RdbBadDataException {
        switch (expect) {
            case LIVE -> {
                entriesLeft = v;
                expect = Expect.DELETED;
            }
            case DELETED -> {
                entriesLeft += v;
                expect = Expect.MASTER_FIELDS;
            }
            case MASTER_FIELDS -> {
                masterFields = v;
                left = v;
                expect = left > 0 ? Expect.MASTER_FIELD : Expect.MASTER_END;
            }
            case MASTER_FIELD -> {
                if (--left == 0) {
                    expect = Expect.MASTER_END;
                }
            }
            case MASTER_END -> {
                if (v != 0) {
                    throw bad("master entry not ended by 0");
                }
                nextEntry();
            }
            case FLAGS -> {
                sameFields = (v & SAME_FIELDS) != 0;
                expect = Expect.MS;
            }
            case MS -> expect = Expect.SEQ;
            case SEQ -> {
                if (sameFields) {
                    startValues(masterFields, false);
                } else {
                    expect = Expect.FIELDS;
                }
            }
            case FIELDS -> startValues(v, true);
            case FIELD_OR_VALUE -> {
                if (fieldNext && --left == 0) {
                    startValues(entryFields, false);
                } else if (!fieldNext && --left == 0) {
                    expect = Expect.ELEMENTS;
                }
            }
            case ELEMENTS -> {
                long expected = entryFields + (sameFields ? 3 : entryFields + 4);
                if (v != expected) {
                    throw bad("entry element count " + v + ", " + expected + " expected");
                }
                entriesLeft--;
                nextEntry();
            }
            case NOTHING -> throw bad("elements after the last entry");
        }
    }

    /** After the master entry or an entry: the next entry, or the end. */
    private void nextEntry() {
        expect = entriesLeft == 0 ? Expect.NOTHING : Expect.FLAGS;
    }

    /** An entry's strings: its {@code count} fields first when {@code fields}, then as many values. */
    private void startValues(long count, boolean fields) {
        entryFields = count;
        fieldNext = fields;
        left = count;
        // with no fields (or a negative count, which Redis's loops skip) there are no values either
        expect = count > 0 ? Expect.FIELD_OR_VALUE : Expect.ELEMENTS;
    }

    private static RdbBadDataException bad(String why) {
        return new RdbBadDataException("stream listpack: " + why);
    }
}
