package io.redactor.e2e.blocking;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** {@code differential/blocking.txt} against a real Redis 7.0: clients that block and are served, side by side. */
class BlockingDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/blocking.txt").assertMatchesRedis(200);
    }
}
