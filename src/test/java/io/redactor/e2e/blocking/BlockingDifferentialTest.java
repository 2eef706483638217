package io.redactor.e2e.blocking;

import io.redactor.testing.MultiClientCorpus;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code differential/blocking.txt} against a real Redis 7.0: clients that block and are served, side by side. */
class BlockingDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() throws IOException {
        List<String> mismatches = MultiClientCorpus.play("/differential/blocking.txt", 200);
        assertTrue(mismatches.isEmpty(), mismatches.size() + " lines differ:\n" + String.join("\n", mismatches));
    }
}
