package io.redactor.api.server;

import akka.Done;
import akka.actor.CoordinatedShutdown;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import io.redactor.actors.node.NodeSettings;
import io.redactor.actors.node.ProcessMetrics;
import io.redactor.actors.node.RedactorNode;
import io.redactor.actors.node.ServerIdentity;
import io.redactor.api.resp.RespServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A running Redactor server: the node and its RESP front end in an actor system. Stopping it (SHUTDOWN,
 * SIGTERM, {@link #stop()}) runs the actor system's coordinated shutdown, which closes the listener first.
 */
public final class RedactorServer {
    private static final Logger log = LoggerFactory.getLogger(RedactorServer.class);

    private final ActorSystem<?> system;
    private final RedactorNode node;
    private final RespServer resp;

    private RedactorServer(ActorSystem<?> system, RedactorNode node, RespServer resp) {
        this.system = system;
        this.node = node;
        this.resp = resp;
    }

    /** Starts a server in a new actor system built from {@code config}. */
    public static CompletionStage<RedactorServer> start(Config config, String configFile) {
        return start(config, configFile, "redactor");
    }

    /** Starts a server in a new actor system named {@code systemName}. */
    public static CompletionStage<RedactorServer> start(Config config, String configFile, String systemName) {
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), systemName, config);
        return start(system, configFile).whenComplete((server, failure) -> {
            if (failure != null) {
                system.terminate();
            }
        });
    }

    /** Starts a server inside an existing actor system (which must use the cluster provider). */
    public static CompletionStage<RedactorServer> start(ActorSystem<?> system, String configFile) {
        Config config = system.settings().config();
        NodeSettings settings = NodeSettings.from(config);
        int port = config.getInt("redactor.port");
        List<String> addresses = Arrays.stream(config.getString("redactor.bind").trim().split("\\s+"))
                .map(address -> address.startsWith("-") ? address.substring(1) : address)
                .toList();
        int ioThreads = config.getInt("redactor.resp.io-threads");
        RespServer.Settings respSettings = new RespServer.Settings(
                ioThreads > 0 ? ioThreads : Runtime.getRuntime().availableProcessors(),
                config.getInt("redactor.resp.max-pending-commands"));
        ServerIdentity identity = new ServerIdentity(runId(), ProcessMetrics.processId(), port, String.join(" ", addresses),
                ProcessHandle.current().info().command().orElse(""), configFile == null ? "" : configFile);
        CoordinatedShutdown shutdown = CoordinatedShutdown.get(system);
        return RedactorNode.start(system, settings, identity, save -> shutdown
                        .runAll(CoordinatedShutdown.unknownReason()).thenApply(done -> (Void) null))
                .thenCompose(node -> {
                    CompletableFuture<RedactorServer> started = new CompletableFuture<>();
                    try {
                        RespServer resp = RespServer.start(node.services(), addresses, port, respSettings);
                        RedactorServer server = new RedactorServer(system, node, resp);
                        shutdown.addTask(CoordinatedShutdown.PhaseServiceUnbind(), "redactor-resp-unbind", () -> {
                            server.closeFrontEnd();
                            return CompletableFuture.completedFuture(Done.getInstance());
                        });
                        log.info("Redactor {} ready: Redis protocol on {} port {}, {} partitions",
                                io.redactor.actors.node.RedactorVersion.VERSION, String.join(" ", addresses),
                                resp.port(), settings.partitions());
                        started.complete(server);
                    } catch (Exception e) {
                        started.completeExceptionally(e);
                    }
                    return started;
                });
    }

    public int port() {
        return resp.port();
    }

    public RedactorNode node() {
        return node;
    }

    public ActorSystem<?> system() {
        return system;
    }

    /** Stops the server and its actor system; completes when everything has stopped. */
    public CompletionStage<Void> stop() {
        return CoordinatedShutdown.get(system).runAll(CoordinatedShutdown.unknownReason())
                .thenApply(done -> (Void) null);
    }

    private void closeFrontEnd() {
        node.stop();
        resp.close();
    }

    private static String runId() {
        byte[] bytes = new byte[20];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
