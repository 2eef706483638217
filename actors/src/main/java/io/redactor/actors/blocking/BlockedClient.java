package io.redactor.actors.blocking;

import io.redactor.actors.command.CommandRunner;
import io.redactor.actors.command.Invocation;
import io.redactor.actors.data.Keyspace;
import io.redactor.core.reply.Reply;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One run of a blocking command (BLPOP, BZPOPMIN, ...) from one client, from the moment it is sent until it is
 * answered. Partitions hold it in their {@link BlockedKeys} while it waits; whoever moves it out of
 * {@code WAITING} first owns it: a partition that can serve it, the client's timer, a disconnect, CLIENT
 * UNBLOCK. A partition claims it before touching data, so a value is never taken for a client that has
 * already been answered.
 */
public final class BlockedClient {
    private static final int WAITING = 0;
    private static final int CLAIMED = 1;
    private static final int DONE = 2;

    /** Where the outcome goes; called on a partition's thread or the client's. */
    public interface Listener {
        /** The command found nothing and now waits; {@code deadline} in unix ms, 0 for no time limit. */
        void blocked(BlockedClient client, long deadline);

        /** The command's reply: served, or answered at once without blocking. */
        void answered(BlockedClient client, Reply reply);
    }

    private final Invocation invocation;
    private final Listener listener;
    private final AtomicInteger state = new AtomicInteger(WAITING);
    private final AtomicLong ranNanos = new AtomicLong();
    private volatile BlockRequest request;
    private volatile int[] partitions = new int[0];

    public BlockedClient(Invocation invocation, Listener listener) {
        this.invocation = invocation;
        this.listener = listener;
    }

    public Invocation invocation() {
        return invocation;
    }

    /** What it waits for; null until the command has blocked. */
    public BlockRequest request() {
        return request;
    }

    /** The partitions whose {@link BlockedKeys} hold it. */
    public int[] partitions() {
        return partitions;
    }

    /** Runs the command once, claimed: answered now, or blocked; nothing if it was already answered. */
    public void runWith(CommandRunner runner, Keyspace keyspace, long now) {
        if (!tryClaim()) {
            return;
        }
        Reply reply = runner.run(invocation, keyspace, now, this);
        if (reply != null) {
            answer(reply);
        }
    }

    /**
     * Nanoseconds the command ran in the runs that found nothing and blocked: with the run that answers it, the
     * time command statistics count for it (not the wait in between, as in Redis).
     */
    public long ranNanos() {
        return ranNanos.get();
    }

    /** A run that blocked took {@code nanos}. */
    public void ran(long nanos) {
        ranNanos.addAndGet(nanos);
    }

    /** Takes it for serving or running; false if someone else has it or it is answered. */
    public boolean tryClaim() {
        return state.compareAndSet(WAITING, CLAIMED);
    }

    /** Answers a claimed client. */
    public void answer(Reply reply) {
        state.set(DONE);
        listener.answered(this, reply);
    }

    /**
     * A claimed client that found nothing waits (again) for {@code request} in {@code partitions}. Only the first
     * time is reported to the listener, with {@code deadline}; waiting again keeps that first deadline.
     */
    public void block(BlockRequest request, int[] partitions, long deadline) {
        boolean first = this.request == null;
        this.request = request;
        this.partitions = partitions;
        if (first) {
            // Before it can be claimed again, so that the client hears "blocked" before any answer.
            listener.blocked(this, deadline);
        }
        state.set(WAITING);
    }

    /** Ends a waiting client without serving it (timeout, disconnect, CLIENT UNBLOCK); false if not waiting. */
    public boolean tryCancel() {
        return state.compareAndSet(WAITING, DONE);
    }

    public boolean isClaimed() {
        return state.get() == CLAIMED;
    }

    public boolean isDone() {
        return state.get() == DONE;
    }
}
