package io.redactor.actors.watch;

import io.redactor.actors.data.Db;
import io.redactor.core.keys.ByteKey;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The watched keys of one partition: which clients WATCH which key of which database, and whether the key had
 * already expired (but was still stored) when each of them watched it. Such a stale key's removal is no change, as
 * in Redis. Single-threaded, owned by the partition (or by a reservation holding it).
 */
public final class Watches {
    private record DbKey(int db, ByteKey key) {
    }

    /** One client's watch of one key; {@code stale}: the key is stored but expired, as when it was watched. */
    private static final class Watcher {
        final WatchToken token;
        boolean stale;

        Watcher(WatchToken token, boolean stale) {
            this.token = token;
            this.stale = stale;
        }
    }

    private final Map<DbKey, List<Watcher>> watchers = new HashMap<>();

    /**
     * Watches {@code key} of {@code db} (a database of this partition) unless the client already does, or is dirty
     * already (Redis adds no watch then).
     */
    public void watch(Db db, byte[] key, WatchToken token) {
        if (token.isDirty()) {
            return;
        }
        List<Watcher> list = watchers.computeIfAbsent(new DbKey(db.index(), new ByteKey(key)), k -> new ArrayList<>(2));
        if (find(list, token) == null) {
            list.add(new Watcher(token, db.isExpired(key)));
        }
    }

    public void unwatch(int db, byte[] key, WatchToken token) {
        DbKey watched = new DbKey(db, new ByteKey(key));
        List<Watcher> list = watchers.get(watched);
        if (list != null && list.remove(find(list, token)) && list.isEmpty()) {
            watchers.remove(watched);
        }
    }

    /**
     * EXEC's check: whether the client's watch of {@code key} fails because the key expired since it was watched
     * (a key already expired when watched does not count).
     */
    public boolean expiredSinceWatched(Db db, byte[] key, WatchToken token) {
        List<Watcher> list = watchers.get(new DbKey(db.index(), new ByteKey(key)));
        Watcher watcher = list == null ? null : find(list, token);
        return watcher != null && !watcher.stale && db.isExpired(key);
    }

    /**
     * Redis's touchWatchedKey: {@code key} of {@code db} changed. Watchers of a stale key that is now gone only
     * forget it was stale; meeting the watch of a stale key that is still stored ends the round, as Redis's loop
     * does, so the watchers after it are not marked either.
     */
    public void modified(Db db, byte[] key) {
        if (watchers.isEmpty()) {
            return;
        }
        List<Watcher> list = watchers.get(new DbKey(db.index(), new ByteKey(key)));
        if (list == null) {
            return;
        }
        boolean stored = db.stored(key);
        for (Watcher watcher : list) {
            if (watcher.token.watchesDropped()) {
                continue;
            }
            if (watcher.stale) {
                if (stored) {
                    return;
                }
                watcher.stale = false;
                continue;
            }
            watcher.token.markDirty();
        }
    }

    /**
     * Redis's touchAllWatchedKeysInDb: the contents of database {@code db} were replaced, by another database's
     * (SWAPDB) or by nothing (FLUSHDB, FLUSHALL: {@code after} is empty). A watch fires when its key is stored
     * before or after, except that a stale key that is gone or stays stale, and a missing key that becomes a stale
     * one, are no change (the watch then remembers whether the key is stale).
     */
    public void replaced(int db, Db before, Db after) {
        for (Map.Entry<DbKey, List<Watcher>> entry : watchers.entrySet()) {
            DbKey watched = entry.getKey();
            if (watched.db() != db) {
                continue;
            }
            byte[] key = watched.key().bytes();
            boolean storedBefore = before.stored(key);
            boolean storedAfter = after.stored(key);
            if (!storedBefore && !storedAfter) {
                continue;
            }
            boolean staleAfter = after.isExpired(key);
            for (Watcher watcher : entry.getValue()) {
                if (watcher.stale) {
                    if (!storedAfter) {
                        watcher.stale = false;
                        continue;
                    }
                    if (staleAfter) {
                        continue;
                    }
                } else if (!storedBefore && staleAfter) {
                    watcher.stale = true;
                    continue;
                }
                watcher.token.markDirtyKeepingWatches();
            }
        }
    }

    public boolean isEmpty() {
        return watchers.isEmpty();
    }

    private static Watcher find(List<Watcher> list, WatchToken token) {
        for (Watcher watcher : list) {
            if (watcher.token == token) {
                return watcher;
            }
        }
        return null;
    }
}
