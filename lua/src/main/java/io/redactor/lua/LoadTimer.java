package io.redactor.lua;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * FUNCTION LOAD's time limit on running a library's code (Redis: 500 ms from the end of compiling, checked every
 * 100,000 Lua instructions). Redis's single thread has the machine to itself while it loads; here the loading
 * thread shares it with the event loops, the garbage collector and the JIT, so the limit counts the CPU time of the
 * thread that started the load: a library of 100,000 functions must not fail because the machine was busy, while
 * code that loops forever still fails after 500 ms of running. Should a poll come from another thread, it counts
 * the wall time since the start, as Redis does.
 */
final class LoadTimer {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long limitNanos;
    private final Thread thread = Thread.currentThread();
    private final long startCpuNanos = cpuNanos();
    private final long startNanos = System.nanoTime();

    LoadTimer(long limitNanos) {
        this.limitNanos = limitNanos;
    }

    boolean expired() {
        long cpu = Thread.currentThread() == thread ? cpuNanos() : -1;
        long elapsed = cpu >= 0 && startCpuNanos >= 0 ? cpu - startCpuNanos : System.nanoTime() - startNanos;
        return elapsed > limitNanos;
    }

    /** The calling thread's CPU time, or -1 where the JVM cannot measure it. */
    private static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }
}
