package io.redactor.testing.corpus;

import io.redactor.testing.RawClient;

import java.util.ArrayList;
import java.util.List;

/**
 * A connection subscribed to every keyspace and keyevent channel of a server, which reads the events a command
 * caused: after the command, its connection publishes to an end channel this connection also listens to. A
 * publisher's messages reach a subscriber in order, and the command's events were published before the marker.
 */
final class KeyspaceEvents implements AutoCloseable {
    private static final String END = "corpus:end-of-events";

    private final RawClient subscriber;
    private int received;

    KeyspaceEvents(RawClient subscriber) {
        this.subscriber = subscriber;
        subscriber.call("PSUBSCRIBE", "__key*__:*");
        subscriber.call("SUBSCRIBE", END);
    }

    /** The events published since the last call, up to the end marker {@code client} publishes now. */
    List<String> after(RawClient client) {
        client.call("PUBLISH", END, "");
        List<String> events = new ArrayList<>();
        while (true) {
            List<byte[]> message = RespBytes.elements(subscriber.readReply());
            if (message.size() == 3) {
                return events;
            }
            // pmessage, pattern, channel, payload
            events.add(RespBytes.show(RespBytes.bulk(message.get(2))) + " "
                    + RespBytes.show(RespBytes.bulk(message.get(3))));
            received++;
        }
    }

    /** How many events {@link #after} has read in all. */
    int received() {
        return received;
    }

    @Override
    public void close() {
        subscriber.close();
    }
}
