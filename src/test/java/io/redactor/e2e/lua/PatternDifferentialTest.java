package io.redactor.e2e.lua;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** {@code differential/patterns.txt} against a real Redis 7.0: Lua 5.1's patterns match, capture and fail alike. */
class PatternDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/patterns.txt").assertMatchesRedis(120);
    }
}
