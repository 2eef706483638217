package io.redactor.actors.command;

import io.redactor.core.reply.ErrorReply;

/**
 * Ends a command with an error reply from anywhere inside its handler. Carries no stack trace: it is control
 * flow for bad input, not a failure.
 */
public final class CommandError extends RuntimeException {
    private final ErrorReply reply;

    public CommandError(ErrorReply reply) {
        super(reply.message(), null, false, false);
        this.reply = reply;
    }

    public ErrorReply reply() {
        return reply;
    }
}
