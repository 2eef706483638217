package io.redactor.e2e.lua;

import io.redactor.testing.corpus.AsyncTwins;
import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/**
 * The atomic scripting corpora played with EVALASYNC, EVALSHAASYNC and FCALLASYNC in place of EVAL, EVALSHA and
 * FCALL on Redactor, against a real Redis 7.0 running the atomic commands: a client cannot tell them apart by their
 * replies.
 */
class AsyncScriptDifferentialTest {
    @Test
    void scriptsAnswerAsEvalDoesInRedis() {
        CorpusRunner.of("/differential/scripts.txt").withOurCommands(AsyncTwins::of)
                .assertMatchesRedis(460);
    }

    @Test
    void functionsAnswerAsFcallDoesInRedis() {
        CorpusRunner.of("/differential/functions.txt").withOurCommands(AsyncTwins::of)
                .assertMatchesRedis(70);
    }
}
