package io.redactor.actors.scripts;

/**
 * Makes a script on the CPU offer it to other threads every millisecond or so (called at each poll of the run).
 * For an atomic script's platform thread, {@link Thread#yield()} offers its core to the event loops serving other
 * clients, which on a machine with few cores then wait for it at most that long. An async script's virtual thread
 * offers its carrier to the other scripts sharing it, and the carrier offers its core as well: without that, a
 * thread woken behind a carrier running Lua (an event loop, a client on the same machine) often waits for the kernel's
 * next tick, up to 4 ms at HZ=250, even when the carrier runs at a lower priority.
 */
final class CpuShare {
    private static final long EVERY_NANOS = 1_000_000;

    private final Runnable coreYield;
    private long lastNanos = System.nanoTime();

    CpuShare() {
        this(NativeThreads::yieldCore);
    }

    /** {@code coreYield}: offers the current OS thread's core, for a virtual thread's carrier. */
    CpuShare(Runnable coreYield) {
        this.coreYield = coreYield;
    }

    void poll() {
        long now = System.nanoTime();
        if (now - lastNanos > EVERY_NANOS) {
            lastNanos = now;
            if (Thread.currentThread().isVirtual()) {
                coreYield.run();
            }
            Thread.yield();
        }
    }
}
