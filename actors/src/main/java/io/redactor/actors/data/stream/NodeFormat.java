package io.redactor.actors.data.stream;

import io.redactor.core.listpack.Listpack;

/**
 * The layout of a stream node's listpack, as Redis 7.0 writes it (t_stream.c). A master entry first: the count of
 * live entries, the count of deleted ones, the number of master fields, those field names, and 0. Then the entries:
 * flags, the ID's milliseconds and sequence as differences from the node's master ID, the number of fields (left
 * out when the flags say the fields are the master's), the fields (also left out then) and values, and the number
 * of listpack elements the entry took before this last one (so that it reads backwards).
 */
final class NodeFormat {
    static final int DELETED = 1;
    static final int SAME_FIELDS = 2;

    private NodeFormat() {
    }

    /** The live entry count, the listpack's first element. */
    static long live(byte[] lp) {
        return Listpack.integer(lp, Listpack.first(lp));
    }

    /** The deleted entry count, the second element. */
    static long deleted(byte[] lp) {
        return Listpack.integer(lp, Listpack.next(lp, Listpack.first(lp)));
    }

    /** Sets both counts. */
    static byte[] setCounts(byte[] lp, long live, long deleted) {
        int p = Listpack.first(lp);
        lp = Listpack.replaceInteger(lp, p, live);
        return Listpack.replaceInteger(lp, Listpack.next(lp, p), deleted);
    }

    /** The offset of the master field count (the third element). */
    static int masterFieldCountAt(byte[] lp) {
        return Listpack.next(lp, Listpack.next(lp, Listpack.first(lp)));
    }

    /** The first entry's flags, or -1 when the node has no entry. */
    static int firstEntry(byte[] lp) {
        int p = masterFieldCountAt(lp);
        long fields = Listpack.integer(lp, p);
        for (long i = 0; i <= fields; i++) {
            p = Listpack.next(lp, p);
        }
        return Listpack.next(lp, p);
    }

    /** The listpack element count of an entry: what it stores as its last element. */
    static long elements(boolean sameFields, long fields) {
        return sameFields ? fields + 3 : 2 * fields + 4;
    }
}
