package io.redactor.actors.scripts;

import java.lang.reflect.Constructor;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The virtual threads of clients' async scripts (EVALASYNC, EVALSHAASYNC, FCALLASYNC). Given a nice increment, they
 * run on carrier threads of their own at that lower CPU priority, as atomic scripts' threads do: a core busy with a
 * long script then goes at once to an event loop that needs it, while script subscriptions keep the JDK's default
 * carriers at the server's priority (lowered, a stream-processing graph falls behind the clients that feed it).
 * The pool is sized as the JDK sizes its own ({@code jdk.virtualThreadScheduler.parallelism}, else the number of
 * cores).
 *
 * <p>The JDK has no public way to give virtual threads another scheduler. Its virtual thread builder has a
 * constructor taking one, package-private (the JDK's own tests use it), reached here by reflection; that needs
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED}, which {@code bin/redactor} passes. Without it, on a JDK without
 * that constructor, or where nice values cannot be set, client async scripts share the default carriers at the
 * server's priority, and the reason is logged once.
 */
final class AsyncScriptCarriers {
    private static final Logger log = LoggerFactory.getLogger(AsyncScriptCarriers.class);
    private static final String BUILDER = "java.lang.ThreadBuilders$VirtualThreadBuilder";
    private static final String NAME = "async-script-";

    private AsyncScriptCarriers() {
    }

    /** The JDK's default carriers, at the server's priority: for script subscriptions. */
    static ThreadFactory shared() {
        return Thread.ofVirtual().name(NAME, 1).factory();
    }

    /** Carriers of their own at {@code niceIncrement} (see above), or {@link #shared()} for 0 or when unavailable. */
    static ThreadFactory lowered(int niceIncrement) {
        if (niceIncrement == 0) {
            return shared();
        }
        if (!NativeThreads.available()) {
            return sharedBecause("nice values cannot be set here (see the log line above)");
        }
        if (!Object.class.getModule().isOpen("java.lang", AsyncScriptCarriers.class.getModule())) {
            return sharedBecause("java.lang is not open to Redactor "
                    + "(java --add-opens java.base/java.lang=ALL-UNNAMED opens it)");
        }
        try {
            Constructor<?> withScheduler = Class.forName(BUILDER).getDeclaredConstructor(Executor.class);
            withScheduler.setAccessible(true);
            ScriptCpuPriority priority = new ScriptCpuPriority(niceIncrement);
            Thread.Builder.OfVirtual builder = (Thread.Builder.OfVirtual) withScheduler.newInstance(pool(priority));
            return builder.name(NAME, 1).factory();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return sharedBecause("this JDK's virtual threads take no other scheduler (" + e + ")");
        }
    }

    private static ThreadFactory sharedBecause(String reason) {
        log.info("async scripts of clients run on the JDK's carrier threads at the server's priority: {}", reason);
        return shared();
    }

    /**
     * A FIFO fork-join pool like the JDK's virtual thread scheduler, whose threads ({@code async-script-carrier-N})
     * lower their own priority.
     */
    private static ForkJoinPool pool(ScriptCpuPriority priority) {
        int parallelism = Integer.getInteger("jdk.virtualThreadScheduler.parallelism",
                Runtime.getRuntime().availableProcessors());
        int maxPoolSize = Math.max(parallelism, Integer.getInteger("jdk.virtualThreadScheduler.maxPoolSize", 256));
        AtomicInteger started = new AtomicInteger();
        ForkJoinPool.ForkJoinWorkerThreadFactory carriers = pool -> {
            ForkJoinWorkerThread carrier = new ForkJoinWorkerThread(pool) {
                @Override
                protected void onStart() {
                    super.onStart();
                    priority.lowerCurrentThread();
                }
            };
            carrier.setName(NAME + "carrier-" + started.incrementAndGet());
            return carrier;
        };
        return new ForkJoinPool(parallelism, carriers, null, true, 0, maxPoolSize, 1, p -> true, 30, TimeUnit.SECONDS);
    }
}
