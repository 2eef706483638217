package io.redactor.actors.partition;

import io.redactor.actors.blocking.BlockedKeys;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyObserver;
import io.redactor.actors.pubsub.KeyspaceNotifier;
import io.redactor.actors.tracking.Tracking;
import io.redactor.actors.tracking.TrackingTable;
import io.redactor.actors.watch.Watches;

/**
 * What a partition does when its keys change: WATCH invalidation, client-side caching invalidation, blocked clients,
 * keyspace notifications.
 */
final class PartitionSignals implements KeyObserver {
    private final Watches watches = new Watches();
    private final BlockedKeys blocked = new BlockedKeys();
    private final KeyspaceNotifier notifier;
    private final Tracking tracking;
    private final TrackingTable tracked;

    PartitionSignals(KeyspaceNotifier notifier, Tracking tracking, TrackingTable tracked) {
        this.notifier = notifier;
        this.tracking = tracking;
        this.tracked = tracked;
    }

    TrackingTable tracked() {
        return tracked;
    }

    Watches watches() {
        return watches;
    }

    BlockedKeys blocked() {
        return blocked;
    }

    @Override
    public void modified(Db db, byte[] key) {
        watches.modified(db, key);
        tracked.modified(key);
        tracking.modifiedForBroadcast(key);
    }

    @Override
    public void ready(int db, byte[] key) {
        blocked.markReady(db, key);
    }

    @Override
    public void notify(int db, int eventClass, String event, byte[] key) {
        notifier.notify(db, eventClass, event, key);
    }

    @Override
    public void replaced(int db, Db before, Db after) {
        watches.replaced(db, before, after);
        blocked.markReady(db, before, after);
    }
}
