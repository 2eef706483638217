package io.redactor.api.rest;

import akka.http.javadsl.marshalling.sse.EventStreamMarshalling;
import akka.http.javadsl.server.PathMatchers;
import akka.http.javadsl.server.Route;
import io.redactor.core.reply.IntegerReply;

import java.util.ArrayList;
import java.util.List;

/**
 * Publish/subscribe. {@code POST /v1/channels/{channel}/messages} publishes the body ({@code {"receivers": n}});
 * {@code GET /v1/channels/{channel}/events} streams what is published as Server-Sent Events
 * ({@code ?pattern=true}: the channel is a glob pattern; see {@link EventStream});
 * {@code PUT|DELETE /v1/channels/{channel}/subscribers/{sha}} subscribes a loaded script to the channel or
 * removes it (SSUBSCRIBE, with {@code ?parallel=n}; SUNSUBSCRIBE), answering 204, or 404 when there was nothing to
 * remove.
 */
final class ChannelRoutes extends RouteSupport {
    ChannelRoutes(Backend backend) {
        super(backend);
    }

    Route route() {
        return pathPrefix(PathMatchers.segment("channels").slash(PathMatchers.segment()), channel ->
                withCall(call -> concat(
                        path("messages", () -> post(() -> body(message -> respond(
                                backend.run(call, utf8("PUBLISH"), call.name(channel), message)
                                        .thenApply(reply -> json(200, json -> {
                                            json.writeStartObject();
                                            json.writeNumberField("receivers", ((IntegerReply) reply).value());
                                            json.writeEndObject();
                                        })))))),
                        path("events", () -> get(() -> parameterOptional("pattern", pattern ->
                                completeOK(EventStream.open(backend.node(), backend.settings().eventBuffer(),
                                                call.caller(), call.address(), call.name(channel),
                                                flag(pattern, "pattern"), call.encoding()),
                                        EventStreamMarshalling.toEventStream())))),
                        path(PathMatchers.segment("subscribers").slash(PathMatchers.segment()), sha -> concat(
                                put(() -> parameterOptional("parallel", parallel -> {
                                    List<byte[]> command = new ArrayList<>(
                                            List.of(utf8("SSUBSCRIBE"), utf8(sha), call.name(channel)));
                                    option(command, "PARALLEL", parallel.map(RouteSupport::utf8));
                                    return respond(backend.run(call, command.toArray(new byte[0][]))
                                            .thenApply(reply -> noContent()));
                                })),
                                delete(() -> respond(backend.run(call, utf8("SUNSUBSCRIBE"),
                                        utf8(sha), call.name(channel)).thenApply(reply ->
                                        ((IntegerReply) reply).value() > 0 ? noContent()
                                                : new Problem(404, "NOTFOUND", "No such subscription",
                                                "script " + sha + " is not subscribed to this channel")
                                                .response())))))
                )));
    }
}
