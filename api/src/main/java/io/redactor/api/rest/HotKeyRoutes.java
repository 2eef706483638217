package io.redactor.api.rest;

import akka.http.javadsl.model.HttpEntity;
import akka.http.javadsl.model.HttpMethods;
import akka.http.javadsl.model.HttpRequest;
import akka.http.javadsl.model.HttpResponse;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The two hottest requests, {@code GET} and {@code PUT /v1/keys/{key}} without query parameters, answered
 * without going through the routing DSL, whose per-request directive closures cost as much as the command
 * itself (BENCHMARKS.md). They give exactly the route's answers, from the same code in {@link KeyRoutes}, the
 * 401 of the same authentication included; anything else, and anything unusual about these (a body not yet read,
 * the node not ready), goes to {@code fallback}, the full route.
 */
final class HotKeyRoutes implements Function<HttpRequest, CompletionStage<HttpResponse>> {
    private static final byte[] SET = {'S', 'E', 'T'};

    private final Backend backend;
    private final KeyRoutes keys;
    private final Function<HttpRequest, HttpAuthentication.Outcome> authenticate;
    private final Function<HttpRequest, CompletionStage<HttpResponse>> fallback;

    HotKeyRoutes(Backend backend, KeyRoutes keys, Function<HttpRequest, HttpAuthentication.Outcome> authenticate,
                 Function<HttpRequest, CompletionStage<HttpResponse>> fallback) {
        this.backend = backend;
        this.keys = keys;
        this.authenticate = authenticate;
        this.fallback = fallback;
    }

    @Override
    public CompletionStage<HttpResponse> apply(HttpRequest request) {
        String key = plainKey(request);
        if (key == null || !backend.isReady()) {
            return fallback.apply(request);
        }
        HttpAuthentication.Outcome outcome = authenticate.apply(request);
        if (outcome.user() == null) {
            return CompletableFuture.completedFuture(RestApi.unauthorized(outcome.refusal()));
        }
        Backend.Caller caller = new Backend.Caller(outcome.user(), RouteSupport.address(request));
        if (request.method() == HttpMethods.GET) {
            return answer(() -> keys.read(caller, 0, Encoding.TEXT, key.getBytes(StandardCharsets.UTF_8), key));
        }
        if (request.method() == HttpMethods.PUT && request.entity() instanceof HttpEntity.Strict body
                && body.getData().size() <= backend.settings().maxBodyBytes()) {
            return answer(() -> keys.write(caller, 0,
                    new byte[][] {SET, key.getBytes(StandardCharsets.UTF_8), body.getData().toArray()}, false));
        }
        return fallback.apply(request);
    }

    /** The key of {@code /v1/keys/{key}} with no query, else null. */
    private static String plainKey(HttpRequest request) {
        if (request.getUri().rawQueryString().isPresent()) {
            return null;
        }
        Iterator<String> segments = request.getUri().pathSegments().iterator();
        if (!segments.hasNext() || !segments.next().equals("v1") || !segments.hasNext()
                || !segments.next().equals("keys") || !segments.hasNext()) {
            return null;
        }
        String key = segments.next();
        return key.isEmpty() || segments.hasNext() ? null : key;
    }

    private static CompletionStage<HttpResponse> answer(Supplier<CompletionStage<HttpResponse>> response) {
        try {
            return response.get().exceptionally(failure -> RestApi.problem(failure).response());
        } catch (RuntimeException failure) {
            return CompletableFuture.completedFuture(RestApi.problem(failure).response());
        }
    }
}
