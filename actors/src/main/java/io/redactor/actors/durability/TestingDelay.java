package io.redactor.actors.durability;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Redis's hidden testing parameters {@code rdb-key-save-delay} and {@code key-load-delay}: microseconds spent per
 * key, so that tests can watch a snapshot or a load while it runs. A negative value {@code -n} spends one
 * microsecond on one key in {@code n}, on average, as Redis does.
 */
final class TestingDelay {
    private TestingDelay() {
    }

    /** Spends the delay {@code micros} (the parameter's value) asks for {@code keys} keys. */
    static void perKeys(long micros, long keys) throws InterruptedException {
        if (micros == 0 || keys <= 0) {
            return;
        }
        long total = micros > 0 ? micros * keys : chances(-micros, keys);
        if (total > 0) {
            TimeUnit.MICROSECONDS.sleep(total);
        }
    }

    private static long chances(long oneIn, long keys) {
        long hits = 0;
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (long i = 0; i < keys; i++) {
            if (random.nextLong(oneIn) == 0) {
                hits++;
            }
        }
        return hits;
    }
}
