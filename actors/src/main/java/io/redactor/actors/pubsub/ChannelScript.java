package io.redactor.actors.pubsub;

/**
 * A script subscribed to a channel (SSUBSCRIBE): each message it takes runs it. It has a bounded backlog, so a
 * message is offered in two steps: {@link #reserve()} for every script subscriber of the channel first, then
 * {@link #deliver} to each once all have room. Called from any thread.
 */
public interface ChannelScript {
    /** Takes a place in the backlog for one message; false when the backlog is full. */
    boolean reserve();

    /** Gives back a place {@link #reserve()} took, for a message that is not delivered after all. */
    void cancelReservation();

    /** A message for which a place was reserved. */
    void deliver(byte[] channel, byte[] message);

    /** How PUBLISH's refusal names this subscriber. */
    String describe();
}
