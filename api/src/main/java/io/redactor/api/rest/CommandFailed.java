package io.redactor.api.rest;

import io.redactor.core.reply.ErrorReply;

/** A Redis error reply where the route needed a value; answered as a problem document (see {@link Problem}). */
final class CommandFailed extends RuntimeException {
    private final ErrorReply error;

    CommandFailed(ErrorReply error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    ErrorReply error() {
        return error;
    }
}
