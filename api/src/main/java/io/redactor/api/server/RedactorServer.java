package io.redactor.api.server;

import akka.Done;
import akka.actor.CoordinatedShutdown;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import io.redactor.actors.node.NodeSettings;
import io.redactor.actors.node.ProcessMetrics;
import io.redactor.actors.node.RedactorNode;
import io.redactor.actors.node.RedactorVersion;
import io.redactor.actors.node.ServerIdentity;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.api.resp.RespServer;
import io.redactor.api.rest.HttpServer;
import io.redactor.api.rest.HttpSettings;
import io.redactor.api.rest.RestApi;
import io.redactor.api.tls.ServerTls;
import io.redactor.api.tls.TlsConfigurationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A running Redactor: the node and, when {@code redactor.resp.enabled}, its RESP front end, and, unless
 * {@code redactor.http.port} is 0, its REST API, in an actor system.
 * Stopping it (SHUTDOWN, SIGTERM, {@link #stop()}) runs the actor system's coordinated shutdown, which closes
 * the listener first.
 */
public final class RedactorServer {
    private static final Logger log = LoggerFactory.getLogger(RedactorServer.class);

    private final ActorSystem<?> system;
    private final RedactorNode node;
    private final RespServer resp;
    private final RestApi rest;
    private final HttpServer http;
    private final Config config;
    private final java.util.concurrent.atomic.AtomicBoolean frontEndClosed = new java.util.concurrent.atomic.AtomicBoolean();

    private RedactorServer(ActorSystem<?> system, RedactorNode node, RespServer resp, RestApi rest, HttpServer http,
                           Config config) {
        this.config = config;
        this.system = system;
        this.node = node;
        this.resp = resp;
        this.rest = rest;
        this.http = http;
    }

    /** Starts a server in a new actor system built from {@code config}. */
    public static CompletionStage<RedactorServer> start(Config config, String configFile) {
        return start(config, configFile, "redactor");
    }

    /** Starts a server in a new actor system named {@code systemName}. */
    public static CompletionStage<RedactorServer> start(Config config, String configFile, String systemName) {
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), systemName, config);
        return start(system, config, configFile).whenComplete((server, failure) -> {
            if (failure != null) {
                system.terminate();
            }
        });
    }

    /**
     * Starts Redactor inside an existing actor system, which must use the cluster provider. {@code config} holds
     * the {@code redactor} section (see {@link RedactorConfig}); {@code configFile} is reported by INFO.
     */
    public static CompletionStage<RedactorServer> start(ActorSystem<?> system, Config config, String configFile) {
        NodeSettings settings = NodeSettings.from(config, system.settings().config());
        int port = config.getInt("redactor.port");
        List<String> addresses = Arrays.stream(config.getString("redactor.bind").trim().split("\\s+"))
                .map(address -> address.startsWith("-") ? address.substring(1) : address)
                .toList();
        int ioThreads = config.getInt("redactor.resp.io-threads");
        RespServer.Settings respSettings = new RespServer.Settings(
                ioThreads > 0 ? ioThreads : defaultIoThreads(),
                config.getInt("redactor.resp.max-pending-commands"));
        ServerIdentity identity = new ServerIdentity(runId(), ProcessMetrics.processId(), port, String.join(" ", addresses),
                ProcessHandle.current().info().command().orElse(""), configFile == null ? "" : configFile);
        CoordinatedShutdown shutdown = CoordinatedShutdown.get(system);
        HttpSettings httpSettings = HttpSettings.from(config, addresses);
        RuntimeConfig runtime = new RuntimeConfig(settings.redisConfig());
        int tlsPort = Integer.parseInt(runtime.get("tls-port"));
        ServerTls tls;
        try {
            tls = tlsPort != 0 || httpSettings.tls()
                    ? ServerTls.start(runtime, ServerTls.engine(config.getString("redactor.tls.engine")), tlsPort != 0,
                    httpSettings.tls()) : null;
        } catch (TlsConfigurationException | IllegalArgumentException e) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(
                    "Failed to configure TLS: " + e.getMessage(), e));
        }
        RestApi rest = httpSettings.enabled() ? new RestApi(httpSettings) : null;
        // HTTP opens before the partitions are up, so that /health/ready can tell a starting node from a dead one.
        CompletionStage<HttpServer> httpStarted = rest == null ? CompletableFuture.completedFuture(null)
                : HttpServer.start(system, httpSettings, rest, httpSettings.tls() ? tls : null);
        return httpStarted.thenCompose(http -> RedactorNode.start(system, settings, runtime, identity, save -> shutdown
                        .runAll(CoordinatedShutdown.unknownReason()).thenApply(done -> (Void) null))
                .thenCompose(node -> {
                    CompletableFuture<RedactorServer> started = new CompletableFuture<>();
                    try {
                        RespServer resp = config.getBoolean("redactor.resp.enabled")
                                ? RespServer.start(node.services(), addresses, port, respSettings,
                                        tlsPort != 0 ? tls : null, tlsPort)
                                : null;
                        if (resp != null) {
                            identity.listeningOn(resp.port());
                        }
                        RedactorServer server = new RedactorServer(system, node, resp, rest, http, config);
                        shutdown.addTask(CoordinatedShutdown.PhaseServiceUnbind(), "redactor-resp-unbind", () -> {
                            server.closeFrontEnd();
                            return CompletableFuture.completedFuture(Done.getInstance());
                        });
                        // After the front ends closed, before the partitions stop: the last snapshot, the AOF flushed.
                        shutdown.addTask(CoordinatedShutdown.PhaseServiceRequestsDone(), "redactor-persist",
                                () -> node.services().durability().stop().thenApply(done -> Done.getInstance()));
                        node.loaded().whenComplete((loaded, failure) -> {
                            if (failure != null) {
                                started.completeExceptionally(failure);
                                return;
                            }
                            if (rest != null) {
                                rest.ready(node.services());
                            }
                            log.info("Redactor {} ready on {}: {}, {}, {} partitions", RedactorVersion.VERSION,
                                    String.join(" ", addresses),
                                    resp == null ? "no Redis protocol" : "Redis protocol on port " + resp.port()
                                            + (tlsPort != 0 ? " and with TLS on port " + tlsPort : ""),
                                    http == null ? "no HTTP" : (httpSettings.tls() ? "HTTPS" : "HTTP") + " on port "
                                            + http.port(), settings.partitions());
                            started.complete(server);
                        });
                    } catch (Exception e) {
                        started.completeExceptionally(e);
                    }
                    return started;
                }));
    }

    /** The RESP port, or -1 when the RESP server is disabled. */
    public int port() {
        return resp == null ? -1 : resp.port();
    }

    /** The REST API's port, or -1 when HTTP is off. */
    public int httpPort() {
        return http == null ? -1 : http.port();
    }

    /** The configuration this Redactor runs with (its {@code redactor} section and the rest). */
    public Config config() {
        return config;
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

    /**
     * Stops what Redactor added to an application's actor system that would not stop with it: the RESP server
     * and housekeeping. Partitions stop when the system does.
     */
    public void detach() {
        closeFrontEnd();
    }

    private void closeFrontEnd() {
        if (frontEndClosed.compareAndSet(false, true)) {
            if (rest != null) {
                rest.stopping();
                http.close();
            }
            node.stop();
            if (resp != null) {
                resp.close();
            }
        }
    }

    /**
     * Half the cores (at least one): partitions run on these loops too, and the other half is left for the
     * garbage collector, the JIT, scripts and, in benchmarks on the same machine, the clients. Measured on
     * 2 cores (BENCHMARKS.md): one loop serves unpipelined commands at Redis's rate with a p99 under 1 ms,
     * where two loops competing with the client for the cores were 5% slower with several times the p99.
     */
    static int defaultIoThreads() {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    }

    private static String runId() {
        byte[] bytes = new byte[20];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
