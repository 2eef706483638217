package io.redactor.e2e.hyperloglog;

import io.redactor.testing.corpus.AsyncTwins;
import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** The HyperLogLog corpus ({@code differential/hyperloglog.txt}) against a real Redis 7.0. */
class HyperLogLogDifferentialTest {
    private static final String CORPUS = "/differential/hyperloglog.txt";

    @Test
    void corpusRepliesMatchRedis() {
        CorpusRunner.of(CORPUS).assertMatchesRedis(250);
    }

    /** Pipelined, so that PFCOUNT's and PFMERGE's keys in several partitions are reserved while others run. */
    @Test
    void pipelinedCorpusRepliesMatchRedis() {
        CorpusRunner.of(CORPUS).pipelined(64).assertMatchesRedis(250);
    }

    /** The corpus's scripts run as EVALASYNC on Redactor: their calls answer as EVAL's do in Redis. */
    @Test
    void asyncScriptsAnswerAsEvalDoesInRedis() {
        CorpusRunner.of(CORPUS).withOurCommands(AsyncTwins::of).assertMatchesRedis(250);
    }
}
