package io.redactor.actors.data;

import java.util.HashMap;
import java.util.Map;

/**
 * A key table's state at one instant, for a snapshot that saves it while commands go on changing the table: the
 * copy-on-write of Redactor's fork-less snapshots. The snapshot visits entries in id order; an entry that changes
 * before its visit keeps what it was at the freeze (the value deep-copied when it can change in place), and that is
 * what the visit sees. Entries created after the freeze are never visited. Used by the table's owner thread only.
 */
public final class TableFreeze {
    private final KeyTable table;
    private final int top;
    private int cursor;
    private final Map<Integer, Entry> before = new HashMap<>();
    private int copied;

    /** An entry as it was at the freeze. */
    public record Entry(byte[] key, Object value, long expireAt) {
    }

    /** What a visit is given. */
    @FunctionalInterface
    public interface Visitor {
        void visit(byte[] key, Object value, long expireAt);
    }

    TableFreeze(KeyTable table, int top) {
        this.table = table;
        this.top = top;
    }

    void preserve(int entry) {
        if (entry < cursor || entry >= top || before.containsKey(entry)) {
            return;
        }
        byte[] key = table.key(entry);
        if (key != null) {
            before.put(entry, new Entry(key, Values.duplicate(table.value(entry)), table.expireAt(entry)));
            copied++;
        }
    }

    /** Entries kept because they changed before their visit, in all: what the snapshot cost in copies. */
    public int copiedCount() {
        return copied;
    }

    /** Visits up to {@code max} entries of the frozen state; returns false once every entry has been visited. */
    public boolean visit(int max, Visitor visitor) {
        for (int n = 0; n < max && cursor < top; n++) {
            int entry = cursor++;
            Entry kept = before.remove(entry);
            if (kept != null) {
                visitor.visit(kept.key(), kept.value(), kept.expireAt());
            } else if (table.key(entry) != null) {
                visitor.visit(table.key(entry), table.value(entry), table.expireAt(entry));
            }
        }
        if (cursor < top) {
            return true;
        }
        table.thaw(this);
        return false;
    }

    /** Gives up: the table forgets the freeze and what it kept. */
    public void abandon() {
        before.clear();
        cursor = top;
        table.thaw(this);
    }
}
