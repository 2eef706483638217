package io.redactor.actors.command;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.NodeServices;

/**
 * A command running in its client's context. {@code keyspace} is set when it runs inside EXEC, with the
 * transaction's partitions held (INFO then reads key counts from it directly); null otherwise.
 */
public record ClientCall(CommandSpec spec, byte[][] args, ClientSession client, NodeServices node, Keyspace keyspace)
        implements CommandArguments {

    public ClientCall(CommandSpec spec, byte[][] args, ClientSession client, NodeServices node) {
        this(spec, args, client, node, null);
    }
}
