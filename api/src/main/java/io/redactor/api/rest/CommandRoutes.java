package io.redactor.api.rest;

import akka.http.javadsl.model.HttpResponse;
import akka.http.javadsl.server.PathMatchers;
import akka.http.javadsl.server.Route;
import io.redactor.core.reply.Reply;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code POST /v1/commands}: any command, or a pipeline of them, as JSON. A single command's error reply is a
 * problem document; in a pipeline every reply is kept in place, errors as {@code {"error": message}}, because the
 * other commands ran. Subscribing has streams of its own ({@code /v1/channels/{channel}/events}).
 */
final class CommandRoutes extends RouteSupport {
    private static final Set<String> STREAMING = Set.of("subscribe", "psubscribe", "unsubscribe", "punsubscribe",
            "monitor");

    CommandRoutes(Backend backend) {
        super(backend);
    }

    Route route() {
        return path(PathMatchers.segment("commands"), () -> post(() -> withCall(call -> body(body -> {
            JsonBodies.Commands parsed = JsonBodies.commands(body, call.encoding(), backend.settings().maxCommands());
            parsed.commands().forEach(CommandRoutes::refuseStreaming);
            long limit = backend.settings().maxReplyBytes();
            return respond(backend.run(call, parsed.commands())
                    .thenApply(replies -> parsed.pipeline() ? pipeline(replies, call.encoding(), limit)
                            : json(replies.getFirst(), call.encoding(), limit)));
        }))));
    }

    private static void refuseStreaming(byte[][] command) {
        String name = new String(command[0], StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
        if (STREAMING.contains(name)) {
            throw new BadRequest(name.toUpperCase(Locale.ROOT) + " streams: subscribe with GET "
                    + "/v1/channels/{channel}/events (?pattern=true for patterns) instead");
        }
    }

    private static HttpResponse pipeline(List<Reply> replies, Encoding encoding, long limit) {
        ReplyJson writer = new ReplyJson(encoding);
        return json(200, limit, json -> {
            json.writeStartArray();
            for (Reply reply : replies) {
                writer.write(json, reply);
            }
            json.writeEndArray();
        });
    }
}
