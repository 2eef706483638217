package io.redactor.actors.scripts;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A script polling on a virtual thread makes its carrier offer its core about every millisecond; on a platform
 * thread, its own {@link Thread#yield()} does that.
 */
class CpuShareTest {

    /** Polls a fresh CpuShare for {@code millis} on a thread of {@code builder}: how often it offered the core. */
    private static int coreYieldsWhilePolling(Thread.Builder builder, long millis) throws InterruptedException {
        AtomicInteger yields = new AtomicInteger();
        Thread t = builder.start(() -> {
            CpuShare share = new CpuShare(yields::incrementAndGet);
            long end = System.nanoTime() + millis * 1_000_000;
            while (System.nanoTime() - end < 0) {
                share.poll();
            }
        });
        t.join();
        return yields.get();
    }

    @Test
    void aVirtualThreadsCarrierOffersItsCoreAboutEveryMillisecond() throws InterruptedException {
        int yields = coreYieldsWhilePolling(Thread.ofVirtual(), 50);
        assertTrue(yields >= 5 && yields <= 50, yields + " core yields in 50 ms");
    }

    @Test
    void aPlatformThreadNeedsNoMoreThanItsOwnYield() throws InterruptedException {
        assertEquals(0, coreYieldsWhilePolling(Thread.ofPlatform(), 20));
    }

    @Test
    void theCoreYieldIsTheKernelsSchedYield() {
        assumeTrue(NativeThreads.available(), "needs Linux, JDK 22+ and native access");
        assertTrue(NativeThreads.yieldCore());
    }
}
