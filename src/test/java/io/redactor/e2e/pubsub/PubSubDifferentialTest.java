package io.redactor.e2e.pubsub;

import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/pubsub.txt").assertMatchesRedis(200);
    }
}
