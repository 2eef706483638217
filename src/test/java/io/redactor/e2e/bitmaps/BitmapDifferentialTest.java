package io.redactor.e2e.bitmaps;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** The bitmap corpus ({@code differential/bitmaps.txt}) against a real Redis 7.0. */
class BitmapDifferentialTest {
    private static final String CORPUS = "/differential/bitmaps.txt";

    @Test
    void corpusRepliesMatchRedis() {
        CorpusRunner.of(CORPUS).assertMatchesRedis(250);
    }

    /** Pipelined, so that BITOP's keys in several partitions are reserved while other commands are in flight. */
    @Test
    void pipelinedCorpusRepliesMatchRedis() {
        CorpusRunner.of(CORPUS).pipelined(64).assertMatchesRedis(250);
    }
}
