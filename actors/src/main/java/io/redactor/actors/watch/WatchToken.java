package io.redactor.actors.watch;

/**
 * A client's WATCH state: set dirty by any partition when a watched key changes, read when EXEC runs (with
 * the partitions involved held, so no change can slip in between). A client takes a fresh token after EXEC,
 * DISCARD or UNWATCH.
 */
public final class WatchToken {
    private volatile boolean dirty;
    private volatile boolean watchesDropped;

    /**
     * A watched key changed: Redis also drops all the client's watches then, so they take no further part in
     * {@link Watches}' rules for expired keys.
     */
    public void markDirty() {
        dirty = true;
        watchesDropped = true;
    }

    /** A FLUSH or SWAPDB touched a watched key: Redis marks the client but keeps its watches. */
    public void markDirtyKeepingWatches() {
        dirty = true;
    }

    public boolean isDirty() {
        return dirty;
    }

    boolean watchesDropped() {
        return watchesDropped;
    }
}
