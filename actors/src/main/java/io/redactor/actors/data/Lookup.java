package io.redactor.actors.data;

/** Flags for {@link Db#lookup}, with Redis's meanings. */
public final class Lookup {
    /** A plain read: updates the access clock and the keyspace hit/miss statistics. */
    public static final int READ = 0;
    /** Do not update the LRU/LFU access data. */
    public static final int NOTOUCH = 1;
    /** Do not count a keyspace hit or miss. */
    public static final int NOSTATS = 1 << 1;
    /** Lookup on behalf of a write: no hit/miss statistics, no keymiss notification. */
    public static final int WRITE = 1 << 2;
    /** No keymiss notification. */
    public static final int NONOTIFY = 1 << 3;
    /**
     * The caller changes the value in place although it looks it up as a read (Redis's XACK, XCLAIM, ...): a
     * snapshot being taken keeps a copy of it first, as it does for writes. Statistics are those of the other flags.
     */
    public static final int CHANGE = 1 << 4;

    private Lookup() {
    }

    static boolean has(int flags, int flag) {
        return (flags & flag) != 0;
    }
}
