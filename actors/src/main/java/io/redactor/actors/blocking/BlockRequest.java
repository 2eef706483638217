package io.redactor.actors.blocking;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.DataValue;
import io.redactor.core.reply.Reply;

import java.util.List;

/**
 * What a blocked command waits for: any of {@code keys} holding a value of {@code type}. When one does,
 * {@code serve} takes from that key and makes the reply (Redis 7.0 serves the key that became ready, it does
 * not run the command again). {@code destination} is the other key {@code serve} writes, if any (BLMOVE).
 */
public record BlockRequest(List<byte[]> keys, Class<? extends DataValue> type, Serve serve, byte[] destination,
                           Reply timeoutReply) {

    @FunctionalInterface
    public interface Serve {
        /** Runs with {@code key} holding a value of the wanted type; the command's reply. */
        Reply serve(KeyCall call, byte[] key);
    }
}
