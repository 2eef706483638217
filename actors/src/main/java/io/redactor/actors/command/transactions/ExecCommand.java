package io.redactor.actors.command.transactions;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.client.Transaction;
import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.CommandRunner;
import io.redactor.actors.command.ClientCallRunner;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.Placement;
import io.redactor.actors.command.TimedReply;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.reservation.Reservation;
import io.redactor.actors.routing.Route;
import io.redactor.actors.tracking.TrackingScope;
import io.redactor.actors.watch.WatchToken;
import io.redactor.actors.watch.WatchedKey;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * EXEC: runs the queued commands as one atomic step. The partitions of every queued command and of every
 * watched key are reserved together (ascending order, so transactions never deadlock); with them held, a
 * watched key that changed, or whose time came since it was watched, makes EXEC answer nil (expiring nothing, as
 * Redis's check does not), otherwise the commands run in order.
 */
final class ExecCommand {
    private static final ErrorReply EXEC_WITHOUT_MULTI = Errors.err("EXEC without MULTI");
    private static final Set<String> SCRIPT_COMMANDS =
            Set.of("eval", "evalsha", "eval_ro", "evalsha_ro", "fcall", "fcall_ro");
    private static final ErrorReply EXECABORT =
            new ErrorReply("EXECABORT Transaction discarded because of previous errors.");

    private ExecCommand() {
    }

    static CompletionStage<Reply> exec(ClientCall call) {
        Transaction transaction = call.client().transaction();
        if (!transaction.active()) {
            return CompletableFuture.completedFuture(EXEC_WITHOUT_MULTI);
        }
        if (transaction.aborted()) {
            transaction.end();
            Watching.unwatch(transaction, call.node().partitions());
            return CompletableFuture.completedFuture(EXECABORT);
        }
        List<Transaction.Queued> commands = transaction.end();
        List<WatchedKey> watched = transaction.watchedKeys();
        WatchToken token = transaction.token();
        transaction.unwatchAll();
        TreeSet<Integer> partitions = partitionsOf(call.node(), commands, watched);
        TimedReply reply = new TimedReply();
        Plan plan = new Plan(call.client(), call.node(), commands, watched, token, reply, System.nanoTime());
        if (partitions.isEmpty()) {
            reply.complete(plan.tracked(() -> plan.runCommands(null, 0)));
            return reply;
        }
        int[] ordered = partitions.stream().mapToInt(Integer::intValue).toArray();
        Reservation reservation = runsScript(commands)
                ? new Reservation(ordered, call.node().server().partitions(),
                        new ScriptedTransaction(plan, call.client(), call.node()), false)
                : new Reservation(ordered, call.node().server().partitions(), plan);
        call.node().server().stats().reservations.increment();
        call.node().partitions().tell(reservation.firstPartition(), new Partition.Reserve(reservation));
        return reply;
    }

    /** Whether a queued command runs a script or a function (see {@link ScriptedTransaction}). */
    private static boolean runsScript(List<Transaction.Queued> commands) {
        for (Transaction.Queued command : commands) {
            if (SCRIPT_COMMANDS.contains(Arguments.text(command.args()[0]).toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** Every partition a queued command or a watched key lives in; all of them for INFO's key counts. */
    private static TreeSet<Integer> partitionsOf(NodeServices node, List<Transaction.Queued> commands,
                                                 List<WatchedKey> watched) {
        TreeSet<Integer> partitions = new TreeSet<>();
        watched.forEach(key -> partitions.add(key.partition()));
        for (Transaction.Queued command : commands) {
            switch (node.router().route(command.args(), 0, null)) {
                case Route.AtPartition at -> partitions.add(at.partition());
                case Route.AcrossPartitions across -> {
                    for (int p : across.partitions()) {
                        partitions.add(p);
                    }
                }
                case Route.AtClient at -> {
                    if (at.spec().placement() instanceof Placement.AtClientAsync) {
                        for (int p = 0; p < node.server().partitions().count(); p++) {
                            partitions.add(p);
                        }
                    }
                }
                case Route.Rejected rejected -> {
                }
            }
        }
        return partitions;
    }

    /**
     * The transaction, run with its partitions held; {@code reservedAt}: when they were asked for (the wait until
     * then is not part of EXEC's time in the command statistics).
     */
    private record Plan(ClientSession client, NodeServices node, List<Transaction.Queued> commands,
                        List<WatchedKey> watched, WatchToken token, TimedReply reply, long reservedAt)
            implements Reservation.Work {

        @Override
        public void run(Keyspace keyspace, long now) {
            reply.waited(System.nanoTime() - reservedAt);
            try {
                boolean expired = false;
                for (WatchedKey key : watched) {
                    expired |= keyspace.watchesOf(key.key())
                            .expiredSinceWatched(keyspace.db(key.db()), key.key(), token);
                }
                boolean abort = expired || token.isDirty();
                Reply result = tracked(() -> abort ? NullReply.NULL_ARRAY : runCommands(keyspace, now));
                for (WatchedKey key : watched) {
                    keyspace.watchesOf(key.key()).unwatch(key.db(), key.key(), token);
                }
                reply.complete(result);
            } catch (RuntimeException e) {
                reply.completeExceptionally(e);
            }
        }

        @Override
        public void refused(ErrorReply reason) {
            reply.waited(System.nanoTime() - reservedAt);
            reply.complete(reason);
        }

        /**
         * Runs the transaction as one command for client-side caching: invalidations of the client's own keys follow
         * EXEC's reply, not the reply of the command inside that changed them (Redis's afterCommand).
         */
        Reply tracked(Supplier<Reply> transaction) {
            TrackingScope scope = TrackingScope.open(node.server().tracking(), client, TrackingScope.Kind.COMMAND,
                    false);
            Reply result = null;
            try {
                result = transaction.get();
            } finally {
                result = TrackingScope.close(scope, result);
            }
            return result;
        }

        /** The queued commands in order, each with the database the ones before it left selected. */
        Reply runCommands(Keyspace keyspace, long now) {
            List<Reply> replies = new ArrayList<>(commands.size());
            CommandRunner runner = CommandRunner.nested(node.server());
            for (Transaction.Queued command : commands) {
                replies.add(runOne(command.args(), keyspace, now, runner));
            }
            return new ArrayReply(replies);
        }

        private Reply runOne(byte[][] args, Keyspace keyspace, long now, CommandRunner runner) {
            Route route = node.router().routeInExec(args, client);
            try {
                return switch (route) {
                    case Route.AtPartition at -> runner.run(at.invocation(), keyspace.partition(at.partition()), now);
                    case Route.AcrossPartitions across -> runner.run(across.invocation(), keyspace, now);
                    case Route.AtClient at -> ClientCallRunner.run(at.spec(), args, client, node, keyspace, false);
                    case Route.Rejected rejected -> rejected.reply();
                };
            } catch (CommandError e) {
                return e.reply();
            }
        }
    }
}
