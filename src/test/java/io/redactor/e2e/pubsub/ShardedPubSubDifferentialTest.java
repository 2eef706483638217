package io.redactor.e2e.pubsub;

import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code differential/shardpubsub.txt} against a real Redis 7.0: Redis 7's sharded pub/sub (SSUBSCRIBE, SPUBLISH,
 * SUNSUBSCRIBE, PUBSUB SHARDCHANNELS and SHARDNUMSUB) beside the other channels, in RESP2 and RESP3, byte for byte.
 */
class ShardedPubSubDifferentialTest {

    @BeforeAll
    static void noSubscriptionsLeft() {
        Await.noSubscriptions("redis", RealRedis.shared()::raw);
        Await.noSubscriptions("redactor", TestRedactor.shared()::raw);
    }

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/shardpubsub.txt").assertMatchesRedis(60);
    }
}
