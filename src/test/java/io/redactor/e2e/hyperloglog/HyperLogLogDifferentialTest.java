package io.redactor.e2e.hyperloglog;

import io.redactor.testing.corpus.AsyncTwins;
import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HyperLogLog corpus ({@code differential/hyperloglog.txt}) against a real Redis 7.0: line by line; pipelined,
 * so that the keys of PFCOUNT and PFMERGE in several partitions are reserved while other commands are in flight; and
 * with its scripts run as EVALASYNC on Redactor, whose calls must answer as EVAL's do in Redis.
 */
class HyperLogLogDifferentialTest {
    private static final int LINES = 250;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"in order", "pipelined", "EVALASYNC"})
    void corpusRepliesMatchRedis(String played) {
        CorpusRunner corpus = CorpusRunner.of("/differential/hyperloglog.txt");
        switch (played) {
            case "pipelined" -> corpus.pipelined(64);
            case "EVALASYNC" -> corpus.withOurCommands(AsyncTwins::of);
            default -> {
            }
        }
        corpus.assertMatchesRedis(LINES);
    }
}
