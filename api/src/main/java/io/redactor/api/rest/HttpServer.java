package io.redactor.api.rest;

import akka.actor.typed.ActorSystem;
import akka.http.javadsl.ConnectionContext;
import akka.http.javadsl.Http;
import akka.http.javadsl.ServerBuilder;
import akka.http.javadsl.ServerBinding;
import io.redactor.api.tls.ServerTls;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** The REST API's listeners: one Akka HTTP binding per configured address, all on one port. */
public final class HttpServer {
    private static final Duration CLOSE_DEADLINE = Duration.ofSeconds(3);

    private final List<ServerBinding> bindings;

    private HttpServer(List<ServerBinding> bindings) {
        this.bindings = bindings;
    }

    /**
     * Binds {@code api} on every address of {@code settings}, over HTTPS when {@code tls} is given; with port -1
     * the first binding picks a free port and the others take the same.
     */
    public static CompletionStage<HttpServer> start(ActorSystem<?> system, HttpSettings settings, RestApi api,
                                                    ServerTls tls) {
        try {
            settings.checkExposure();
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        CompletionStage<List<ServerBinding>> bound = CompletableFuture.completedFuture(new ArrayList<>());
        for (String address : settings.addresses()) {
            bound = bound.thenCompose(done -> {
                int port = done.isEmpty() ? settings.bindPort() : done.getFirst().localAddress().getPort();
                ServerBuilder server = Http.get(system).newServerAt(address, port);
                if (tls != null) {
                    server = server.enableHttps(ConnectionContext.httpsServer(tls::newHttpsEngine));
                }
                return server.bind(api.handler(system)::apply).thenApply(binding -> {
                    done.add(binding);
                    return done;
                });
            });
        }
        return bound.thenApply(HttpServer::new);
    }

    public int port() {
        return bindings.getFirst().localAddress().getPort();
    }

    /** Stops accepting, lets requests in progress finish for a moment, then closes every connection (streams too). */
    public CompletionStage<Void> close() {
        CompletableFuture<?>[] closing = bindings.stream()
                .map(binding -> binding.terminate(CLOSE_DEADLINE).toCompletableFuture())
                .toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(closing);
    }
}
