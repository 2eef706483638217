package io.redactor.e2e.lua;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** {@code differential/sandbox.txt} against a real Redis 7.0: escapes from the Lua sandbox are refused alike. */
class SandboxDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/sandbox.txt").assertMatchesRedis(120);
    }
}
