package io.redactor.actors.tracking;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.core.keys.PartitionMap;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongFunction;

/**
 * Client-side caching (Redis's tracking.c) for this node: which clients track, the BCAST prefixes, the partitions'
 * tables of keys read, and how invalidation messages reach clients. RESP3 clients get {@code >2 invalidate [keys]}
 * pushes; a client may redirect them to another client, which gets them as pushes in RESP3 or, in RESP2 while
 * subscribed to anything, as messages of the {@code __redis__:invalidate} channel.
 */
public final class Tracking {
    static final Comparator<byte[]> BYTE_ORDER = Arrays::compareUnsigned;

    private static final BulkString INVALIDATE = BulkString.of("invalidate");
    private static final BulkString MESSAGE = BulkString.of("message");
    private static final BulkString CHANNEL = BulkString.of("__redis__:invalidate");
    private static final BulkString REDIRECT_BROKEN = BulkString.of("tracking-redir-broken");

    private final RuntimeConfig config;
    private final PartitionMap partitions;
    private final TrackingTable[] tables;
    private final Set<ClientSession> trackingClients = ConcurrentHashMap.newKeySet();
    private final AtomicLong keys = new AtomicLong();
    private final LongAdder items = new LongAdder();
    private volatile List<Prefix> prefixes = List.of();
    private volatile LongFunction<ClientSession> clients = id -> null;

    public Tracking(RuntimeConfig config, PartitionMap partitions) {
        this.config = config;
        this.partitions = partitions;
        this.tables = new TrackingTable[partitions.count()];
    }

    /** How client ids are resolved (the node's client registry). */
    public void useClients(LongFunction<ClientSession> lookup) {
        clients = lookup;
    }

    /** The table of partition {@code partition}, made anew when the partition (re)starts. */
    public TrackingTable newTable(int partition) {
        TrackingTable table = new TrackingTable(this);
        TrackingTable old = tables[partition];
        if (old != null) {
            old.clear();
        }
        tables[partition] = table;
        return table;
    }

    /** Whether any client tracks: until then nothing here costs anything. */
    public boolean inUse() {
        return !trackingClients.isEmpty();
    }

    public boolean hasPrefixes() {
        return !prefixes.isEmpty();
    }

    public ClientSession client(long id) {
        return clients.apply(id);
    }

    // ---- turning tracking on and off (the client's own thread)

    /** Redis's enableTracking; {@code added}: BCAST prefixes to add to those the client has (none: the empty one). */
    public synchronized void enable(ClientSession session, long redirect, boolean bcast, boolean optin,
                                    boolean optout, boolean noloop, List<byte[]> added) {
        ClientTracking state = session.tracking();
        state.enable(redirect, bcast, optin, optout, noloop);
        trackingClients.add(session);
        if (bcast) {
            List<byte[]> mine = new ArrayList<>(state.prefixes());
            for (byte[] prefix : added.isEmpty() ? List.of(new byte[0]) : added) {
                if (mine.stream().noneMatch(p -> Arrays.equals(p, prefix))) {
                    mine.add(prefix.clone());
                }
            }
            mine.sort(BYTE_ORDER);
            state.prefixes(List.copyOf(mine));
            rebuildPrefixes();
        }
    }

    /** Redis's disableTracking: the client's keys stay in the tables and are skipped when they change. */
    public synchronized void disable(ClientSession session) {
        ClientTracking state = session.tracking();
        boolean hadPrefixes = !state.prefixes().isEmpty();
        state.disable();
        trackingClients.remove(session);
        if (hadPrefixes) {
            rebuildPrefixes();
        }
    }

    private void rebuildPrefixes() {
        TreeMap<byte[], List<ClientSession>> table = new TreeMap<>(BYTE_ORDER);
        trackingClients.stream().sorted(Comparator.comparingLong(ClientSession::id)).forEach(session -> {
            for (byte[] prefix : session.tracking().prefixes()) {
                table.computeIfAbsent(prefix, p -> new ArrayList<>()).add(session);
            }
        });
        List<Prefix> rebuilt = new ArrayList<>(table.size());
        table.forEach((prefix, subscribed) -> rebuilt.add(new Prefix(prefix, List.copyOf(subscribed))));
        prefixes = List.copyOf(rebuilt);
    }

    // ---- INFO

    public int clientCount() {
        return trackingClients.size();
    }

    public long totalKeys() {
        return keys.get();
    }

    public long totalItems() {
        return items.sum();
    }

    public int totalPrefixes() {
        return prefixes.size();
    }

    void keysAdded(long count) {
        keys.addAndGet(count);
    }

    void itemsAdded(long count) {
        items.add(count);
    }

    /** Over tracking-table-max-keys (0: no bound). */
    boolean overLimit() {
        long max = config.trackingTableMaxKeys();
        return max > 0 && keys.get() > max;
    }

    // ---- keys read and changed (partition threads)

    /**
     * Remembers that {@code reader} read {@code key} (Redis's trackingRememberKeys), in the table of the key's
     * partition, which the calling thread must hold.
     */
    public void remember(byte[] key, ClientSession reader) {
        TrackingTable table = tables[partitions.partitionOf(key)];
        if (table != null) {
            table.remember(key, reader.id());
        }
    }

