package io.redactor.actors.client;

import io.redactor.actors.acl.AccessControl;
import io.redactor.actors.acl.AclUser;
import io.redactor.actors.node.ServerStats;
import io.redactor.core.reply.ErrorReply;

import java.util.Collection;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/**
 * The connected clients of this node, in connection order, with the {@code maxclients} limit. Every client
 * registered counts in {@code total_connections_received}, whatever front end it came through.
 */
public final class ClientRegistry {
    /** What a client refused by {@code maxclients} is told. */
    public static final ErrorReply MAX_CLIENTS = new ErrorReply("ERR max number of clients reached");

    private final ConcurrentSkipListMap<Long, ClientSession> clients = new ConcurrentSkipListMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicLong connected = new AtomicLong();
    private final IntSupplier maxClients;
    private final ServerStats stats;
    private final AccessControl access;

    /** The endpoint of internal sessions: nothing to close. */
    private static final ClientEndpoint INTERNAL = new LocalEndpoint("internal:0", () -> {
    });

    public ClientRegistry(IntSupplier maxClients, ServerStats stats, AccessControl access) {
        this.maxClients = maxClients;
        this.stats = stats;
        this.access = access;
    }

    /**
     * Registers a new client, or returns null when {@code maxclients} are already connected. It runs as the default
     * user, authenticated when that user has no password (as Redis's new connections).
     */
    public ClientSession register(ClientEndpoint endpoint, long nowMs) {
        return register(endpoint, nowMs, null);
    }

    /**
     * Registers a client of a front end that authenticates its clients itself (the REST API, the Java API): it runs
     * as {@code user}, authenticated. Null past {@code maxclients}.
     */
    public ClientSession registerAs(ClientEndpoint endpoint, long nowMs, AclUser user) {
        return register(endpoint, nowMs, user);
    }

    private ClientSession register(ClientEndpoint endpoint, long nowMs, AclUser authenticatedAs) {
        if (connected.incrementAndGet() > maxClients.getAsInt()) {
            connected.decrementAndGet();
            return null;
        }
        ClientSession session = new ClientSession(nextId.getAndIncrement(), endpoint, nowMs);
        if (authenticatedAs == null) {
            access.signInAsDefault(session, false);
        } else {
            session.signIn(authenticatedAs, true);
        }
        clients.put(session.id(), session);
        stats.connectionsReceived.increment();
        return session;
    }

    /**
     * A session for work the server does on no client's behalf (a script subscriber's runs), like Redis's fake
     * clients: it has an id of its own, counts against no limit and is not listed.
     */
    public ClientSession internalSession(long nowMs) {
        return new ClientSession(nextId.getAndIncrement(), INTERNAL, nowMs);
    }

    public void unregister(ClientSession session) {
        if (clients.remove(session.id()) != null) {
            connected.decrementAndGet();
        }
    }

    public Collection<ClientSession> all() {
        return clients.values();
    }

    public ClientSession byId(long id) {
        return clients.get(id);
    }

    public int count() {
        return clients.size();
    }
}
