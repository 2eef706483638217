package io.redactor.actors.watch;

import io.redactor.actors.data.Db;
import io.redactor.actors.data.Lookup;
import io.redactor.core.keys.ByteKey;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The watched keys of one partition: which clients WATCH which key of which database. Single-threaded, owned
 * by the partition (or by a reservation holding it).
 */
public final class Watches {
    private record DbKey(int db, ByteKey key) {
    }

    private static final int QUIET = Lookup.NOSTATS | Lookup.NOTOUCH;

    private final Map<DbKey, List<WatchToken>> watchers = new HashMap<>();

    public void watch(int db, byte[] key, WatchToken token) {
        List<WatchToken> tokens = watchers.computeIfAbsent(new DbKey(db, new ByteKey(key)), k -> new ArrayList<>(2));
        if (!tokens.contains(token)) {
            tokens.add(token);
        }
    }

    public void unwatch(int db, byte[] key, WatchToken token) {
        DbKey watched = new DbKey(db, new ByteKey(key));
        List<WatchToken> tokens = watchers.get(watched);
        if (tokens != null && tokens.remove(token) && tokens.isEmpty()) {
            watchers.remove(watched);
        }
    }

    public void modified(int db, byte[] key) {
        if (watchers.isEmpty()) {
            return;
        }
        List<WatchToken> tokens = watchers.get(new DbKey(db, new ByteKey(key)));
        if (tokens != null) {
            tokens.forEach(WatchToken::markDirty);
        }
    }

    /** A whole database changed (FLUSHDB, SWAPDB): watches of keys that existed before or exist now fire. */
    public void replaced(int db, Db before, Db after) {
        for (Map.Entry<DbKey, List<WatchToken>> entry : watchers.entrySet()) {
            DbKey watched = entry.getKey();
            if (watched.db() == db) {
                byte[] key = watched.key().bytes();
                if (before.lookup(key, QUIET) != null || after.lookup(key, QUIET) != null) {
                    entry.getValue().forEach(WatchToken::markDirty);
                }
            }
        }
    }

    public boolean isEmpty() {
        return watchers.isEmpty();
    }
}
