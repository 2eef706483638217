package io.redactor.actors.data.stream;

import io.redactor.core.listpack.Listpack;

import java.util.Arrays;

/**
 * Walks a stream's entries between two IDs (both included), forwards or backwards, as Redis's streamIterator does:
 * deleted entries are skipped unless asked for. After {@link #next} returns true, the entry's ID, fields and values
 * can be read; the stream must not change meanwhile.
 */
public final class StreamIterator {
    private final StreamNodes nodes;
    private final StreamId start;
    private final StreamId end;
    private final boolean reverse;
    private final boolean skipDeleted;
    private int node;
    private byte[] lp;
    private long masterMs;
    private long masterSeq;
    private int masterFields;
    private int[] masterFieldAt = new int[4];
    /** Forwards: where the next entry of the node starts, -1 at its end. */
    private int nextEntry;
    /** Backwards: the node's entries, where they start, and how many are left to visit. */
    private int[] entryStarts = new int[16];
    private int entriesLeft;
    private boolean done;

    private StreamId id;
    private int flagsAt;
    private int flags;
    private int fields;
    private int[] fieldAt = new int[4];
    private int[] valueAt = new int[4];
    private int lastElementAt;

    StreamIterator(StreamNodes nodes, StreamId start, StreamId end, boolean reverse, boolean skipDeleted) {
        this.nodes = nodes;
        this.start = start;
        this.end = end;
        this.reverse = reverse;
        this.skipDeleted = skipDeleted;
        if (!reverse) {
            int floor = start.isZero() ? -1 : nodes.floor(start);
            node = floor < 0 ? 0 : floor;
        } else {
            int floor = end.isZero() ? -1 : nodes.floor(end);
            node = floor < 0 ? nodes.size() - 1 : floor;
        }
    }

    /** Moves to the next entry in range; false when there is none left. */
    public boolean next() {
        while (!done) {
            if (lp == null && !enterNode()) {
                done = true;
                return false;
            }
            int p = nextEntryStart();
            if (p < 0) {
                lp = null;
                node += reverse ? -1 : 1;
                continue;
            }
            read(p);
            if (!reverse) {
                nextEntry = Listpack.next(lp, lastElementAt);
            }
            boolean shown = !skipDeleted || (flags & NodeFormat.DELETED) == 0;
            if (!reverse && shown && id.compareTo(start) >= 0) {
                if (id.compareTo(end) > 0) {
                    done = true;
                    return false;
                }
                return true;
            }
            if (reverse && shown && id.compareTo(end) <= 0) {
                if (id.compareTo(start) < 0) {
                    done = true;
                    return false;
                }
                return true;
            }
        }
        return false;
    }

    public StreamId id() {
        return id;
    }

    public boolean deleted() {
        return (flags & NodeFormat.DELETED) != 0;
    }

    /** The number of field-value pairs. */
    public int fields() {
        return fields;
    }

    public byte[] field(int i) {
        return Listpack.bytes(lp, (flags & NodeFormat.SAME_FIELDS) != 0 ? masterFieldAt[i] : fieldAt[i]);
    }

    public byte[] value(int i) {
        return Listpack.bytes(lp, valueAt[i]);
    }

    /** The node of the current entry. */
    int node() {
        return node;
    }

    /** Where the current entry's flags are in its node's listpack. */
    int flagsAt() {
        return flagsAt;
    }

    int flags() {
        return flags;
    }

    private boolean enterNode() {
        if (node < 0 || node >= nodes.size()) {
            return false;
        }
        lp = nodes.listpack(node);
        StreamId master = nodes.masterId(node);
        masterMs = master.ms();
        masterSeq = master.seq();
        int p = NodeFormat.masterFieldCountAt(lp);
        masterFields = (int) Listpack.integer(lp, p);
        if (masterFieldAt.length < masterFields) {
            masterFieldAt = new int[masterFields];
        }
        for (int i = 0; i < masterFields; i++) {
            p = Listpack.next(lp, p);
            masterFieldAt[i] = p;
        }
        int first = Listpack.next(lp, Listpack.next(lp, p));
        if (!reverse) {
            nextEntry = first;
            return true;
        }
        entriesLeft = 0;
        for (int e = first; e >= 0; e = Listpack.next(lp, lastElementAt)) {
            if (entriesLeft == entryStarts.length) {
                entryStarts = Arrays.copyOf(entryStarts, 2 * entriesLeft);
            }
            entryStarts[entriesLeft++] = e;
            read(e);
        }
        return true;
    }

    private int nextEntryStart() {
        if (reverse) {
            return entriesLeft == 0 ? -1 : entryStarts[--entriesLeft];
        }
        return nextEntry;
    }

    /** Reads the entry whose flags are at {@code p}. */
    private void read(int p) {
        flagsAt = p;
        flags = (int) Listpack.integer(lp, p);
        p = Listpack.next(lp, p);
        long msDiff = Listpack.integer(lp, p);
        p = Listpack.next(lp, p);
        long seqDiff = Listpack.integer(lp, p);
        p = Listpack.next(lp, p);
        id = new StreamId(masterMs + msDiff, masterSeq + seqDiff);
        boolean same = (flags & NodeFormat.SAME_FIELDS) != 0;
        if (same) {
            fields = masterFields;
        } else {
            fields = (int) Listpack.integer(lp, p);
            p = Listpack.next(lp, p);
        }
        if (valueAt.length < fields) {
            valueAt = new int[fields];
            fieldAt = new int[fields];
        }
        for (int i = 0; i < fields; i++) {
            if (!same) {
                fieldAt[i] = p;
                p = Listpack.next(lp, p);
            }
            valueAt[i] = p;
            p = Listpack.next(lp, p);
        }
        lastElementAt = p;
    }
}
