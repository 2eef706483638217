package io.redactor.actors.routing;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandSpec;
import io.redactor.core.reply.ErrorReply;

/**
 * Whether the node's state lets a command run now, as Redis's processCommand decides before running one: not
 * while the data set loads ({@code -LOADING}), no writes while the disk fails ({@code -MISCONF}).
 */
@FunctionalInterface
public interface Admission {
    /** The refusal, or null when the command may run. {@code client} is null for work the server does itself. */
    ErrorReply refusal(CommandSpec spec, ClientSession client);

    Admission OPEN = (spec, client) -> null;
}
