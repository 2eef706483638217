package io.redactor.e2e.strings;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** The string corpus ({@code differential/strings.txt}) against a real Redis 7.0. */
class StringDifferentialTest {
    private static final String CORPUS = "/differential/strings.txt";

    @Test
    void corpusRepliesMatchRedis() {
        CorpusRunner.of(CORPUS).assertMatchesRedis(300);
    }

    /** The same corpus sent in pipelined batches, so that commands for many partitions are in flight at once. */
    @Test
    void pipelinedCorpusRepliesMatchRedis() {
        CorpusRunner.of(CORPUS).pipelined(64).assertMatchesRedis(300);
    }
}
