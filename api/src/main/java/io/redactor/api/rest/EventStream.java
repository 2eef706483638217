package io.redactor.api.rest;

import akka.NotUsed;
import akka.http.javadsl.model.sse.ServerSentEvent;
import akka.japi.Pair;
import akka.stream.BoundedSourceQueue;
import akka.stream.QueueOfferResult;
import akka.stream.javadsl.Source;
import io.redactor.actors.acl.AclUser;
import io.redactor.actors.client.ClientRegistry;
import io.redactor.actors.client.ClientSession;
import io.redactor.actors.client.LocalEndpoint;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.pubsub.Subscriber;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One Server-Sent Events subscriber of a channel or a pattern: a client of its own (CLIENT LIST shows it, CLIENT
 * KILL ends the stream, {@code maxclients} counts it) whose published messages become events. It opens with a
 * {@code subscribed} event, once the subscription is in place; each message is a {@code message} event whose data
 * is {@code {"channel": ..., "message": ...}} (plus {@code "pattern"} for pattern subscriptions). A subscriber
 * that falls {@code eventBuffer} messages behind is disconnected (its stream ends), as Redis disconnects a
 * subscriber past its output buffer limit. In text mode, a message that is not UTF-8 comes base64-encoded with
 * {@code "encoding": "base64"} in its data, since a stream cannot refuse it the way a request can.
 */
final class EventStream implements Subscriber {
    private static final Duration HEARTBEAT = Duration.ofSeconds(15);

    private static final byte[] SUBSCRIBE = "SUBSCRIBE".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] PSUBSCRIBE = "PSUBSCRIBE".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final NodeServices node;
    private final Encoding encoding;
    private final BoundedSourceQueue<ServerSentEvent> queue;
    private final AtomicBoolean ended = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private ClientSession session;

    private EventStream(NodeServices node, Encoding encoding, BoundedSourceQueue<ServerSentEvent> queue) {
        this.node = node;
        this.encoding = encoding;
        this.queue = queue;
    }

    /**
     * The stream of {@code name}'s messages. Its client is registered and subscribed only when the stream runs, so
     * a response that never gets sent (refused content negotiation, a client gone at once) leaves nothing behind.
     */
    static Source<ServerSentEvent, NotUsed> open(NodeServices node, int eventBuffer, Backend.Caller caller,
                                                 String address, byte[] name, boolean pattern, Encoding encoding) {
        if (node.clients().count() >= node.server().config().maxclients()) {
            throw new CommandFailed(ClientRegistry.MAX_CLIENTS);
        }
        caller.check(node, pattern ? PSUBSCRIBE : SUBSCRIBE, name);
        AclUser user = caller.user() == null ? node.access().defaultUser() : caller.user();
        return Source.fromMaterializer((materializer, attributes) -> {
                    Pair<BoundedSourceQueue<ServerSentEvent>, Source<ServerSentEvent, NotUsed>> queued =
                            Source.<ServerSentEvent>queue(eventBuffer).preMaterialize(materializer);
                    EventStream stream = new EventStream(node, encoding, queued.first());
                    if (!stream.subscribe(address, user, name, pattern)) {
                        queued.first().complete();
                    }
                    return queued.second().watchTermination((notUsed, done) -> {
                        done.whenComplete((ok, failure) -> stream.close());
                        return NotUsed.getInstance();
                    });
                })
                .keepAlive(HEARTBEAT, ServerSentEvent::heartbeat)
                .mapMaterializedValue(ignored -> NotUsed.getInstance());
    }

    /** Registers the client and subscribes it, announcing it with the first event; false past maxclients. */
    private boolean subscribe(String address, AclUser user, byte[] name, boolean pattern) {
        ClientSession registered = node.clients().registerAs(new LocalEndpoint(address, this::end),
                System.currentTimeMillis(), user);
        if (registered == null) {
            return false;
        }
        session = registered;
        session.setProtocol(3);
        session.attach(this);
        session.touched(System.currentTimeMillis(), pattern ? "psubscribe" : "subscribe");
        queue.offer(ServerSentEvent.create(JsonBodies.render(json -> {
            json.writeStartObject();
            json.writeFieldName(pattern ? "pattern" : "channel");
            new ReplyJson(encoding).bytes(json, name);
            json.writeEndObject();
        }), "subscribed"));
        if (pattern) {
            session.subscriptions().psubscribe(node.server().pubsub(), name);
        } else {
            session.subscriptions().subscribe(node.server().pubsub(), name);
        }
        return true;
    }

    @Override
    public void push(PushReply message) {
        List<Reply> items = message.items();
        if (ended.get() || items.size() < 3) {
            return;
        }
        String data;
        try {
            data = data(items, encoding);
        } catch (NotText e) {
            data = data(items, Encoding.BASE64);
        }
        QueueOfferResult offered;
        try {
            offered = queue.offer(ServerSentEvent.create(data, "message"));
        } catch (IllegalStateException completed) {
            return;
        }
        if (offered == QueueOfferResult.dropped()) {
            node.server().stats().clientsClosedForOutputBuffer.increment();
            end();
        }
    }

    private String data(List<Reply> items, Encoding as) {
        boolean fromPattern = items.size() == 4;
        return JsonBodies.render(json -> {
            json.writeStartObject();
            ReplyJson values = new ReplyJson(as);
            if (fromPattern) {
                json.writeFieldName("pattern");
                values.bytes(json, ((BulkString) items.get(1)).bytes());
            }
            json.writeFieldName("channel");
            values.bytes(json, ((BulkString) items.get(items.size() - 2)).bytes());
            json.writeFieldName("message");
            values.bytes(json, ((BulkString) items.getLast()).bytes());
            if (as != encoding) {
                json.writeStringField("encoding", "base64");
            }
            json.writeEndObject();
        });
    }

    /**
     * Disconnects the subscriber (CLIENT KILL, a full buffer) at once: its subscription goes now, and the stream
     * fails rather than completes, since completing would wait for the events it has not read.
     */
    private void end() {
        if (ended.compareAndSet(false, true)) {
            close();
            queue.fail(new IllegalStateException("subscriber disconnected"));
        }
    }

    private void close() {
        if (closed.compareAndSet(false, true) && session != null) {
            session.subscriptions().clear(node.server().pubsub());
            node.clients().unregister(session);
        }
    }
}
