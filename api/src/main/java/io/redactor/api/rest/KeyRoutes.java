package io.redactor.api.rest;

import akka.http.javadsl.model.HttpResponse;
import akka.http.javadsl.server.PathMatchers;
import akka.http.javadsl.server.Route;
import com.fasterxml.jackson.core.JsonGenerator;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Keys as resources. {@code GET /v1/keys/{key}} answers {@code {"key", "type", "ttl", "value"}} read in one step
 * (ttl in seconds, null without expiry; strings as strings, lists and sets as arrays, hashes as objects, sorted
 * sets as arrays of {@code {"member", "score"}} by rank); {@code PUT} writes the body as a string value
 * ({@code ?ttl=} seconds, {@code ?nx}, {@code ?xx}), answering 204, or 412 when NX/XX kept it from being written;
 * {@code DELETE} answers 204, or 404 when there was no such key. {@code GET /v1/keys?match=&count=&cursor=&type=}
 * is one SCAN step: {@code {"cursor": "...", "keys": [...]}}, done when the cursor is "0".
 */
final class KeyRoutes extends RouteSupport {
    KeyRoutes(Backend backend) {
        super(backend);
    }

    Route route() {
        return pathPrefix("keys", () -> concat(
                pathEnd(() -> get(() -> withCall(this::scan))),
                path(PathMatchers.segment(), key -> withCall(call -> {
                    byte[] name = call.name(key);
                    return concat(
                            get(() -> respond(read(call.caller(), call.db(), call.encoding(), name, key))),
                            put(() -> write(call, name)),
                            delete(() -> respond(backend.runAtData(call.caller(), call.db(), utf8("DEL"), name)
                                    .thenApply(reply -> ((IntegerReply) reply).value() == 1 ? noContent()
                                            : notFound(key)))));
                }))));
    }

    /** GET's answer: the key's document, or 404 naming {@code segment}, the key as the path gave it. */
    CompletionStage<HttpResponse> read(Backend.Caller caller, int db, Encoding encoding, byte[] key, String segment) {
        return backend.snapshot(caller, key, db).thenApply(snapshot -> {
            if (snapshot == null) {
                return notFound(segment);
            }
            ReplyJson values = new ReplyJson(encoding);
            return json(200, json -> {
                json.writeStartObject();
                json.writeFieldName("key");
                values.bytes(json, key);
                json.writeStringField("type", snapshot.type());
                json.writeFieldName("ttl");
                if (snapshot.pttl() < 0) {
                    json.writeNull();
                } else {
                    json.writeNumber(snapshot.pttl() / 1000.0);
                }
                json.writeFieldName("value");
                switch (snapshot.type()) {
                    case "zset" -> rankedMembers(json, values, ((ArrayReply) snapshot.value()).items());
                    case "stream" -> streamEntries(json, values, ((ArrayReply) snapshot.value()).items());
                    default -> values.write(json, snapshot.value());
                }
                json.writeEndObject();
            });
        });
    }

    /** ZRANGE WITHSCORES in RESP2: member, score (a double), member, score... */
    private static void rankedMembers(JsonGenerator json, ReplyJson values, List<Reply> flat) throws IOException {
        json.writeStartArray();
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            json.writeStartObject();
            json.writeFieldName("member");
            values.write(json, flat.get(i));
            json.writeFieldName("score");
            values.write(json, flat.get(i + 1));
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    /**
     * XRANGE's entries: ID, then field, value, field, value... kept as a list, since an entry may repeat a field
     * (which an object could not show) and its fields have an order.
     */
    private static void streamEntries(JsonGenerator json, ReplyJson values, List<Reply> entries) throws IOException {
        json.writeStartArray();
        for (Reply entry : entries) {
            List<Reply> parts = ((ArrayReply) entry).items();
            json.writeStartObject();
            json.writeFieldName("id");
            values.write(json, parts.get(0));
            json.writeFieldName("fields");
            values.write(json, parts.get(1));
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private Route write(Call call, byte[] key) {
        return parameterOptional("ttl", ttl -> parameterOptional("nx", nx -> parameterOptional("xx", xx ->
                body(value -> {
                    List<byte[]> command = new ArrayList<>(List.of(utf8("SET"), key, value));
                    option(command, "EX", ttl.map(RouteSupport::utf8));
                    if (flag(nx, "nx")) {
                        command.add(utf8("NX"));
                    }
                    if (flag(xx, "xx")) {
                        command.add(utf8("XX"));
                    }
                    return respond(write(call.caller(), call.db(), command.toArray(new byte[0][]), flag(nx, "nx")));
                }))));
    }

    /** PUT's answer to {@code set}, a SET command: 204, or 412 when its NX or XX kept the value out. */
    CompletionStage<HttpResponse> write(Backend.Caller caller, int db, byte[][] set, boolean nx) {
        return backend.runAtData(caller, db, set)
                .thenApply(reply -> reply instanceof NullReply ? notWritten(nx) : noContent());
    }

    private Route scan(Call call) {
        return parameterOptional("cursor", cursor -> parameterOptional("match", match ->
                parameterOptional("count", count -> parameterOptional("type", type -> {
                    List<byte[]> command = new ArrayList<>(List.of(utf8("SCAN"), utf8(cursor.orElse("0"))));
                    option(command, "MATCH", match.map(call.encoding()::decode));
                    option(command, "COUNT", count.map(RouteSupport::utf8));
                    option(command, "TYPE", type.map(RouteSupport::utf8));
                    ReplyJson values = new ReplyJson(call.encoding());
                    return respond(backend.run(call, command.toArray(new byte[0][]))
                            .thenApply(reply -> {
                                List<Reply> step = ((ArrayReply) reply).items();
                                return json(200, json -> {
                                    json.writeStartObject();
                                    json.writeStringField("cursor",
                                            new String(((BulkString) step.get(0)).bytes(), StandardCharsets.US_ASCII));
                                    json.writeFieldName("keys");
                                    values.write(json, step.get(1));
                                    json.writeEndObject();
                                });
                            }));
                }))));
    }

    private static HttpResponse notFound(String key) {
        return new Problem(404, "NOTFOUND", "No such key", "no key '" + key + "' in this database").response();
    }

    private static HttpResponse notWritten(boolean nx) {
        return new Problem(412, "NOTWRITTEN", "Precondition failed",
                nx ? "the key exists (nx)" : "the key does not exist (xx)").response();
    }
}
