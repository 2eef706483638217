package io.redactor.e2e.streams;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

/** The stream corpus ({@code differential/streams.txt}) against a real Redis 7.0. */
class StreamDifferentialTest {
    private static final String CORPUS = "/differential/streams.txt";

    @Test
    void corpusRepliesMatchRedis() {
        CorpusRunner.of(CORPUS).assertMatchesRedis(700);
    }

    /** Pipelined, so that commands on streams of many partitions are in flight at once. */
    @Test
    void pipelinedCorpusRepliesMatchRedis() {
        CorpusRunner.of(CORPUS).pipelined(64).assertMatchesRedis(700);
    }

    /**
     * The corpus's scripts run by EVALASYNC on Redactor answer as EVAL does on Redis; those of one call only, since an
     * async script's calls are atomic one by one (a reader blocked on a stream is served between two of its XADDs).
     */
    @Test
    void asyncScriptsAnswerAsEvalDoesInRedis() {
        CorpusRunner.of(CORPUS).withOurCommands(argv -> {
            if (argv.length < 3 || !new String(argv[0], StandardCharsets.UTF_8).equalsIgnoreCase("eval")
                    || new String(argv[1], StandardCharsets.UTF_8).split("redis\\.p?call", -1).length > 2) {
                return argv;
            }
            byte[][] rewritten = argv.clone();
            rewritten[0] = "EVALASYNC".getBytes(StandardCharsets.UTF_8);
            return rewritten;
        }).assertMatchesRedis(700);
    }
}
