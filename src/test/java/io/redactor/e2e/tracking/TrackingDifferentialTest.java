package io.redactor.e2e.tracking;

import io.redactor.testing.corpus.AsyncTwins;
import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/**
 * {@code differential/tracking.txt} against a real Redis 7.0: CLIENT TRACKING and its errors, TRACKINGINFO, and the
 * invalidation messages of the default, OPTIN, OPTOUT, NOLOOP and BCAST modes, redirected or not, byte for byte.
 */
class TrackingDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/tracking.txt").assertMatchesRedis(300);
    }

    /**
     * The same corpus with EVALASYNC in place of EVAL on Redactor: an async script's calls are tracked for its
     * caller, their changes invalidate, and the caller's own invalidations follow the script's reply.
     */
    @Test
    void asyncScriptsTrackAndInvalidateAsEvalDoesInRedis() {
        CorpusRunner.of("/differential/tracking.txt").withOurCommands(AsyncTwins::of).assertMatchesRedis(300);
    }
}
