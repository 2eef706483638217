package io.redactor.api.rest;

import akka.actor.ClassicActorSystemProvider;
import akka.http.javadsl.model.AttributeKey;
import akka.http.javadsl.model.HttpEntity;
import akka.http.javadsl.model.HttpRequest;
import akka.http.javadsl.model.HttpResponse;
import akka.http.javadsl.model.headers.Authorization;
import akka.http.javadsl.model.headers.HttpChallenge;
import akka.http.javadsl.model.headers.WWWAuthenticate;
import akka.http.javadsl.server.ExceptionHandler;
import akka.http.javadsl.server.RejectionHandler;
import akka.http.javadsl.server.Route;
import akka.http.scaladsl.model.EntityStreamSizeException;
import akka.http.scaladsl.model.IllegalRequestException;
import io.redactor.actors.acl.AclUser;
import io.redactor.actors.node.NodeServices;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.concurrent.duration.FiniteDuration;

import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Redactor's REST API as an Akka HTTP {@link Route}: the standalone server binds it on {@code redactor.http.port},
 * and an Akka application can mount {@link #route()} in a server of its own (see
 * {@code io.redactor.api.embedded.Redactor#httpRoute()}). Every route but the health checks needs the bearer token
 * when one is configured; every error is an {@code application/problem+json} document (see {@link Problem}).
 */
public final class RestApi extends RouteSupport {
    private static final Logger log = LoggerFactory.getLogger(RestApi.class);
    /**
     * How much later than ours Akka's own request timeout fires, as a backstop, where it is on: in an application's
     * server. Redactor's standalone server turns it off (application.conf) and relies on its own timeouts.
     */
    private static final long BACKSTOP_MILLIS = 5_000;

    /** The ACL user a request was authenticated as, for the routes below {@link #authorized}. */
    static final AttributeKey<AclUser> USER = AttributeKey.create("redactor-user", AclUser.class);

    private final HttpAuthentication authentication;
    private final KeyRoutes keys;
    private final Route route;

    /** An API that answers 503 until {@link #ready} is called. */
    public RestApi(HttpSettings settings) {
        super(new Backend(settings));
        this.authentication = new HttpAuthentication(settings);
        ServerRoutes server = new ServerRoutes(backend);
        this.keys = new KeyRoutes(backend);
        Route limited = withRequestTimeout(FiniteDuration.create(
                        settings.requestTimeout().toMillis() + BACKSTOP_MILLIS, TimeUnit.MILLISECONDS),
                request -> problem(new TimeoutException()).response(),
                () -> withSizeLimit(settings.maxBodyBytes(), () -> concat(
                        server.route(),
                        pathPrefix("v1", () -> concat(
                                new CommandRoutes(backend).route(),
                                new ScriptRoutes(backend).route(),
                                keys.route(),
                                new ChannelRoutes(backend).route())))));
        this.route = handleExceptions(exceptions(), () -> handleRejections(rejections(), () -> concat(
                server.health(),
                authorized(() -> limited))));
    }

    /** An API over a node that is already up (an embedding application's). */
    public RestApi(HttpSettings settings, NodeServices node) {
        this(settings);
        ready(node);
    }

    public Route route() {
        return route;
    }

    /**
     * The route as a request handler for a server of its own, answering the hottest requests (see
     * {@link HotKeyRoutes}) without the routing DSL.
     */
    public Function<HttpRequest, CompletionStage<HttpResponse>> handler(ClassicActorSystemProvider system) {
        akka.japi.function.Function<HttpRequest, CompletionStage<HttpResponse>> routed = route.handler(system);
        return new HotKeyRoutes(backend, keys, this::authenticate, request -> {
            try {
                return routed.apply(request);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** The node is up: data routes and the readiness check start answering. */
    public void ready(NodeServices node) {
        backend.ready(node);
    }

    /** Shutdown has begun: the readiness check fails and data routes answer 503. */
    public void stopping() {
        backend.stopping();
    }

    /**
     * Authenticates the request (see {@link HttpAuthentication}) and runs {@code inner} with its user as the request's
     * {@link #USER} attribute; 401 without valid credentials. Before the node is up, users are unknown: a request
     * passes then (data routes answer 503) unless credentials are required and it has none.
     */
    private Route authorized(Supplier<Route> inner) {
        return extractRequest(request -> {
            if (!backend.isReady()) {
                return authentication.requiresCredentials() && request.getHeader(Authorization.class).isEmpty()
                        ? complete(unauthorized("this server needs credentials")) : inner.get();
            }
            HttpAuthentication.Outcome outcome = authentication.authenticate(request,
                    backend.node().access(), () -> RouteSupport.clientDescription(request));
            if (outcome.user() == null) {
                return complete(unauthorized(outcome.refusal()));
            }
            return mapRequest(authenticated -> authenticated.addAttribute(USER, outcome.user()), inner);
        });
    }

    /** 401, with both ways to authenticate offered. */
    static HttpResponse unauthorized(String detail) {
        return new Problem(401, "UNAUTHORIZED", "Unauthorized", detail).response()
                .addHeader(WWWAuthenticate.create(HttpChallenge.create("Bearer", "redactor"),
                        HttpChallenge.create("Basic", "redactor")));
    }

    /** The hot routes' authentication, once per request (a failure is logged once). */
    private HttpAuthentication.Outcome authenticate(HttpRequest request) {
        return authentication.authenticate(request, backend.node().access(),
                () -> RouteSupport.clientDescription(request));
    }

    private ExceptionHandler exceptions() {
        return ExceptionHandler.newBuilder()
                .match(Throwable.class, failure -> complete(problem(failure).response()))
                .build();
    }

    static Problem problem(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return switch (cause) {
            case BadRequest bad -> new Problem(400, "BADREQUEST", "Bad request", bad.getMessage());
            case NotText notText -> new Problem(406, "NOTTEXT", "Reply is not text", notText.getMessage());
            case ReplyTooLarge tooLarge -> new Problem(400, "REPLYTOOLARGE", "Reply too large", tooLarge.getMessage());
            case CommandFailed failed -> Problem.of(failed.error());
            case TimeoutException timeout -> new Problem(503, "TIMEOUT", "Request timed out",
                    "the request took longer than redactor.http.request-timeout");
            case TooLarge tooLarge -> new Problem(413, "TOOLARGE", "Request body too large", tooLarge.getMessage());
            case EntityStreamSizeException tooLarge -> new Problem(413, "TOOLARGE", "Request body too large",
                    "the body is larger than redactor.http.max-body-size (" + tooLarge.limit() + " bytes)");
            case IllegalRequestException illegal -> new Problem(illegal.status().intValue(),
                    codeOf(illegal.status().intValue()), illegal.status().reason(), illegal.info().summary());
            default -> {
                log.error("HTTP request failed", cause);
                yield new Problem(500, "INTERNAL", "Internal error", String.valueOf(cause));
            }
        };
    }

    /** Akka's own answers (404, 405, 413, malformed parameters...) as problem documents. */
    private static RejectionHandler rejections() {
        return RejectionHandler.defaultHandler().mapRejectionResponse(response -> {
            if (response.entity() instanceof HttpEntity.Strict strict
                    && !strict.getContentType().equals(Problem.PROBLEM_JSON)) {
                int status = response.status().intValue();
                HttpResponse problem = new Problem(status, codeOf(status), response.status().reason(),
                        strict.getData().utf8String()).response();
                return problem.addHeaders(response.getHeaders());
            }
            return response;
        });
    }

    private static String codeOf(int status) {
        return switch (status) {
            case 400 -> "BADREQUEST";
            case 404 -> "NOTFOUND";
            case 405 -> "METHOD";
            case 406 -> "NOTACCEPTABLE";
            case 413 -> "TOOLARGE";
            case 415 -> "MEDIATYPE";
            default -> "HTTP" + status;
        };
    }
}
