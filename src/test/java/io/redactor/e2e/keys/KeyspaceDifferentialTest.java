package io.redactor.e2e.keys;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** The keyspace, server and connection corpus ({@code differential/keys.txt}) against a real Redis 7.0. */
class KeyspaceDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/keys.txt").assertMatchesRedis(250);
    }
}
