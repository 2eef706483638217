package io.redactor.actors.command;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.NodeServices;
import io.redactor.core.reply.Reply;

/**
 * Runs a command of the client's context inside atomic work (EXEC, a script) that holds {@code keyspace}:
 * asynchronous ones complete at once there, since what they would wait for (key counts) is held. Counted in the
 * node's command statistics and slow log, as Redis counts and logs the commands EXEC and scripts run.
 */
public final class ClientCallRunner {
    private ClientCallRunner() {
    }

    /** {@code fromScript}: a script called it (the slow log shows Redis's Lua client then, not {@code client}). */
    public static Reply run(CommandSpec spec, byte[][] args, ClientSession client, NodeServices node,
                            Keyspace keyspace, boolean fromScript) {
        ClientCall call = new ClientCall(spec, args, client, node, keyspace);
        long started = System.nanoTime();
        Reply reply;
        try {
            reply = switch (spec.placement()) {
                case Placement.AtClient p -> p.handler().execute(call);
                case Placement.Container p -> p.bare().execute(call);
                case Placement.AtClientAsync p -> p.handler().execute(call).toCompletableFuture().join();
                default -> throw new IllegalStateException(spec + " does not run at the client");
            };
        } catch (CommandError e) {
            reply = e.reply();
        }
        node.server().calls().ran(spec, args, fromScript ? null : client, System.nanoTime() - started, reply);
        node.server().calls().nestedReply(reply);
        return reply;
    }
}
