package io.redactor.api.resp;

import akka.dispatch.DispatcherPrerequisites;
import akka.dispatch.ExecutorServiceConfigurator;
import akka.dispatch.ExecutorServiceFactory;
import com.typesafe.config.Config;
import io.netty.util.concurrent.EventExecutor;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * An Akka executor that runs actors on the RESP event loops, choosing the loop of the thread that makes an
 * actor runnable. A connection that sends a command to an idle partition therefore runs the partition's turn on
 * its own thread, and the reply comes back without waking another thread: the round trip costs no context
 * switch. Akka's mailbox still guarantees that an actor runs on one thread at a time, whichever loop that is.
 * An async script's virtual thread that makes a partition runnable runs the partition's turn itself, for the same
 * reason: the script waits for that reply anyway, and handing the turn to a loop would cost two thread wake-ups per
 * call (the loop's, then the script's carrier's), which is most of a call's cost. Nested turns (a batch relayed on
 * to another partition) run inline a few levels deep, then go to a loop. Work made runnable from other threads
 * (timers, other dispatchers) goes to the loops in turn; before any event loop exists it runs on a fork-join pool.
 */
public final class EventLoopAffinityExecutorConfigurator extends ExecutorServiceConfigurator {
    private final int fallbackParallelism;

    public EventLoopAffinityExecutorConfigurator(Config config, DispatcherPrerequisites prerequisites) {
        super(config, prerequisites);
        this.fallbackParallelism = Math.max(2, Runtime.getRuntime().availableProcessors());
    }

    @Override
    public ExecutorServiceFactory createExecutorServiceFactory(String id, ThreadFactory threadFactory) {
        return () -> new AffinityExecutor(new ForkJoinPool(fallbackParallelism));
    }

    private static final class AffinityExecutor extends AbstractExecutorService {
        /** Turns run inline on a virtual thread at once: a bound on the stack they may take. */
        private static final int MAX_INLINE_DEPTH = 4;
        private static final ThreadLocal<int[]> INLINE_DEPTH = ThreadLocal.withInitial(() -> new int[1]);

        private final ForkJoinPool fallback;
        /** Round robin for work from other threads; a racy counter is fine for spreading. */
        private int next;

        AffinityExecutor(ForkJoinPool fallback) {
            this.fallback = fallback;
        }

        @Override
        public void execute(Runnable task) {
            if (Thread.currentThread().isVirtual() && runInline(task)) {
                return;
            }
            EventExecutor[] loops = EventLoops.loops();
            if (loops == null) {
                fallback.execute(task);
                return;
            }
            for (EventExecutor loop : loops) {
                if (loop.inEventLoop()) {
                    loop.execute(task);
                    return;
                }
            }
            loops[(next++ & Integer.MAX_VALUE) % loops.length].execute(task);
        }

        private static boolean runInline(Runnable task) {
            int[] depth = INLINE_DEPTH.get();
            if (depth[0] >= MAX_INLINE_DEPTH) {
                return false;
            }
            depth[0]++;
            try {
                task.run();
            } finally {
                depth[0]--;
            }
            return true;
        }

        @Override
        public void shutdown() {
            fallback.shutdown();
        }

        @Override
        public List<Runnable> shutdownNow() {
            return fallback.shutdownNow();
        }

        @Override
        public boolean isShutdown() {
            return fallback.isShutdown();
        }

        @Override
        public boolean isTerminated() {
            return fallback.isTerminated();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return fallback.awaitTermination(timeout, unit);
        }
    }
}
