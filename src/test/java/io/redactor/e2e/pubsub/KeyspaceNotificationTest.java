package io.redactor.e2e.pubsub;

import io.redactor.testing.corpus.CorpusRunner;
import org.junit.jupiter.api.Test;

/**
 * The keyspace notifications of {@code differential/notifications.txt} (strings and keys, lists, hashes, sets),
 * read by a PSUBSCRIBE connection on each server, compared line by line with those of a real Redis 7.0.
 */
class KeyspaceNotificationTest {

    @Test
    void everyCommandNotifiesLikeRedis() {
        CorpusRunner.of("/differential/notifications.txt").comparingKeyspaceEvents().assertMatchesRedis(150);
    }
}
