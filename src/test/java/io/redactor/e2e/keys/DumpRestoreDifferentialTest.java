package io.redactor.e2e.keys;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** The DUMP and RESTORE corpus ({@code differential/dump.txt}) against a real Redis 7.0. */
class DumpRestoreDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/dump.txt").assertMatchesRedis(250);
    }
}
