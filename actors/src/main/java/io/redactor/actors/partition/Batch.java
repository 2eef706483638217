package io.redactor.actors.partition;

import io.redactor.actors.command.Invocation;
import io.redactor.core.reply.Reply;

import java.util.Arrays;

/**
 * Consecutive commands of one client, in the order it sent them, each for one partition. The batch travels
 * as a relay: the partition holding it runs its leading commands, then passes it to the partition of the
 * next command, so commands take effect strictly in order without a round trip to the client between
 * partitions. The last partition hands the batch back through its listener, on its own thread.
 */
public final class Batch {
    private final Invocation[] invocations;
    private final int[] partitions;
    private final Reply[] replies;
    private final Listener listener;
    private int next;

    public Batch(Invocation[] invocations, int[] partitions, Listener listener) {
        if (invocations.length != partitions.length || invocations.length == 0) {
            throw new IllegalArgumentException("a batch needs one partition per command, and at least one command");
        }
        this.invocations = invocations;
        this.partitions = partitions;
        this.replies = new Reply[invocations.length];
        this.listener = listener;
    }

    /** A batch of commands that all run in one partition. */
    public static Batch inPartition(int partition, Invocation[] invocations, Listener listener) {
        int[] partitions = new int[invocations.length];
        Arrays.fill(partitions, partition);
        return new Batch(invocations, partitions, listener);
    }

    public int size() {
        return invocations.length;
    }

    /** The partition of the next command to run (the one the batch must be sent to). */
    public int nextPartition() {
        return partitions[next];
    }

    boolean hasNext() {
        return next < invocations.length;
    }

    /** The next command, if it belongs to {@code partition}; null otherwise. */
    Invocation nextFor(int partition) {
        return next < invocations.length && partitions[next] == partition ? invocations[next] : null;
    }

    /** Records the reply of the command returned by {@link #nextFor} and moves on. */
    void answer(Reply reply) {
        replies[next++] = reply;
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

    /** Fails every command not yet run with the same reply (overload). */
    public void failRemaining(Reply reply) {
        Arrays.fill(replies, next, replies.length, reply);
        next = replies.length;
    }

    /** The commands not yet run, in order. */
    Invocation[] remaining() {
        return Arrays.copyOfRange(invocations, next, invocations.length);
    }

    public void complete() {
        listener.completed(this);
    }

    @FunctionalInterface
    public interface Listener {
        /** Called on a partition's thread: hand the batch over to the client's own thread. */
        void completed(Batch batch);
    }
}
