package io.redactor.e2e.transactions;

import io.redactor.testing.MultiClientCorpus;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code differential/transactions.txt} against a real Redis 7.0, with several connections (see {@link MultiClientCorpus}). */
class TransactionDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() throws IOException {
        List<String> mismatches = MultiClientCorpus.play("/differential/transactions.txt", 300);
        assertTrue(mismatches.isEmpty(), mismatches.size() + " lines differ:\n" + String.join("\n", mismatches));
    }
}
