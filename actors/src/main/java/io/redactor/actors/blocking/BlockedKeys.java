package io.redactor.actors.blocking;

import io.redactor.actors.data.Db;
import io.redactor.actors.data.Lookup;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.keys.ByteKey;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The clients blocked on one partition's keys, first come first served per key, and the keys that became
 * ready since they were last served. Single-threaded: owned by the partition, or a reservation holding it.
 */
public final class BlockedKeys {
    /** A key of one database. */
    public record DbKey(int db, ByteKey key) {
        public byte[] bytes() {
            return key.bytes();
        }
    }

    private final Map<DbKey, ArrayDeque<BlockedClient>> waiting = new HashMap<>();
    private final LinkedHashSet<DbKey> ready = new LinkedHashSet<>();
    private int clients;

    public void register(int db, byte[] key, BlockedClient client) {
        ArrayDeque<BlockedClient> queue = waiting.computeIfAbsent(new DbKey(db, new ByteKey(key)),
                k -> new ArrayDeque<>(2));
        if (!queue.contains(client)) {
            queue.add(client);
            clients++;
        }
    }

    /** Forgets {@code client} on every key here. */
    public void remove(BlockedClient client) {
        BlockRequest request = client.request();
        if (request == null) {
            return;
        }
        int db = client.invocation().db();
        for (byte[] key : request.keys()) {
            remove(new DbKey(db, new ByteKey(key)), client);
        }
    }

    private void remove(DbKey key, BlockedClient client) {
        ArrayDeque<BlockedClient> queue = waiting.get(key);
        if (queue != null && queue.remove(client)) {
            clients--;
            if (queue.isEmpty()) {
                waiting.remove(key);
            }
        }
    }

    /** Redis's signalKeyAsReady: remembered only if someone waits for the key. */
    public void markReady(int db, byte[] key) {
        if (clients > 0) {
            DbKey ready = new DbKey(db, new ByteKey(key));
            if (waiting.containsKey(ready)) {
                this.ready.add(ready);
            }
        }
    }

    /**
     * A database's contents were replaced (FLUSHDB, SWAPDB): every awaited key that now exists is ready, and so is
     * one that held a stream before (Redis's scanDatabaseForDeletedStreams).
     */
    public void markReady(int db, Db before, Db after) {
        for (DbKey key : waiting.keySet()) {
            if (key.db() == db && (peek(after, key) != null || peek(before, key) instanceof StreamValue)) {
                ready.add(key);
            }
        }
    }

    private static Object peek(Db contents, DbKey key) {
        return contents.lookup(key.bytes(), Lookup.NOSTATS | Lookup.NOTOUCH | Lookup.NONOTIFY);
    }

    public boolean hasReady() {
        return !ready.isEmpty();
    }

    /** The next ready key, removed from the ready set; null when none. */
    public DbKey nextReady() {
        Iterator<DbKey> first = ready.iterator();
        if (!first.hasNext()) {
            return null;
        }
        DbKey key = first.next();
        first.remove();
        return key;
    }

    /**
     * Claims the longest-waiting client on {@code key} that {@code canServe} accepts and forgets it here; null
     * if there is none. Answered clients met on the way are dropped; ones claimed elsewhere are skipped.
     */
    public BlockedClient claimNext(DbKey key, Predicate<BlockedClient> canServe) {
        ArrayDeque<BlockedClient> queue = waiting.get(key);
        if (queue == null) {
            return null;
        }
        Iterator<BlockedClient> clients = queue.iterator();
        while (clients.hasNext()) {
            BlockedClient client = clients.next();
            if (client.isDone()) {
                clients.remove();
                this.clients--;
            } else if (canServe.test(client) && client.tryClaim()) {
                clients.remove();
                this.clients--;
                if (queue.isEmpty()) {
                    waiting.remove(key);
                }
                remove(client);
                return client;
            }
        }
        if (queue.isEmpty()) {
            waiting.remove(key);
        }
        return null;
    }

    /** How many (client, key) registrations this partition holds. */
    public int size() {
        return clients;
    }
}
