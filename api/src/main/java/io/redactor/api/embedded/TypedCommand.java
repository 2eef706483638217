package io.redactor.api.embedded;

import io.redactor.core.reply.Reply;

/**
 * A command with a Java result type: its arguments as Redis takes them, and how its reply becomes the result.
 * The records in {@link Commands} cover the string and keyspace commands; any command is also available
 * untyped through {@link RedactorProtocol.Execute} or {@link Redactor#command}.
 */
public interface TypedCommand<R> {
    byte[][] args();

    /** Converts a successful reply; error replies never reach this method. */
    R decode(Reply reply);
}
