package io.redactor.actors.node;

import io.redactor.actors.scripts.ScriptService;
import io.redactor.actors.client.ClientRegistry;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.durability.Durability;

/**
 * Periodic housekeeping, like Redis's serverCron: samples the instantaneous rates and closes clients idle for
 * longer than {@code timeout}, watches running scripts (busy threshold, time limit), and starts snapshots and
 * rewrites that are due.
 */
final class ServerCron implements Runnable {
    private final ServerContext server;
    private final ClientRegistry clients;
    private final ScriptService scripts;
    private final Durability durability;
    private long lastIdleCheck;

    ServerCron(ServerContext server, ClientRegistry clients, ScriptService scripts, Durability durability) {
        this.server = server;
        this.clients = clients;
        this.scripts = scripts;
        this.durability = durability;
    }

    @Override
    public void run() {
        server.pause().expireIfDue();
        long now = System.currentTimeMillis();
        server.stats().sample(now);
        server.memory().peak(server.memory().total());
        scripts.cron(now, server.config().busyReplyThresholdMs());
        durability.cron(now);
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
            // as in Redis, monitors, subscribers and clients waiting (blocked, paused, in WAIT) are never idle
            if (client.monitoring() || client.isSubscriber() || client.blocked() != null || client.postponed()) {
                continue;
            }
            if ((now - client.lastInteractionMs()) / 1000 > timeout) {
                client.endpoint().close();
            }
        }
    }
}
