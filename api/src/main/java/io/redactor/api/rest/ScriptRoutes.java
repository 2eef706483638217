package io.redactor.api.rest;

import akka.http.javadsl.model.HttpResponse;
import akka.http.javadsl.model.headers.Location;
import akka.http.javadsl.server.PathMatchers;
import akka.http.javadsl.server.Route;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Scripts: {@code POST /v1/scripts} loads one (SCRIPT LOAD), {@code GET /v1/scripts/{sha}} tells whether it is
 * loaded, {@code POST /v1/eval} and {@code POST /v1/scripts/{sha}/eval} run one with
 * {@code {"keys": [], "args": [], "async": false, "readOnly": false}} as EVAL, EVAL_RO or EVALASYNC (EVALSHA,
 * EVALSHA_RO, EVALSHAASYNC), answering the script's reply as JSON.
 */
final class ScriptRoutes extends RouteSupport {
    private static final ErrorReply NO_SCRIPT = new ErrorReply("NOSCRIPT No matching script.");

    ScriptRoutes(Backend backend) {
        super(backend);
    }

    /** An eval request's body; {@code script} only for {@code /v1/eval}. */
    record Eval(String script, List<byte[]> keys, List<byte[]> args, boolean async, boolean readOnly) {
    }

    Route route() {
        return concat(
                path("eval", () -> post(() -> withCall(call -> body(body -> {
                    Eval eval = parse(body, call.encoding(), true);
                    return evaluate(call, eval.async() ? "EVALASYNC" : eval.readOnly() ? "EVAL_RO" : "EVAL",
                            eval.script().getBytes(StandardCharsets.UTF_8), eval);
                })))),
                pathPrefix("scripts", () -> concat(
                        pathEnd(() -> post(() -> withCall(call -> body(source -> respond(
                                backend.run(call, utf8("SCRIPT"), utf8("LOAD"), source)
                                        .thenApply(reply -> loaded(((BulkString) reply).bytes()))))))),
                        path(PathMatchers.segment(), sha -> get(() -> withCall(call -> respond(
                                backend.run(call, utf8("SCRIPT"), utf8("EXISTS"), utf8(sha))
                                        .thenApply(reply -> exists(sha, reply)))))),
                        path(PathMatchers.segment().slash("eval"), sha -> post(() -> withCall(call -> body(body -> {
                            Eval eval = parse(body, call.encoding(), false);
                            return evaluate(call, eval.async() ? "EVALSHAASYNC"
                                    : eval.readOnly() ? "EVALSHA_RO" : "EVALSHA", utf8(sha), eval);
                        })))))));
    }

    private Route evaluate(Call call, String command, byte[] scriptOrSha, Eval eval) {
        List<byte[]> args = new ArrayList<>(3 + eval.keys().size() + eval.args().size());
        args.add(utf8(command));
        args.add(scriptOrSha);
        args.add(utf8(Integer.toString(eval.keys().size())));
        args.addAll(eval.keys());
        args.addAll(eval.args());
        return respond(backend.run(call, List.<byte[][]>of(args.toArray(new byte[0][])))
                .thenApply(replies -> json(replies.getFirst(), call.encoding())));
    }

    private static HttpResponse loaded(byte[] sha) {
        String text = new String(sha, StandardCharsets.US_ASCII);
        return json(201, json -> {
            json.writeStartObject();
            json.writeStringField("sha", text);
            json.writeEndObject();
        }).addHeader(Location.create("/v1/scripts/" + text));
    }

    private static HttpResponse exists(String sha, io.redactor.core.reply.Reply reply) {
        if (((IntegerReply) ((ArrayReply) reply).items().getFirst()).value() == 0) {
            return Problem.of(NO_SCRIPT).response();
        }
        return json(200, json -> {
            json.writeStartObject();
            json.writeStringField("sha", sha);
            json.writeBooleanField("exists", true);
            json.writeEndObject();
        });
    }

    static Eval parse(byte[] body, Encoding encoding, boolean needsScript) {
        String script = null;
        List<byte[]> keys = List.of();
        List<byte[]> args = List.of();
        boolean async = false;
        boolean readOnly = false;
        try (JsonParser parser = JsonBodies.FACTORY.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new BadRequest("the body must be a JSON object like {\"keys\": [], \"args\": []}");
            }
            for (JsonToken token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (field) {
                    case "script" -> {
                        if (!needsScript || value != JsonToken.VALUE_STRING) {
                            throw new BadRequest(needsScript ? "\"script\" must be a string"
                                    : "\"script\" belongs to POST /v1/eval; this route runs a loaded script");
                        }
                        script = parser.getText();
                    }
                    case "keys" -> keys = JsonBodies.strings(parser, "keys", encoding);
                    case "args" -> args = JsonBodies.strings(parser, "args", encoding);
                    case "async" -> async = bool(parser, value, field);
                    case "readOnly" -> readOnly = bool(parser, value, field);
                    default -> throw new BadRequest("unknown field \"" + field
                            + "\"; expected script, keys, args, async, readOnly");
                }
            }
            if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                throw new BadRequest("the body must be one JSON object");
            }
        } catch (IOException e) {
            throw JsonBodies.invalid(e);
        }
        if (needsScript && script == null) {
            throw new BadRequest("\"script\" is missing: the Lua source to run");
        }
        if (async && readOnly) {
            throw new BadRequest("async scripts have no read-only form: set async or readOnly, not both");
        }
        return new Eval(script, keys, args, async, readOnly);
    }

    private static boolean bool(JsonParser parser, JsonToken value, String field) throws IOException {
        if (value != JsonToken.VALUE_TRUE && value != JsonToken.VALUE_FALSE) {
            throw new BadRequest("\"" + field + "\" must be true or false");
        }
        return parser.getBooleanValue();
    }
}
