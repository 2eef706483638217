package io.redactor.actors.node;

import io.redactor.actors.client.ClientRegistry;
import io.redactor.actors.client.ClientSession;

/**
 * Periodic housekeeping, like Redis's serverCron: samples the instantaneous rates and closes clients idle for
 * longer than {@code timeout}.
 */
final class ServerCron implements Runnable {
    private final ServerContext server;
    private final ClientRegistry clients;
    private long lastIdleCheck;

    ServerCron(ServerContext server, ClientRegistry clients) {
        this.server = server;
        this.clients = clients;
    }

    @Override
    public void run() {
        long now = System.currentTimeMillis();
        server.stats().sample(now);
        if (now - lastIdleCheck >= 1000) {
            lastIdleCheck = now;
            closeIdleClients(now);
        }
    }

    private void closeIdleClients(long now) {
        long timeout = server.config().timeoutSeconds();
        if (timeout <= 0) {
            return;
        }
        for (ClientSession client : clients.all()) {
            if ((now - client.lastInteractionMs()) / 1000 > timeout) {
                client.endpoint().close();
            }
        }
    }
}
