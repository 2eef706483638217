package io.redactor.actors.node;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The guard's arithmetic on a made-up heap of 1,000 bytes (limit 90%: 900 bytes). Each refusal is checked right after
 * a collection was reported, so that the guard finds it fresh and asks for none of the test JVM's own.
 */
class HeapGuardTest {
    private final HeapGuard guard = new HeapGuard(1000, 0.9);

    @Test
    void admitsWhatFitsUnderTheLimitAfterTheLastCollection() {
        guard.update(100);
        assertTrue(guard.admits(800));
        assertFalse(guard.admits(801));
        assertFalse(guard.refusing());
        guard.update(901);
        assertTrue(guard.refusing());
    }

    @Test
    void reservedValuesCountUntilACollectionAfterTheyAreSettled() {
        guard.update(100);
        assertTrue(guard.reserve(500));
        assertTrue(guard.admits(300));
        guard.update(100);
        assertFalse(guard.reserve(301), "500 reserved and 100 used leave 300");
        guard.update(100);
        assertTrue(guard.reserve(300));
        guard.update(100);
        assertFalse(guard.admits(1));
        guard.settle(500);
        guard.update(100);
        // the collection counted what the settled value left: live data or nothing
        assertTrue(guard.admits(500));
        assertFalse(guard.admits(501));
        guard.settle(300);
        assertFalse(guard.admits(501), "settled but not yet seen by a collection");
        guard.update(100);
        assertTrue(guard.admits(800));
    }

    @Test
    void aGuardThatIsOffReservesEverything() {
        assertTrue(HeapGuard.OFF.reserve(Long.MAX_VALUE / 2));
        HeapGuard.OFF.settle(Long.MAX_VALUE / 2);
        assertTrue(HeapGuard.OFF.admits(Long.MAX_VALUE / 2));
    }
}
