package io.redactor.actors.client;

import java.util.Collection;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/** The connected clients of this node, in connection order, with the {@code maxclients} limit. */
public final class ClientRegistry {
    private final ConcurrentSkipListMap<Long, ClientSession> clients = new ConcurrentSkipListMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicLong connected = new AtomicLong();
    private final IntSupplier maxClients;

    /** The endpoint of internal sessions: nothing to close. */
    private static final ClientEndpoint INTERNAL = new LocalEndpoint("internal:0", () -> {
    });

    public ClientRegistry(IntSupplier maxClients) {
        this.maxClients = maxClients;
    }

    /** Registers a new client, or returns null when {@code maxclients} are already connected. */
    public ClientSession register(ClientEndpoint endpoint, long nowMs) {
        if (connected.incrementAndGet() > maxClients.getAsInt()) {
            connected.decrementAndGet();
            return null;
        }
        ClientSession session = new ClientSession(nextId.getAndIncrement(), endpoint, nowMs);
        clients.put(session.id(), session);
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
