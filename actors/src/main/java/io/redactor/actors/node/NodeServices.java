package io.redactor.actors.node;

import akka.actor.Cancellable;
import io.redactor.actors.acl.AccessControl;
import io.redactor.actors.client.ClientRegistry;
import io.redactor.actors.durability.Durability;
import io.redactor.actors.partition.PartitionGateway;
import io.redactor.actors.routing.CommandRouter;
import io.redactor.actors.scripts.ScriptService;

import java.util.concurrent.CompletionStage;

/** What client-side commands (CONFIG, CLIENT, INFO, SHUTDOWN, ...) and client pipelines use of the node. */
public record NodeServices(ServerContext server, CommandRouter router, ClientRegistry clients,
                           PartitionGateway partitions, ServerIdentity identity, Shutdown shutdown,
                           KeyspaceStatistics keyspaceStatistics, Timeouts timeouts, ScriptService scripts,
                           Durability durability, AccessControl access) {

    /** Runs a task once after a delay, on a timer thread (the blocking commands' time limits). */
    @FunctionalInterface
    public interface Timeouts {
        Cancellable after(long delayMillis, Runnable task);
    }

    /**
     * Stops the node (closing its front ends, then {@link Durability#stop}). {@code save}: SHUTDOWN's SAVE (true),
     * NOSAVE (false) or neither (null).
     */
    @FunctionalInterface
    public interface Shutdown {
        CompletionStage<Void> shutdown(Boolean save);
    }
}
