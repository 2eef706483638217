package io.redactor.e2e.lists;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** The list corpus ({@code differential/lists.txt}, RESP2 then RESP3) against a real Redis 7.0. */
class ListDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/lists.txt").assertMatchesRedis(400);
    }
}
