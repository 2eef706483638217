package io.redactor.e2e.pubsub;

import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code differential/pubsub.txt} and {@code differential/shardpubsub.txt} against a real Redis 7.0: subscriptions,
 * messages and subscriber mode, sharded pub/sub beside the other channels, in RESP2 and RESP3, byte for byte.
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

    /** Redis 7's sharded pub/sub, {@code differential/shardpubsub.txt}. */
    @Test
    void everyShardedCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/shardpubsub.txt").assertMatchesRedis(60);
    }
}
