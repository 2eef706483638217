package io.redactor.actors.blocking;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.DataValue;
import io.redactor.core.reply.Reply;

import java.util.List;

/**
 * What a blocked command waits for: any of {@code keys} holding what {@code ready} accepts (by default a value of
 * {@code type}). When one does, {@code serve} takes from that key and makes the reply (Redis 7.0 serves the key that
 * became ready, it does not run the command again). {@code destination} is the other key {@code serve} writes, if any
 * (BLMOVE).
 */
public record BlockRequest(List<byte[]> keys, Class<? extends DataValue> type, Serve serve, byte[] destination,
                           Reply timeoutReply, Ready ready) {

    public BlockRequest(List<byte[]> keys, Class<? extends DataValue> type, Serve serve, byte[] destination,
                        Reply timeoutReply) {
        this(keys, type, serve, destination, timeoutReply, (key, value) -> type.isInstance(value));
    }

    @FunctionalInterface
    public interface Serve {
        /** Runs with {@code key} holding what the request is ready for; the command's reply. */
        Reply serve(KeyCall call, byte[] key);
    }

    /** Whether the client can be served now that {@code key} holds {@code value} (null when it has none). */
    @FunctionalInterface
    public interface Ready {
        boolean test(byte[] key, Object value);
    }

    public boolean readyFor(byte[] key, Object value) {
        return ready.test(key, value);
    }
}
