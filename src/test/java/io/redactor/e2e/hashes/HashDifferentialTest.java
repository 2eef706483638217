package io.redactor.e2e.hashes;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** The hash corpus ({@code differential/hashes.txt}, RESP2 and RESP3) against a real Redis 7.0. */
class HashDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/hashes.txt").assertMatchesRedis(400);
    }
}
