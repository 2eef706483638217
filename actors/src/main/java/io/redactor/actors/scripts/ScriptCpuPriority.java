package io.redactor.actors.scripts;

import java.util.concurrent.ThreadFactory;

import io.redactor.actors.node.ProcessMetrics;

/**
 * Runs scripts at a lower CPU priority than the rest of the server (a Linux nice value {@code increment} above the
 * process's own), so that a core busy with a long script goes at once to an event loop or the garbage collector that
 * needs it: on a machine with few cores, commands from other clients then wait microseconds for a core instead of
 * the scheduler's time slices. It applies to atomic scripts' own threads and to the carrier threads of clients'
 * async scripts (see {@link AsyncScriptCarriers}) when they start. Partition turns an async script's call runs on a
 * carrier run at that priority too, which only matters when the CPU is saturated by the rest of the server.
 */
final class ScriptCpuPriority {
    private final int nice;

    /** {@code increment}: 0 (scripts keep the server's priority) to 19. */
    ScriptCpuPriority(int increment) {
        this.nice = increment == 0 || !NativeThreads.available()
                ? 0 : Math.min(19, ProcessMetrics.niceValue() + increment);
    }

    /** Threads from {@code factory} that lower their own priority before running their task. */
    ThreadFactory lowering(ThreadFactory factory) {
        if (nice == 0) {
            return factory;
        }
        return task -> factory.newThread(() -> {
            lowerCurrentThread();
            task.run();
        });
    }

    /** Lowers the calling OS thread's priority (nothing for an increment of 0). */
    void lowerCurrentThread() {
        if (nice != 0) {
            NativeThreads.setNice(nice);
        }
    }
}
