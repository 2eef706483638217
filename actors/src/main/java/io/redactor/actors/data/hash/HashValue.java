package io.redactor.actors.data.hash;

import io.redactor.actors.data.DataValue;
import io.redactor.actors.data.SizedValue;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A hash value: binary fields to binary values. Small hashes keep their pairs in insertion order in a
 * {@link PairList} and report "listpack"; one that outgrows Redis's thresholds (hash-max-listpack-entries
 * fields, hash-max-listpack-value bytes per field or value) moves to a {@link FieldTable} for good and reports
 * "hashtable", as Redis 7.0 converts one way only.
 *
 * <p>A "hashtable" keeps field and value arrays as given and never modifies them, so replies can wrap them: callers
 * must hand over arrays nobody changes afterwards (command arguments are such arrays). A "listpack" copies them in
 * and hands out copies.
 *
 * <p>Iteration order: insertion order while "listpack" (Redis's order, which clients can see); entry order of
 * the table afterwards (unspecified, as in Redis).
 *
 * <p>Positions: {@link #slots()}, {@link #randomSlot} and {@link #scan} name entries by an int slot, valid until
 * the hash changes; {@link #fieldAt} and {@link #valueAt} read them.
 */
public final class HashValue extends SizedValue implements DataValue {
    /** Receives one field and its value. */
    @FunctionalInterface
    public interface PairVisitor {
        void visit(byte[] field, byte[] value);
    }

    private PairList pairs;
    private FieldTable table;

    public HashValue() {
        pairs = new PairList();
    }

    /**
     * The hash of {@code fields} and {@code values}, whose fields are distinct (a snapshot's): "listpack" when it
     * has at most {@code maxEntries} fields and none of them or their values is longer than {@code maxValue} bytes,
     * as setting them one by one would leave it.
     */
    public static HashValue ofDistinct(List<byte[]> fields, List<byte[]> values, long maxEntries, long maxValue) {
        int n = fields.size();
        boolean small = n <= maxEntries;
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            int field = fields.get(i).length;
            int value = values.get(i).length;
            small &= field <= maxValue && value <= maxValue;
            bytes += field + value;
        }
        if (small && PairList.fits(n, bytes)) {
            PairList list = PairList.withRoom(n, bytes);
            for (int i = 0; i < n; i++) {
                list.append(fields.get(i), values.get(i));
            }
            return new HashValue(list, null);
        }
        FieldTable table = new FieldTable(n);
        for (int i = 0; i < n; i++) {
            table.insert(fields.get(i), values.get(i));
        }
        return new HashValue(null, table);
    }

    private HashValue(PairList pairs, FieldTable table) {
        this.pairs = pairs;
        this.table = table;
    }

    @Override
    public String typeName() {
        return "hash";
    }

    @Override
    public String encoding() {
        return table == null ? "listpack" : "hashtable";
    }

    @Override
    public HashValue copy() {
        return table == null ? new HashValue(pairs.copy(), null) : new HashValue(null, table.copy());
    }

    @Override
    public long memoryBytes() {
        return shell(2, 0) + (table == null ? pairs.memoryBytes() : table.memoryBytes());
    }

    public boolean isListpack() {
        return table == null;
    }

    public int size() {
        return table == null ? pairs.size() : table.size();
    }

    /** The value of {@code field}, or null. */
    public byte[] get(byte[] field) {
        if (table == null) {
            int i = pairs.indexOf(field);
            return i < 0 ? null : pairs.value(i);
        }
        int e = table.find(field);
        return e < 0 ? null : table.value(e);
    }

    public boolean contains(byte[] field) {
        return table == null ? pairs.indexOf(field) >= 0 : table.find(field) >= 0;
    }

    /**
     * Redis's hashTypeTryConversion: moves to the table before a write when any of {@code args[from..to]} is
     * longer than {@code maxValue} bytes, whether or not the write then adds anything.
     */
    public void convertIfAnyLonger(byte[][] args, int from, int to, long maxValue) {
        if (table != null) {
            return;
        }
        for (int i = from; i <= to; i++) {
            if (args[i].length > maxValue) {
                convert();
                return;
            }
        }
    }

    /**
     * Redis's hashTypeSet: sets {@code field} to {@code value} and returns true when the field is new. A field
     * or value longer than {@code maxValue} bytes, or more than {@code maxEntries} fields, moves the hash to the
     * table.
     */
    public boolean set(byte[] field, byte[] value, long maxEntries, long maxValue) {
        if (table == null) {
            if (field.length > maxValue || value.length > maxValue || !pairs.hasRoomFor(field, value)) {
                convert();
                return table.put(field, value);
            }
            int i = pairs.indexOf(field);
            if (i >= 0) {
                pairs.setValue(i, value);
                return false;
            }
            pairs.append(field, value);
            if (pairs.size() > maxEntries) {
                convert();
            }
            return true;
        }
        return table.put(field, value);
    }

    /** Removes {@code field}; true when it was there. The caller deletes the key when the hash becomes empty. */
    public boolean remove(byte[] field) {
        if (table == null) {
            int i = pairs.indexOf(field);
            if (i < 0) {
                return false;
            }
            pairs.removeAt(i);
            return true;
        }
        return table.remove(field);
    }

    /** Visits every pair once, in the hash's order (insertion order while "listpack"). */
    public void forEach(PairVisitor visitor) {
        if (table == null) {
            pairs.forEach(visitor);
        } else {
            FieldTable t = table;
            t.forEach(e -> visitor.visit(t.field(e), t.value(e)));
        }
    }

    /**
     * One step of HSCAN from {@code cursor}: the next cursor, 0 when done. A "listpack" hash is visited whole
     * in one step whatever the cursor, as Redis does; a table visits one bucket, with SCAN's guarantee.
     */
    public long scan(long cursor, PairVisitor visitor) {
        if (table == null) {
            forEach(visitor);
            return 0;
        }
        FieldTable t = table;
        return t.scan(cursor, e -> visitor.visit(t.field(e), t.value(e)));
    }

    /** Every slot, in the hash's order. */
    public int[] slots() {
        int[] slots = new int[size()];
        if (table == null) {
            for (int i = 0; i < slots.length; i++) {
                slots[i] = i;
            }
        } else {
            int[] n = {0};
            table.forEach(e -> slots[n[0]++] = e);
        }
        return slots;
    }

    /** A uniformly random slot; the hash must not be empty. */
    public int randomSlot(RandomGenerator random) {
        return table == null ? random.nextInt(pairs.size()) : table.randomEntry(random);
    }

    public byte[] fieldAt(int slot) {
        return table == null ? pairs.field(slot) : table.field(slot);
    }

    public byte[] valueAt(int slot) {
        return table == null ? pairs.value(slot) : table.value(slot);
    }

    private void convert() {
        FieldTable t = new FieldTable(pairs.size());
        pairs.forEach(t::insert);
        table = t;
        pairs = null;
    }
}
