package io.redactor.e2e.pubsub;

import io.redactor.testing.MultiClientCorpus;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code differential/pubsub.txt} against a real Redis 7.0: subscriptions, messages and subscriber mode, in RESP2
 * and RESP3, byte for byte.
 */
class PubSubDifferentialTest {

    @BeforeAll
    static void noSubscriptionsLeft() {
        Await.noSubscriptions("redis", RealRedis.shared()::raw);
        Await.noSubscriptions("redactor", TestRedactor.shared()::raw);
    }

    @Test
    void everyCorpusLineAnswersLikeRedis() throws IOException {
        List<String> mismatches = MultiClientCorpus.play("/differential/pubsub.txt", 200);
        assertTrue(mismatches.isEmpty(), mismatches.size() + " lines differ:\n" + String.join("\n", mismatches));
    }
}
