package io.redactor.api.rest;

import io.redactor.actors.acl.AclUser;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.routing.CommandDispatch;
import io.redactor.actors.routing.Route;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What the routes run against: the node once it is up. Before that (the HTTP port opens before the partitions
 * are up, so health checks can watch start-up) and once shutdown has begun, data routes answer 503.
 */
final class Backend {
    private static final ErrorReply STARTING = new ErrorReply("LOADING Redactor is starting");
    private static final ErrorReply STOPPING = new ErrorReply("LOADING Redactor is shutting down");

    private final HttpSettings settings;
    private volatile Ready ready;
    private volatile boolean stopping;

    private record Ready(NodeServices node, RequestClient client, KeySnapshot keys) {
    }

    Backend(HttpSettings settings) {
        this.settings = settings;
    }

    void ready(NodeServices node) {
        this.ready = new Ready(node, new RequestClient(node, settings.requestTimeout()), new KeySnapshot(node));
    }

    void stopping() {
        stopping = true;
    }

    boolean isReady() {
        return ready != null && !stopping;
    }

    boolean isStopping() {
        return stopping;
    }

    HttpSettings settings() {
        return settings;
    }

    NodeServices node() {
        return current().node();
    }

    /** Runs commands as one short-lived client of the call's user (see {@link RequestClient}). */
    CompletionStage<List<Reply>> run(RouteSupport.Call call, List<byte[][]> commands) {
        return current().client().run(call.address(), call.user(), call.db(), commands);
    }

    /** Runs one command; an error reply fails the stage with {@link CommandFailed}. */
    CompletionStage<Reply> run(RouteSupport.Call call, byte[]... command) {
        return run(call, List.<byte[][]>of(command)).thenApply(replies -> {
            Reply reply = replies.getFirst();
            if (reply instanceof ErrorReply error) {
                throw new CommandFailed(error);
            }
            return reply;
        });
    }

    /**
     * Runs one single-key command that needs no client (a key route's SET or DEL) straight at its partition,
     * without the short-lived client of {@link #run}: an error reply fails the stage with {@link CommandFailed}.
     */
    CompletionStage<Reply> runAtData(Caller caller, int db, byte[]... command) {
        NodeServices node = node();
        caller.check(node, command);
        Route route = node.router().route(command, db, null);
        if (route instanceof Route.Rejected rejected) {
            throw new CommandFailed(rejected.reply());
        }
        if (!(route instanceof Route.AtPartition at)) {
            throw new IllegalArgumentException(new String(command[0], java.nio.charset.StandardCharsets.UTF_8)
                    + " does not run at one partition");
        }
        node.server().stats().commandsProcessed.increment();
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        CommandDispatch.atPartition(node, at.partition(), at.invocation(), reply::complete);
        return reply.thenApply(value -> {
            if (value instanceof ErrorReply error) {
                node.server().stats().countError(error);
                throw new CommandFailed(error);
            }
            return value;
        });
    }

    CompletionStage<KeySnapshot.Snapshot> snapshot(Caller caller, byte[] key, int db) {
        NodeServices node = node();
        caller.check(node, KeySnapshot.TYPE, key);
        caller.check(node, KeySnapshot.PTTL, key);
        return current().keys().read(key, db).thenApply(snapshot -> {
            if (snapshot != null) {
                caller.check(node, KeySnapshot.readCommand(snapshot.type()), key);
            }
            return snapshot;
        });
    }

    /**
     * Who runs a command that bypasses the short-lived client (key routes): the ACL user's permissions are checked
     * as the client's would be, with the same -NOPERM reply (as {@link CommandFailed}) and ACL LOG entry.
     */
    record Caller(AclUser user, String address) {
        void check(NodeServices node, byte[]... command) {
            ErrorReply denied = user == null ? null
                    : node.access().permits(user, command, () -> RouteSupport.clientDescription(address));
            if (denied != null) {
                throw new CommandFailed(denied);
            }
        }
    }

    static int database(String parameter) {
        if (parameter == null) {
            return 0;
        }
        try {
            int db = Integer.parseInt(parameter);
            if (db >= 0 && db < Keyspace.DATABASES) {
                return db;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new BadRequest("db must be a database index from 0 to " + (Keyspace.DATABASES - 1) + ", got '"
                + parameter + "'");
    }

    private Ready current() {
        Ready current = ready;
        if (stopping) {
            throw new CommandFailed(STOPPING);
        }
        if (current == null) {
            throw new CommandFailed(STARTING);
        }
        return current;
    }
}
