package io.redactor.actors.pubsub;

import io.redactor.core.reply.ErrorReply;

/** A PUBLISH delivered to no one, because a script subscriber of the channel has no room left for it. */
public final class PublishRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient ErrorReply reply;

    PublishRefused(ChannelScript full) {
        super(null, null, false, false);
        this.reply = new ErrorReply("BUSY " + full.describe() + " has no room for more messages "
                + "(redactor.scripts.subscriptions.backlog); the message was not published");
    }

    public ErrorReply reply() {
        return reply;
    }
}
