package io.redactor.actors.command;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.node.NodeServices;

/** A command running in its client's context. */
public record ClientCall(CommandSpec spec, byte[][] args, ClientSession client, NodeServices node)
        implements CommandArguments {
}
