package io.redactor.actors.scripts;

/**
 * Makes a script on the CPU offer it to other threads every millisecond or so (called at each poll of the run).
 * For an atomic script's platform thread, the other threads are the event loops serving other clients, which on a
 * machine with few cores then wait for it at most that long; for an async script's virtual thread, they are the
 * other scripts sharing its carrier threads.
 */
final class CpuShare {
    private static final long EVERY_NANOS = 1_000_000;

    private long lastNanos = System.nanoTime();

    void poll() {
        long now = System.nanoTime();
        if (now - lastNanos > EVERY_NANOS) {
            lastNanos = now;
            Thread.yield();
        }
    }
}
