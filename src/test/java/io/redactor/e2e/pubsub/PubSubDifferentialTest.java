package io.redactor.e2e.pubsub;

import io.redactor.testing.MultiClientCorpus;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code differential/pubsub.txt} against a real Redis 7.0: subscriptions, messages and subscriber mode, in RESP2
 * and RESP3, byte for byte.
 */
class PubSubDifferentialTest {

    /** PUBSUB CHANNELS and NUMPAT are server-wide: wait until the clients of earlier tests are gone. */
    @BeforeAll
    static void noSubscriptionsLeft() {
        awaitQuiet("redis", RealRedis.shared()::raw);
        awaitQuiet("redactor", TestRedactor.shared()::raw);
    }

    private static void awaitQuiet(String server, Supplier<RawClient> connect) {
        try (RawClient client = connect.get()) {
            Await.until(server + " has no channel or pattern subscriptions",
                    () -> client.call("PUBSUB", "CHANNELS").equals("*0\r\n")
                            && client.call("PUBSUB", "NUMPAT").equals(":0\r\n"));
        }
    }

    @Test
    void everyCorpusLineAnswersLikeRedis() throws IOException {
        List<String> mismatches = MultiClientCorpus.play("/differential/pubsub.txt", 200);
        assertTrue(mismatches.isEmpty(), mismatches.size() + " lines differ:\n" + String.join("\n", mismatches));
    }
}
