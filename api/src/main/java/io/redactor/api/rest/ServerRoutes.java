package io.redactor.api.rest;

import akka.http.javadsl.model.ContentType;
import akka.http.javadsl.model.ContentTypes;
import akka.http.javadsl.model.HttpResponse;
import akka.http.javadsl.server.Route;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.VerbatimString;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The node itself: {@code GET /v1/info} (INFO as {@code {"section": {"field": "value"}}}, {@code ?section=} as
 * INFO's argument), {@code GET /health/live} and {@code /health/ready} (503 while starting or stopping),
 * {@code GET /metrics} (Prometheus) and {@code GET /openapi.json}.
 */
final class ServerRoutes extends RouteSupport {
    private static final ContentType PROMETHEUS = ContentTypes.parse("text/plain; version=0.0.4; charset=utf-8");
    private static final byte[] OPENAPI = resource("redactor-openapi.json");

    ServerRoutes(Backend backend) {
        super(backend);
    }

    /** The health checks, which need no token. */
    Route health() {
        return pathPrefix("health", () -> concat(
                path("live", () -> get(() -> complete(status(200, "live")))),
                path("ready", () -> get(() -> complete(backend.isReady() ? status(200, "ready")
                        : new Problem(503, "LOADING", "Not ready",
                        backend.isStopping() ? "Redactor is shutting down" : "Redactor is starting").response())))));
    }

    Route route() {
        return concat(
                path("metrics", () -> get(() -> complete(
                        HttpResponse.create().withEntity(PROMETHEUS, Metrics.scrape(backend.node())
                                .getBytes(StandardCharsets.UTF_8))))),
                path("openapi.json", () -> get(() -> complete(
                        HttpResponse.create().withEntity(ContentTypes.APPLICATION_JSON, OPENAPI)))),
                pathPrefix("v1", () -> path("info", () -> get(() -> withCall(call ->
                        parameterOptional("section", section -> {
                            List<byte[]> command = new ArrayList<>(List.of(utf8("INFO")));
                            section.ifPresent(name -> command.add(utf8(name)));
                            return respond(backend.run(call, command.toArray(new byte[0][]))
                                    .thenApply(ServerRoutes::info));
                        }))))));
    }

    /** INFO's text: "# Section" headers, then "field:value" lines. */
    private static HttpResponse info(Reply reply) {
        byte[] bytes = reply instanceof VerbatimString verbatim ? verbatim.bytes() : ((BulkString) reply).bytes();
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\r\n");
        return json(200, json -> {
            json.writeStartObject();
            boolean inSection = false;
            for (String line : lines) {
                if (line.startsWith("# ")) {
                    if (inSection) {
                        json.writeEndObject();
                    }
                    json.writeObjectFieldStart(line.substring(2).toLowerCase(java.util.Locale.ROOT));
                    inSection = true;
                } else if (inSection && line.indexOf(':') > 0) {
                    int colon = line.indexOf(':');
                    json.writeStringField(line.substring(0, colon), line.substring(colon + 1));
                }
            }
            if (inSection) {
                json.writeEndObject();
            }
            json.writeEndObject();
        });
    }

    private static HttpResponse status(int code, String status) {
        return json(code, json -> {
            json.writeStartObject();
            json.writeStringField("status", status);
            json.writeEndObject();
        });
    }

    private static byte[] resource(String name) {
        try (InputStream in = ServerRoutes.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
