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
 * Work made runnable from other threads (timers, other dispatchers) goes to the loops in turn; before any
 * event loop exists it runs on a fork-join pool.
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
        private final ForkJoinPool fallback;
        /** Round robin for work from other threads; a racy counter is fine for spreading. */
        private int next;

        AffinityExecutor(ForkJoinPool fallback) {
            this.fallback = fallback;
        }

        @Override
        public void execute(Runnable task) {
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
