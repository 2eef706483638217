package io.redactor.e2e.geo;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

/** The geo corpus ({@code differential/geo.txt}, RESP2 and RESP3) against a real Redis 7.0. */
class GeoDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/geo.txt").assertMatchesRedis(500);
    }

    /** The corpus's scripts run with EVALASYNC on Redactor answer as EVAL does in Redis. */
    @Test
    void asyncScriptsAnswerLikeEvalInRedis() {
        CorpusRunner.of("/differential/geo.txt").withOurCommands(GeoDifferentialTest::async).assertMatchesRedis(500);
    }

    private static byte[][] async(byte[][] argv) {
        if (!new String(argv[0], StandardCharsets.UTF_8).equalsIgnoreCase("eval")) {
            return argv;
        }
        byte[][] rewritten = argv.clone();
        rewritten[0] = "EVALASYNC".getBytes(StandardCharsets.UTF_8);
        return rewritten;
    }
}
