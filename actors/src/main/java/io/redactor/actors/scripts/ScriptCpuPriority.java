package io.redactor.actors.scripts;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;

import io.redactor.actors.node.ProcessMetrics;

/**
 * Runs scripts at a lower CPU priority than the rest of the server (a Linux nice value {@code increment} above the
 * process's own), so that a core busy with a long script goes at once to an event loop or the garbage collector that
 * needs it: on a machine with few cores, commands from other clients then wait microseconds for a core instead of
 * the scheduler's time slices. It applies to atomic scripts' own threads when they start and to the carrier threads
 * of async scripts' virtual threads when a script first runs on them. Partition turns an async script's call runs
 * on a carrier run at that priority too, which only matters when the CPU is saturated by the rest of the server.
 */
final class ScriptCpuPriority {
    /** Carriers come and go (idle ones end after a while); past this many ids the set starts over. */
    private static final int MAX_REMEMBERED_CARRIERS = 4096;

    private final int nice;
    private final Set<Integer> loweredCarriers = ConcurrentHashMap.newKeySet();

    /** {@code increment}: 0 (scripts keep the server's priority) to 19. */
    ScriptCpuPriority(int increment) {
        this.nice = increment == 0 || !ThreadNice.available() ? 0 : Math.min(19, ProcessMetrics.niceValue() + increment);
    }

    /** Threads from {@code factory} that lower their own priority before running their task. */
    ThreadFactory lowering(ThreadFactory factory) {
        if (nice == 0) {
            return factory;
        }
        return task -> factory.newThread(() -> {
            ThreadNice.setForCurrentThread(nice);
            task.run();
        });
    }

    /** Called on an async script's virtual thread: lowers the priority of the carrier it runs on, once per carrier. */
    void lowerCarrier() {
        if (nice == 0) {
            return;
        }
        int carrier = ThreadNice.currentThreadId();
        if (carrier > 0 && !loweredCarriers.contains(carrier)) {
            if (loweredCarriers.size() >= MAX_REMEMBERED_CARRIERS) {
                loweredCarriers.clear();
            }
            loweredCarriers.add(carrier);
            ThreadNice.setForCurrentThread(nice);
        }
    }
}
