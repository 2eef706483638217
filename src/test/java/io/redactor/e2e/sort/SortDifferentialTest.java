package io.redactor.e2e.sort;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** {@code differential/sort.txt} against a real Redis 7.0: SORT and SORT_RO with every option. */
class SortDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/sort.txt").assertMatchesRedis(250);
    }
}
