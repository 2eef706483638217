package io.redactor.e2e.lua;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** {@code differential/scripts.txt} against a real Redis 7.0: EVAL, EVALSHA, their _RO forms and SCRIPT. */
class ScriptDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/scripts.txt").assertMatchesRedis(460);
    }
}
