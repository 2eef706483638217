package io.redactor.actors.data;

/**
 * What a partition does when its keys change: invalidate WATCHes, wake clients blocked on a key, publish
 * keyspace notifications. Called on the partition's thread (or by a reservation holding the partition).
 */
public interface KeyObserver {
    /** Redis's signalModifiedKey: {@code key} of {@code db}, a database of this partition, changed. */
    void modified(Db db, byte[] key);

    /**
     * Redis's signalKeyAsReady: a list, sorted set or stream now exists under this key, a stream got entries or
     * consumer groups changed, or a stream was deleted.
     */
    void ready(int db, byte[] key);

    /** Redis's notifyKeyspaceEvent; {@code eventClass} is a KeyspaceEventsType flag. */
    void notify(int db, int eventClass, String event, byte[] key);

    /**
     * The contents of database {@code db} were replaced wholesale (FLUSHDB, FLUSHALL, SWAPDB): WATCHes of
     * keys stored before or now are invalidated (but for Redis's exceptions for expired keys), and awaited keys
     * that exist now, or held a stream before, are ready.
     * {@code before} still holds the old contents.
     */
    void replaced(int db, Db before, Db after);

    /** Does nothing: for databases outside a partition (tests). */
    KeyObserver NONE = new KeyObserver() {
        @Override
        public void modified(Db db, byte[] key) {
        }

        @Override
        public void ready(int db, byte[] key) {
        }

        @Override
        public void notify(int db, int eventClass, String event, byte[] key) {
        }

        @Override
        public void replaced(int db, Db before, Db after) {
        }
    };
}
