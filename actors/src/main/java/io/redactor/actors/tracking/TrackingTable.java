package io.redactor.actors.tracking;

import io.redactor.core.keys.ByteKey;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One partition's part of Redis's TrackingTable: for each key read by clients tracking in the default mode, the ids
 * of those clients. Keys are not per database (a client caches key names), as in Redis. A change of the key sends
 * each of them an invalidation and forgets the key. Single-threaded: owned by the partition, or by whatever holds
 * it (a reservation).
 */
public final class TrackingTable {
    /** A tracked key and the ids of its readers, kept sorted. */
    private static final class Entry {
        final byte[] key;
        long[] ids = new long[2];
        int size;
        /** Where the entry is in {@link #entries}, for picking keys at random. */
        int slot;

        Entry(byte[] key) {
            this.key = key;
        }

        boolean add(long id) {
            int at = Arrays.binarySearch(ids, 0, size, id);
            if (at >= 0) {
                return false;
            }
            int insert = -at - 1;
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, size * 2);
            }
            System.arraycopy(ids, insert, ids, insert + 1, size - insert);
            ids[insert] = id;
            size++;
            return true;
        }
    }

    private final Tracking tracking;
    private final Map<ByteKey, Entry> byKey = new HashMap<>();
    private final ArrayList<Entry> entries = new ArrayList<>();
    private final SplittableRandom random = new SplittableRandom();

    TrackingTable(Tracking tracking) {
        this.tracking = tracking;
    }

    /** Remembers that client {@code id} may cache {@code key}; then evicts keys if the table is over its bound. */
    public void remember(byte[] key, long id) {
        ByteKey name = new ByteKey(key);
        Entry entry = byKey.get(name);
        if (entry == null) {
            entry = new Entry(key.clone());
            entry.slot = entries.size();
            entries.add(entry);
            byKey.put(new ByteKey(entry.key), entry);
            tracking.keysAdded(1);
        }
        if (entry.add(id)) {
            tracking.itemsAdded(1);
        }
        if (tracking.overLimit()) {
            enforceLimit();
        }
    }

    /** Redis's trackingInvalidateKey for the table: the key changed, so its readers are told and forgotten. */
    public void modified(byte[] key) {
        if (byKey.isEmpty()) {
            return;
        }
        Entry entry = byKey.get(new ByteKey(key));
        if (entry != null) {
            forget(entry);
            tracking.invalidate(entry.key, entry.ids, entry.size);
        }
    }

    /** FLUSHDB and FLUSHALL empty the whole table (their invalidation is one null to every tracking client). */
    public void clear() {
        long items = 0;
        for (Entry entry : entries) {
            items += entry.size;
        }
        tracking.keysAdded(-entries.size());
        tracking.itemsAdded(-items);
        byKey.clear();
        entries.clear();
    }

    /**
     * Redis's trackingLimitUsedSlots: while the node's tables hold more keys than tracking-table-max-keys, forget keys
     * of this partition picked at random, invalidating them for their readers as if they had changed.
     */
    public void enforceLimit() {
        for (int effort = 100; effort > 0 && !entries.isEmpty() && tracking.overLimit(); effort--) {
            Entry entry = entries.get(random.nextInt(entries.size()));
            forget(entry);
            tracking.invalidate(entry.key, entry.ids, entry.size);
        }
    }

    public int size() {
        return entries.size();
    }

    private void forget(Entry entry) {
        byKey.remove(new ByteKey(entry.key));
        Entry last = entries.removeLast();
        if (last != entry) {
            last.slot = entry.slot;
            entries.set(entry.slot, last);
        }
        tracking.keysAdded(-1);
        tracking.itemsAdded(-entry.size);
    }
}
