package io.redactor.e2e.transactions;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/** {@code differential/transactions.txt} against a real Redis 7.0, on several connections. */
class TransactionDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/transactions.txt").assertMatchesRedis(300);
    }
}
