package io.redactor.api.rest;

import akka.http.javadsl.model.AttributeKeys;
import akka.http.javadsl.model.ContentTypes;
import akka.http.javadsl.model.HttpEntity;
import akka.http.javadsl.model.HttpRequest;
import akka.http.javadsl.model.HttpResponse;
import akka.http.javadsl.model.RemoteAddress;
import akka.http.javadsl.server.AllDirectives;
import akka.http.javadsl.server.Route;
import io.redactor.actors.acl.AclUser;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import scala.concurrent.duration.FiniteDuration;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** What the route classes share: the request's client, database and encoding, bodies, and JSON responses. */
abstract class RouteSupport extends AllDirectives {
    protected final Backend backend;

    RouteSupport(Backend backend) {
        this.backend = backend;
    }

    /**
     * The client a request runs as: its address (as CLIENT LIST shows it), its ACL user (null before the node is
     * up), the database ({@code ?db=}, default 0) and how strings are encoded ({@code ?encoding=text|base64}).
     */
    record Call(String address, AclUser user, int db, Encoding encoding) {
        /** The call's user for the routes that bypass a client, described for ACL LOG as a client at its address. */
        Backend.Caller caller() {
            return new Backend.Caller(user, address);
        }

        /** A name from the path: text, or base64 (standard or URL-safe) in base64 mode. */
        byte[] name(String segment) {
            if (encoding == Encoding.BASE64 && (segment.indexOf('-') >= 0 || segment.indexOf('_') >= 0)) {
                try {
                    return Base64.getUrlDecoder().decode(segment);
                } catch (IllegalArgumentException e) {
                    throw new BadRequest("path segment is not valid base64: " + e.getMessage());
                }
            }
            return encoding.decode(segment);
        }
    }

    protected Route withCall(Function<Call, Route> inner) {
        return extractRequest(request -> parameterOptional("db", db -> parameterOptional("encoding", encoding ->
                inner.apply(new Call(address(request), request.getAttribute(RestApi.USER).orElse(null),
                        Backend.database(db.orElse(null)), Encoding.of(encoding.orElse(null)))))));
    }

    static String address(HttpRequest request) {
        return address(request.getAttribute(AttributeKeys.remoteAddress));
    }

    /** How ACL LOG describes the client of a request (Redis's client-info fields that mean something here). */
    static String clientDescription(HttpRequest request) {
        return clientDescription(address(request));
    }

    static String clientDescription(String address) {
        return "addr=" + address + " laddr= fd=-1 name=rest";
    }

    private static String address(Optional<RemoteAddress> remote) {
        if (remote.isEmpty() || remote.get().getAddress().isEmpty()) {
            return "http:0";
        }
        InetAddress address = remote.get().getAddress().get();
        return address.getHostAddress() + ":" + remote.get().getPort();
    }

    /** The whole request body, within the size limit (413 past it) and the request's time. */
    protected Route body(Function<byte[], Route> inner) {
        HttpSettings settings = backend.settings();
        return extractRequestEntity(entity -> {
            if (entity.getContentLengthOption().orElse(0) > settings.maxBodyBytes()) {
                return tooLarge(entity, settings.maxBodyBytes());
            }
            if (entity instanceof HttpEntity.Strict strict) {
                return inner.apply(strict.getData().toArray());
            }
            return extractStrictEntity(FiniteDuration.create(settings.requestTimeout().toMillis(),
                    TimeUnit.MILLISECONDS), settings.maxBodyBytes(), strict -> inner.apply(strict.getData().toArray()));
        });
    }

    /**
     * 413 for a body whose length is over {@code limit}, read and dropped first when it is at most twice the limit.
     * Answered while the client is still sending, the refusal would close the connection on bytes not yet read, and
     * the client's kernel, seeing a reset, may drop the answer before the client reads it. Draining costs no more than
     * a body that is accepted; a longer one is refused at once, its connection closed.
     */
    private Route tooLarge(HttpEntity entity, long limit) {
        if (entity.getContentLengthOption().getAsLong() - limit > limit) {
            throw new TooLarge();
        }
        return extractMaterializer(materializer -> onComplete(
                entity.withoutSizeLimit().discardBytes(materializer).completionStage(),
                drained -> failWith(new TooLarge())));
    }

    /** A body past {@code redactor.http.max-body-size}: 413. */
    static final class TooLarge extends RuntimeException {
        TooLarge() {
            super("the body is larger than redactor.http.max-body-size", null, false, false);
        }
    }

    protected static HttpResponse json(int status, JsonBodies.Writing writing) {
        return json(status, Long.MAX_VALUE, writing);
    }

    /** JSON of at most {@code limit} bytes ({@link ReplyTooLarge} past it). */
    protected static HttpResponse json(int status, long limit, JsonBodies.Writing writing) {
        HttpResponse ok = HttpResponse.create().withEntity(ContentTypes.APPLICATION_JSON,
                JsonBodies.bytes(writing, limit));
        return status == 200 ? ok : ok.withStatus(status);
    }

    protected static HttpResponse json(Reply reply, Encoding encoding) {
        return json(reply, encoding, Long.MAX_VALUE);
    }

    protected static HttpResponse json(Reply reply, Encoding encoding, long limit) {
        if (reply instanceof ErrorReply error) {
            return Problem.of(error).response();
        }
        ReplyJson replies = new ReplyJson(encoding);
        return json(200, limit, json -> replies.write(json, reply));
    }

    protected static HttpResponse noContent() {
        return HttpResponse.create().withStatus(204);
    }

    /** A flag parameter: {@code ?nx}, {@code ?nx=true} or {@code ?nx=false}. */
    protected static boolean flag(Optional<String> value, String name) {
        if (value.isEmpty() || value.get().equalsIgnoreCase("false")) {
            return false;
        }
        if (value.get().isEmpty() || value.get().equalsIgnoreCase("true")) {
            return true;
        }
        throw new BadRequest(name + " is a flag: ?" + name + " or ?" + name + "=true, got '" + value.get() + "'");
    }

    /** Appends {@code name value} to {@code command} when the request gave the value. */
    protected static void option(List<byte[]> command, String name, Optional<byte[]> value) {
        value.ifPresent(given -> {
            command.add(utf8(name));
            command.add(given);
        });
    }

    protected static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    protected Route respond(CompletionStage<HttpResponse> response) {
        return completeWithFuture(response);
    }
}
