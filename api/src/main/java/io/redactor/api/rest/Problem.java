package io.redactor.api.rest;

import akka.http.javadsl.model.ContentType;
import akka.http.javadsl.model.ContentTypes;
import akka.http.javadsl.model.HttpCharsets;
import akka.http.javadsl.model.HttpResponse;
import akka.http.javadsl.model.MediaTypes;
import akka.http.javadsl.model.headers.RetryAfter;
import io.redactor.actors.client.ClientRegistry;
import io.redactor.core.reply.ErrorReply;

import java.util.Locale;

/**
 * An RFC 9457 problem document ({@code application/problem+json}): {@code type}, {@code title}, {@code status},
 * {@code detail}, and {@code code}, the Redis error code (WRONGTYPE, NOSCRIPT, BUSY, ...) or, for problems of
 * the HTTP layer, a code of the same style (UNAUTHORIZED, NOTFOUND, TOOLARGE, ...). Overload (503) carries
 * {@code Retry-After}.
 */
record Problem(int status, String code, String title, String detail) {
    static final ContentType PROBLEM_JSON = ContentTypes.create(
            MediaTypes.applicationWithFixedCharset("problem+json", HttpCharsets.UTF_8));
    private static final long RETRY_AFTER_SECONDS = 1;

    /** A Redis error reply, with the HTTP status its code calls for. */
    static Problem of(ErrorReply error) {
        String message = error.message();
        int space = message.indexOf(' ');
        String code = space < 0 ? message : message.substring(0, space);
        if (message.equals(ClientRegistry.MAX_CLIENTS.message())) {
            return new Problem(503, "MAXCLIENTS", "Too many clients", message);
        }
        return switch (code) {
            case "NOSCRIPT" -> new Problem(404, code, "No such script", message);
            case "BUSY", "LOADING", "TRYAGAIN", "MASTERDOWN", "OOM" ->
                    new Problem(503, code, "Overloaded, retry later", message);
            case "UNKILLABLE", "NOTBUSY", "BUSYKEY" -> new Problem(409, code, "Conflicting state", message);
            case "NOPERM", "NOAUTH", "WRONGPASS" -> new Problem(403, code, "Not permitted", message);
            case "WRONGTYPE" -> new Problem(400, code, "Wrong type", message);
            default -> new Problem(400, code, "Command refused", message);
        };
    }

    String type() {
        return "urn:redactor:problem:" + code.toLowerCase(Locale.ROOT);
    }

    byte[] json() {
        return JsonBodies.bytes(json -> {
            json.writeStartObject();
            json.writeStringField("type", type());
            json.writeStringField("title", title);
            json.writeNumberField("status", status);
            json.writeStringField("detail", detail);
            json.writeStringField("code", code);
            json.writeEndObject();
        });
    }

    HttpResponse response() {
        HttpResponse response = HttpResponse.create().withStatus(status).withEntity(PROBLEM_JSON, json());
        return status == 503 ? response.addHeader(RetryAfter.create(RETRY_AFTER_SECONDS)) : response;
    }
}
