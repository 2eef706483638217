package io.redactor.api.rest;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs tasks one at a time, in submission order, on whichever thread submits while none is running (the HTTP
 * thread that starts a request, then the partition threads that answer it). It gives a request's
 * {@link io.redactor.actors.client.ClientPipeline} the single thread of control it needs without waking a
 * thread of its own for each reply.
 */
final class SerialExecutor implements Executor {
    private static final Logger log = LoggerFactory.getLogger(SerialExecutor.class);

    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicInteger pending = new AtomicInteger();

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
        if (pending.getAndIncrement() != 0) {
            return;
        }
        do {
            Runnable next = tasks.poll();
            try {
                next.run();
            } catch (RuntimeException e) {
                log.error("HTTP request task failed", e);
            }
        } while (pending.decrementAndGet() != 0);
    }
}
