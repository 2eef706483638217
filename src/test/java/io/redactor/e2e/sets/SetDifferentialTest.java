package io.redactor.e2e.sets;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** The set corpus ({@code differential/sets.txt}) against a real Redis 7.0. */
class SetDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/sets.txt").assertMatchesRedis(400);
    }
}
