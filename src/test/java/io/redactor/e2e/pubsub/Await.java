package io.redactor.e2e.pubsub;

import io.redactor.testing.Eventually;
import io.redactor.testing.RawClient;

import java.util.function.Supplier;

/** Waits for the server-wide pub/sub state that tests share. */
final class Await {
    private Await() {
    }

    /**
     * PUBSUB CHANNELS and NUMPAT are server-wide: waits until the subscribers of earlier tests are gone (a closed
     * connection is noticed by the server a moment later).
     */
    static void noSubscriptions(String server, Supplier<RawClient> connect) {
        try (RawClient client = connect.get()) {
            Eventually.until(server + " has no channel or pattern subscriptions",
                    () -> client.call("PUBSUB", "CHANNELS").equals("*0\r\n")
                            && client.call("PUBSUB", "NUMPAT").equals(":0\r\n"));
        }
    }
}
