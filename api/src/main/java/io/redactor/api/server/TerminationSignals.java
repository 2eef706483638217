package io.redactor.api.server;

import akka.actor.CoordinatedShutdown;
import akka.actor.typed.ActorSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;

/**
 * SIGTERM and SIGINT stop a standalone server as SHUTDOWN does: the coordinated shutdown (last snapshot, the
 * append-only file flushed), then the process ends with status 0, as Redis's does after a clean shutdown. Left to
 * the JVM, the same shutdown would run from its exit hook and the process end with 143 (128 + SIGTERM), which
 * service managers report as a failure.
 */
final class TerminationSignals {
    private static final Logger log = LoggerFactory.getLogger(TerminationSignals.class);

    private TerminationSignals() {
    }

    /** {@code system} must have {@code akka.coordinated-shutdown.exit-jvm} on: the shutdown ends the process. */
    static void install(ActorSystem<?> system) {
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), signal -> {
                    log.info("Received SIG{} scheduling shutdown...", name);
                    CoordinatedShutdown.get(system).runAll(CoordinatedShutdown.unknownReason());
                });
            } catch (IllegalArgumentException reservedByTheJvm) {
                // -Xrs, or the JVM keeps it: its exit hook runs the same shutdown
            }
        }
    }
}
