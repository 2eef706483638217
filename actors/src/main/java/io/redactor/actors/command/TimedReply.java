package io.redactor.actors.command;

import io.redactor.core.reply.Reply;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The reply of an asynchronous client command that waits for partitions before or while it runs (EXEC, EVAL,
 * FCALL and their variants): it adds up the time it waited, which command statistics leave out of the time the
 * command ran, as Redis counts a command's execution and not its queueing.
 */
public final class TimedReply extends CompletableFuture<Reply> {
    private final AtomicLong waitedNanos = new AtomicLong();

    /** The command waited {@code nanos} for partitions (or a lock) it needs; before completing it. */
    public void waited(long nanos) {
        waitedNanos.addAndGet(Math.max(0, nanos));
    }

    /** Nanoseconds waited so far. */
    public long waitedNanos() {
        return waitedNanos.get();
    }

    /** The time a command whose reply this is ran, given the time from its start to its reply. */
    public static long ranNanos(Object reply, long elapsedNanos) {
        return reply instanceof TimedReply timed ? Math.max(0, elapsedNanos - timed.waitedNanos()) : elapsedNanos;
    }
}
