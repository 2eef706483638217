package io.redactor.actors.watch;

/**
 * A client's WATCH state: set dirty by any partition when a watched key changes, read when EXEC runs (with
 * the partitions involved held, so no change can slip in between). A client takes a fresh token after EXEC,
 * DISCARD or UNWATCH.
 */
public final class WatchToken {
    private volatile boolean dirty;

    public void markDirty() {
        dirty = true;
    }

    public boolean isDirty() {
        return dirty;
    }
}
