package io.redactor.e2e.zsets;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** {@code differential/zsets.txt} against a real Redis 7.0, in RESP2 and RESP3, one line at a time and pipelined. */
class SortedSetDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/zsets.txt").assertMatchesRedis(400);
    }

    /** The same corpus sent in pipelined batches, so that commands for many partitions are in flight at once. */
    @Test
    void pipelinedCorpusAnswersLikeRedis() {
        CorpusRunner.of("/differential/zsets.txt").pipelined(50).assertMatchesRedis(400);
    }
}
