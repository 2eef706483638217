package io.redactor.e2e.geo;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** The geo corpus ({@code differential/geo.txt}, RESP2 and RESP3) against a real Redis 7.0. */
class GeoDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/geo.txt").assertMatchesRedis(500);
    }
}
