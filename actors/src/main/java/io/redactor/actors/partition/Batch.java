package io.redactor.actors.partition;

import io.redactor.actors.command.Invocation;
import io.redactor.core.reply.Reply;

/**
 * Consecutive commands of one client for one partition, sent as one message. The partition fills in the
 * replies and hands the batch back through its listener, on the partition's thread.
 */
public final class Batch {
    private final Invocation[] invocations;
    private final Reply[] replies;
    private final Listener listener;

    public Batch(Invocation[] invocations, Listener listener) {
        this.invocations = invocations;
        this.replies = new Reply[invocations.length];
        this.listener = listener;
    }

    public int size() {
        return invocations.length;
    }

    public Invocation invocation(int index) {
        return invocations[index];
    }

    public Reply reply(int index) {
        return replies[index];
    }

    public void setReply(int index, Reply reply) {
        replies[index] = reply;
    }

    /** Fails every command of the batch with the same reply (overload). */
    public void failAll(Reply reply) {
        java.util.Arrays.fill(replies, reply);
    }

    public void complete() {
        listener.completed(this);
    }

    @FunctionalInterface
    public interface Listener {
        /** Called on the partition's thread: hand the batch over to the client's own thread. */
        void completed(Batch batch);
    }
}
