package io.redactor.e2e.streams;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** The stream corpus ({@code differential/streams.txt}) against a real Redis 7.0. */
class StreamDifferentialTest {
    private static final String CORPUS = "/differential/streams.txt";

    @Test
    void corpusRepliesMatchRedis() {
        CorpusRunner.of(CORPUS).assertMatchesRedis(250);
    }

    /** Pipelined, so that commands on streams of many partitions are in flight at once. */
    @Test
    void pipelinedCorpusRepliesMatchRedis() {
        CorpusRunner.of(CORPUS).pipelined(64).assertMatchesRedis(250);
    }
}
