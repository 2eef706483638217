package io.redactor.actors.pubsub;

import io.redactor.core.reply.PushReply;

/** A client receiving published messages. {@link #push} may be called from any thread, in publish order. */
public interface Subscriber {
    void push(PushReply message);

    /** A line of MONITOR's output, from any thread: written between replies as it comes. */
    default void feed(io.redactor.core.reply.Reply line) {
    }
}