    /**
     * A key changed (Redis's trackingInvalidateKey with bcast): gathered for the clients of the prefixes it matches.
     * The readers in the table are told by the table itself ({@link TrackingTable#modified}).
     */
    public void modifiedForBroadcast(byte[] key) {
        List<Prefix> table = prefixes;
        if (table.isEmpty()) {
            return;
        }
        TrackingScope scope = TrackingScope.current();
        for (Prefix prefix : table) {
            if (prefix.matches(key)) {
                if (scope != null) {
                    scope.broadcast(prefix, key);
                } else {
                    TreeMap<byte[], ClientSession> one = new TreeMap<>(BYTE_ORDER);
                    one.put(key, null);
                    broadcast(prefix, one, null);
                }
            }
        }
    }

    /** Tells the readers {@code ids[0..count)} of {@code key} that it changed (or was evicted from the table). */
    void invalidate(byte[] key, long[] ids, int count) {
        TrackingScope scope = TrackingScope.current();
        ArrayReply keysReply = null;
        for (int i = 0; i < count; i++) {
            ClientSession target = clients.apply(ids[i]);
            if (target == null) {
                continue;
            }
            ClientTracking state = target.tracking();
            // a client that switched to BCAST gets no invalidations of what it read before
            if (!state.on() || state.bcast()) {
                continue;
            }
            boolean self = scope != null && scope.client() == target;
            if (self && state.noloop()) {
                continue;
            }
            if (keysReply == null) {
                keysReply = new ArrayReply(List.of(new BulkString(key)));
            }
            if (self) {
                scope.defer(keysReply);
            } else {
                send(target, keysReply);
            }
        }
    }

    /**
     * FLUSHDB and FLUSHALL (Redis's trackingInvalidateKeysOnFlush): every tracking client gets a null, "every key",
     * and the tables are emptied. The caller holds every partition.
     */
    public void flushed() {
        for (TrackingTable table : tables) {
            if (table != null) {
                table.clear();
            }
        }
        TrackingScope scope = TrackingScope.current();
        for (ClientSession session : trackingClients) {
            if (scope != null && scope.client() == session) {
                scope.defer(NullReply.NULL_BULK);
            } else {
                send(session, NullReply.NULL_BULK);
            }
        }
    }

    /**
     * Announces {@code changed} (keys, each with the client that changed it last, or null) to the clients of
     * {@code prefix}: a NOLOOP client is not told of its own changes. The messages are sent, or added to
     * {@code collected} when that is given.
     */
    void broadcast(Prefix prefix, TreeMap<byte[], ClientSession> changed, List<Delivery> collected) {
        ArrayReply all = null;
        for (ClientSession session : prefix.clients()) {
            ClientTracking state = session.tracking();
            if (!state.on() || !state.bcast()) {
                continue;
            }
            ArrayReply keysReply;
            if (state.noloop()) {
                List<Reply> others = new ArrayList<>(changed.size());
                changed.forEach((key, writer) -> {
                    if (writer != session) {
                        others.add(new BulkString(key));
                    }
                });
                if (others.isEmpty()) {
                    continue;
                }
                keysReply = new ArrayReply(others);
            } else {
                if (all == null) {
                    List<Reply> names = new ArrayList<>(changed.size());
                    changed.keySet().forEach(key -> names.add(new BulkString(key)));
                    all = new ArrayReply(names);
                }
                keysReply = all;
            }
            Delivery delivery = route(session, keysReply);
            if (delivery != null) {
                if (collected != null) {
                    collected.add(delivery);
                } else {
                    delivery.send();
                }
            }
        }
    }

    /** Sends the invalidation of {@code keys} (an array of key names, or a null for all) to {@code session}. */
    void send(ClientSession session, Reply keys) {
        Delivery delivery = route(session, keys);
        if (delivery != null) {
            delivery.send();
        }
    }

    /**
     * Redis's sendTrackingMessage: where the invalidation of {@code keys} for {@code session} goes and in what form;
     * null when it cannot be delivered (RESP2 without redirection, or redirected to a RESP2 client not subscribed).
     * A redirection to a client that is gone marks the redirection broken and tells a RESP3 client so.
     */
    Delivery route(ClientSession session, Reply keys) {
        ClientTracking state = session.tracking();
        long redirect = state.redirect();
        ClientSession target = session;
        if (redirect != 0) {
            target = clients.apply(redirect);
            if (target == null) {
                state.redirectBroken();
                return session.protocol() > 2 ? new Delivery(session,
                        new PushReply(List.of(REDIRECT_BROKEN, IntegerReply.of(redirect)))) : null;
            }
        }
        if (target.protocol() > 2) {
            return new Delivery(target, new PushReply(List.of(INVALIDATE, keys)));
        }
        if (redirect != 0 && target.isSubscriber()) {
            return new Delivery(target, new PushReply(List.of(MESSAGE, CHANNEL, keys)));
        }
        return null;
    }
}
