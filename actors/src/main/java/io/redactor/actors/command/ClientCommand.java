package io.redactor.actors.command;

import io.redactor.core.reply.Reply;

/** A command that runs in the client's own context (connection and server commands): no keyspace access. */
@FunctionalInterface
public interface ClientCommand {
    Reply execute(ClientCall call);
}
