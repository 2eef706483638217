package io.redactor.e2e.lua;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** {@code differential/functions.txt}: FUNCTION and FCALL against a real Redis 7.0, byte for byte. */
class FunctionDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/functions.txt").assertMatchesRedis(70);
    }
}
