package io.redactor.e2e.sort;

import io.redactor.testing.MultiClientCorpus;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code differential/sort.txt} against a real Redis 7.0: SORT and SORT_RO with every option. */
class SortDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() throws IOException {
        List<String> mismatches = MultiClientCorpus.play("/differential/sort.txt", 250);
        assertTrue(mismatches.isEmpty(), mismatches.size() + " lines differ:\n" + String.join("\n", mismatches));
    }
}
