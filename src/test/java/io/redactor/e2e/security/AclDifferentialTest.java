package io.redactor.e2e.security;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/**
 * The ACL and AUTH corpus ({@code differential/acl.txt}) against a real Redis 7.0. The corpus creates users and sets
 * requirepass: the runner puts the ACL back afterwards even if the corpus fails midway, so that the other tests
 * sharing the servers are not locked out.
 */
class AclDifferentialTest {

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        CorpusRunner.of("/differential/acl.txt").resettingAcl().assertMatchesRedis(400);
    }
}
