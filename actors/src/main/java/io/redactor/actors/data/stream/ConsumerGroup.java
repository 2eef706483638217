package io.redactor.actors.data.stream;

import io.redactor.actors.data.JvmLayout;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A consumer group (Redis's streamCG): the last ID delivered, the read counter ({@link #INVALID_ENTRIES_READ} when
 * unknown), the entries pending acknowledgement and the consumers, ordered by name bytes as Redis's radix tree
 * orders them.
 */
public final class ConsumerGroup {
    /** Redis's SCG_INVALID_ENTRIES_READ. */
    public static final long INVALID_ENTRIES_READ = -1;

    private StreamId lastId;
    private long entriesRead;
    private final TreeMap<StreamId, PendingEntry> pending = new TreeMap<>();
    private final TreeMap<byte[], Consumer> consumers = new TreeMap<>(Arrays::compareUnsigned);

    ConsumerGroup(StreamId lastId, long entriesRead) {
        this.lastId = lastId;
        this.entriesRead = entriesRead;
    }

    public StreamId lastId() {
        return lastId;
    }

    public void setLastId(StreamId id) {
        lastId = id;
    }

    public long entriesRead() {
        return entriesRead;
    }

    public void setEntriesRead(long value) {
        entriesRead = value;
    }

    /** The pending entries of every consumer, by ID. */
    public NavigableMap<StreamId, PendingEntry> pending() {
        return Collections.unmodifiableNavigableMap(pending);
    }

    /**
     * Bytes the group holds: its object, lists and their entries (java.util.TreeMap nodes, IDs, pending entries and
     * consumers). Walks the consumers, which are few, not the entries.
     */
    long memoryBytes() {
        long id = JvmLayout.object(0, 16);
        long pendingEntry = JvmLayout.object(1, 16);
        long bytes = JvmLayout.object(4, 8) + 2 * TREE_MAP + (long) pending.size() * (TREE_ENTRY + id + pendingEntry);
        for (Consumer consumer : consumers.values()) {
            bytes += TREE_ENTRY + JvmLayout.object(2, 8) + JvmLayout.bytes(consumer.name().length) + TREE_MAP
                    + (long) consumer.pending.size() * TREE_ENTRY;
        }
        return bytes;
    }

    /** A java.util.TreeMap and one of its nodes. */
    static final long TREE_MAP = JvmLayout.object(7, 8);
    static final long TREE_ENTRY = JvmLayout.object(5, 1);

    public int pendingCount() {
        return pending.size();
    }

    public Consumer consumer(byte[] name) {
        return consumers.get(name);
    }

    /** The consumers in name order. */
    public Collection<Consumer> consumers() {
        return Collections.unmodifiableCollection(consumers.values());
    }

    public int consumerCount() {
        return consumers.size();
    }

    /** A new consumer seen now; null when one has that name. */
    public Consumer createConsumer(byte[] name, long now) {
        if (consumers.containsKey(name)) {
            return null;
        }
        Consumer consumer = new Consumer(name, now);
        consumers.put(name, consumer);
        return consumer;
    }

    /** Removes a consumer and its pending entries; returns how many it had. */
    public int deleteConsumer(Consumer consumer) {
        int had = consumer.pending.size();
        for (StreamId id : consumer.pending.keySet()) {
            pending.remove(id);
        }
        consumers.remove(consumer.name());
        return had;
    }

    /** XACK of one ID: false when it was not pending. */
    public boolean acknowledge(StreamId id) {
        PendingEntry entry = pending.remove(id);
        if (entry == null) {
            return false;
        }
        entry.consumer.pending.remove(id);
        return true;
    }

    /**
     * Delivers {@code id} to {@code consumer} (XREADGROUP): pending for it from {@code now}, delivered once, even if
     * another consumer had it (the group's last ID may have been set back).
     */
    public PendingEntry deliver(StreamId id, Consumer consumer, long now) {
        PendingEntry entry = pending.get(id);
        if (entry == null) {
            entry = new PendingEntry(now, 1, consumer);
            pending.put(id, entry);
        } else {
            entry.consumer.pending.remove(id);
            entry.consumer = consumer;
            entry.deliveryTime = now;
            entry.deliveryCount = 1;
        }
        consumer.pending.put(id, entry);
        return entry;
    }

    /** A pending entry without a consumer yet (XCLAIM FORCE), delivered once at {@code now}. */
    public PendingEntry addPending(StreamId id, long now) {
        PendingEntry entry = new PendingEntry(now, 1, null);
        pending.put(id, entry);
        return entry;
    }

    /** Gives a pending entry to {@code consumer}. */
    public void assign(StreamId id, PendingEntry entry, Consumer consumer) {
        if (entry.consumer == consumer) {
            return;
        }
        if (entry.consumer != null) {
            entry.consumer.pending.remove(id);
        }
        consumer.pending.put(id, entry);
        entry.consumer = consumer;
    }

    /** Forgets a pending entry whose stream entry is gone. */
    public void dropPending(StreamId id) {
        PendingEntry entry = pending.remove(id);
        if (entry != null && entry.consumer != null) {
            entry.consumer.pending.remove(id);
        }
    }

    /** A deep copy: consumers and pending entries of its own. */
    ConsumerGroup copy() {
        ConsumerGroup copy = new ConsumerGroup(lastId, entriesRead);
        pending.forEach((id, entry) -> copy.pending.put(id, new PendingEntry(entry.deliveryTime,
                entry.deliveryCount, null)));
        for (Consumer consumer : consumers.values()) {
            Consumer twin = copy.createConsumer(consumer.name(), consumer.seenTime());
            for (StreamId id : consumer.pending.keySet()) {
                PendingEntry entry = copy.pending.get(id);
                entry.consumer = twin;
                twin.pending.put(id, entry);
            }
        }
        return copy;
    }

    /** Loading: a pending entry of the group, its consumer to be given by {@link #loadConsumerPending}. */
    boolean loadPending(StreamId id, long deliveryTime, long deliveryCount) {
        return pending.putIfAbsent(id, new PendingEntry(deliveryTime, deliveryCount, null)) == null;
    }

    /** Loading: gives a pending entry of the group to a consumer; false when the group does not have it. */
    boolean loadConsumerPending(Consumer consumer, StreamId id) {
        PendingEntry entry = pending.get(id);
        if (entry == null || consumer.pending.putIfAbsent(id, entry) != null) {
            return false;
        }
        entry.consumer = consumer;
        return true;
    }

    /** Whether every pending entry has a consumer (a loaded group must). */
    boolean everyPendingOwned() {
        for (PendingEntry entry : pending.values()) {
            if (entry.consumer == null) {
                return false;
            }
        }
        return true;
    }
}
