package io.redactor.api.resp;

import io.netty.channel.Channel;

/**
 * Whether a connection reads from its socket: not while its commands wait unanswered beyond their bound (the client's
 * {@link io.redactor.actors.client.ClientPipeline}), nor while its decoder waits for a large argument's array, nor while a
 * large reply is streamed to it. Any of them may stop reading; reading goes on only when none holds it. Used on the
 * connection's event loop only.
 */
final class ReadSwitch {
    private final Channel channel;
    private boolean commandsHeld;
    private boolean awaitingArray;
    private boolean replyStreamed;

    ReadSwitch(Channel channel) {
        this.channel = channel;
    }

    void commandsHeld(boolean held) {
        commandsHeld = held;
        apply();
    }

    void awaitingArray(boolean awaiting) {
        awaitingArray = awaiting;
        apply();
    }

    /** While a large reply is streamed, further commands wait in the socket, not as replies queued behind it. */
    void replyStreamed(boolean streamed) {
        replyStreamed = streamed;
        apply();
    }

    private void apply() {
        channel.config().setAutoRead(!commandsHeld && !awaitingArray && !replyStreamed);
    }
}
