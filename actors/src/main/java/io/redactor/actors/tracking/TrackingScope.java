package io.redactor.actors.tracking;

import io.redactor.actors.client.ClientSession;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The command running on this thread, as tracking sees it (Redis's server.current_client while call() runs):
 * invalidations for the client running it are written after its reply, not before; a NOLOOP client is not told of
 * its own changes; keys changed under BCAST prefixes are announced together when the command ends (Redis gathers
 * them for a whole event loop turn, trackingBroadcastInvalidationMessages in beforeSleep). Opened by whatever runs
 * a client's command from start to end on one thread (a partition's command runner, EXEC, an atomic script), and
 * by background work that changes keys (active expiry); only while tracking is in use.
 */
public final class TrackingScope {
    private static final ThreadLocal<TrackingScope> CURRENT = new ThreadLocal<>();

    /** What runs in the scope, which says where the client's own messages go. */
    public enum Kind {
        /** A command of the client: its messages follow its reply; a CLIENT CACHING given before it is used up. */
        COMMAND,
        /** A call of an async script: the client's messages wait for the script's reply. */
        SCRIPT_CALL,
        /** Work of no client (active expiry). */
        BACKGROUND
    }

    private final Tracking tracking;
    private final ClientSession client;
    private final Kind kind;
    /** The client to which BCAST NOLOOP attributes changes: Redis's fake script client is no client of ours. */
    private final ClientSession writer;
    private List<Reply> deferred;
    private TreeMap<Prefix, TreeMap<byte[], ClientSession>> broadcasts;

    private TrackingScope(Tracking tracking, ClientSession client, Kind kind, ClientSession writer) {
        this.tracking = tracking;
        this.client = client;
        this.kind = kind;
        this.writer = writer;
    }

    /**
     * Opens the scope of a command of {@code client} (null for background work) on this thread; null when tracking
     * cannot be concerned (the client does not track and no client broadcasts). Only what runs a command from the
     * start opens one (commands run inside another use {@link io.redactor.actors.command.CommandRunner#nested}), so
     * a scope still set here was left by work that failed: it is replaced.
     * {@code scriptWrites}: the command's changes are made by a script (not the client's for BCAST NOLOOP).
     */
    public static TrackingScope open(Tracking tracking, ClientSession client, Kind kind, boolean scriptWrites) {
        boolean concerned = client != null && client.tracking().on() || tracking.hasPrefixes();
        if (!concerned) {
            return null;
        }
        TrackingScope scope = new TrackingScope(tracking, client, kind, scriptWrites ? null : client);
        CURRENT.set(scope);
        return scope;
    }

    /** Closes {@code scope} if one was opened: see {@link #close(Reply)}. */
    public static Reply close(TrackingScope scope, Reply reply) {
        return scope == null ? reply : scope.close(reply);
    }

    static TrackingScope current() {
        return CURRENT.get();
    }

    ClientSession client() {
        return client;
    }

    /** An invalidation for the client itself, written after its reply (Redis's tracking_pending_keys). */
    void defer(Reply keys) {
        if (deferred == null) {
            deferred = new ArrayList<>(2);
        }
        deferred.add(keys);
    }

    void broadcast(Prefix prefix, byte[] key) {
        if (broadcasts == null) {
            broadcasts = new TreeMap<>((a, b) -> Tracking.BYTE_ORDER.compare(a.bytes(), b.bytes()));
        }
        broadcasts.computeIfAbsent(prefix, p -> new TreeMap<>(Tracking.BYTE_ORDER)).put(key.clone(), writer);
    }

    /**
     * Ends the scope: sends what it gathered, and returns {@code reply} followed by the client's own messages for a
     * command (they are queued after the reply of its script for a script's call).
     */
    public Reply close(Reply reply) {
        return end(reply, true);
    }

    /**
     * Ends the scope of work given up before it did anything visible, to be run again (an inline script moving to a
     * thread of its own): a CLIENT CACHING given before it still holds.
     */
    public void abandon() {
        end(null, false);
    }

    private Reply end(Reply reply, boolean finished) {
        if (CURRENT.get() == this) {
            CURRENT.remove();
        }
        List<Delivery> deliveries = new ArrayList<>();
        if (deferred != null) {
            for (Reply keys : deferred) {
                Delivery delivery = tracking.route(client, keys);
                if (delivery != null) {
                    deliveries.add(delivery);
                }
            }
        }
        if (broadcasts != null) {
            broadcasts.forEach((prefix, changed) -> tracking.broadcast(prefix, changed, deliveries));
        }
        List<PushReply> own = null;
        for (Delivery delivery : deliveries) {
            if (client != null && delivery.to() == client) {
                if (own == null) {
                    own = new ArrayList<>(2);
                }
                own.add(delivery.message());
            } else {
                delivery.send();
            }
        }
        if (kind == Kind.COMMAND && finished && client != null) {
            client.tracking().commandDone();
        }
        if (own == null) {
            return reply;
        }
        if (kind == Kind.COMMAND && reply != null) {
            List<Reply> sequence = new ArrayList<>(own.size() + 1);
            sequence.add(reply);
            sequence.addAll(own);
            return new ReplySequence(sequence);
        }
        client.tracking().queueAfterReply(own);
        return reply;
    }
}
