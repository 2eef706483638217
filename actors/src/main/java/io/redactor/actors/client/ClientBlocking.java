package io.redactor.actors.client;

import akka.actor.Cancellable;
import io.redactor.actors.blocking.BlockedClient;
import io.redactor.actors.command.CommandRunner;
import io.redactor.actors.command.Invocation;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.CommandStatistics;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.partition.PartitionGateway;
import io.redactor.actors.reservation.Reservation;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * A client's blocking command (BLPOP, BZPOPMIN, ...) from dispatch to reply: runs it at its partition (or with
 * its partitions reserved), and if it blocks, keeps its time limit and the blocked_clients count, and takes
 * it back from the partitions when it times out or the client goes. Confined to the client's thread.
 */
public final class ClientBlocking implements BlockedClient.Listener {
    /** How soon to look again when the time limit passes while a partition is serving the client. */
    private static final long SERVING_RETRY_MILLIS = 1;

    private final ClientSession session;
    private final NodeServices node;
    private final Executor executor;
    private final Consumer<Reply> answered;
    private BlockedClient current;
    private Cancellable timer;
    private boolean counted;

    ClientBlocking(ClientSession session, NodeServices node, Executor executor, Consumer<Reply> answered) {
        this.session = session;
        this.node = node;
        this.executor = executor;
        this.answered = answered;
    }

    void runAt(int partition, Invocation invocation) {
        current = new BlockedClient(invocation, this);
        node.partitions().tell(partition, new Partition.RunBlocking(current));
    }

    void runAcross(int[] partitions, Invocation invocation) {
        BlockedClient client = current = new BlockedClient(invocation, this);
        node.server().stats().reservations.increment();
        Reservation reservation = new Reservation(partitions, node.server().partitions(), new Reservation.Work() {
            @Override
            public void run(Keyspace keyspace, long now) {
                client.runWith(new CommandRunner(node.server()), keyspace, now);
            }

            @Override
            public void refused(ErrorReply reason) {
                if (client.tryClaim()) {
                    node.server().commandStats().rejected(invocation.spec());
                    client.answer(reason);
                }
            }
        });
        node.partitions().tell(reservation.firstPartition(), new Partition.Reserve(reservation));
    }

    @Override
    public void blocked(BlockedClient client, long deadline) {
        executor.execute(() -> {
            if (client == current) {
                counted = true;
                node.server().stats().blockedClients.increment();
                session.blocked(client);
                if (deadline > 0) {
                    scheduleTimeout(client, deadline - System.currentTimeMillis());
                }
            }
        });
    }

    @Override
    public void answered(BlockedClient client, Reply reply) {
        executor.execute(() -> {
            if (client == current) {
                release();
                answered.accept(reply);
            }
        });
    }

    /**
     * The client is gone: a waiting command is taken back from its partitions, and counted as a call (Redis counts
     * a blocked command whose client disconnects).
     */
    void close() {
        BlockedClient client = current;
        if (client != null) {
            if (cancel(client, node.partitions())) {
                countUnserved(node.server().commandStats(), client, false);
            }
            release();
        }
    }

    /**
     * Ends a waiting command without serving it (time limit, disconnect, CLIENT UNBLOCK) and has its
     * partitions forget it; false if it is not waiting (being served, or answered).
     */
    static boolean cancel(BlockedClient client, PartitionGateway partitions) {
        if (!client.tryCancel()) {
            return false;
        }
        for (int partition : client.partitions()) {
            partitions.tell(partition, new Partition.Unblock(client));
        }
        return true;
    }

    /**
     * Answers another client's waiting command with {@code reply} (CLIENT UNBLOCK); false if it was not waiting.
     * The command counts as a failed call either way, timeout or error, as Redis 7.0 counts it.
     */
    public static boolean unblock(BlockedClient client, PartitionGateway partitions, CommandStatistics stats,
                                  Reply reply) {
        if (!cancel(client, partitions)) {
            return false;
        }
        countUnserved(stats, client, true);
        client.answer(reply);
        return true;
    }

    /** A command that blocked is answered without being served: one call, with the time of its runs. */
    private static void countUnserved(CommandStatistics stats, BlockedClient client, boolean failed) {
        if (client.request() != null) {
            stats.record(client.invocation().spec(), client.ranNanos(), failed);
        }
    }

    private void scheduleTimeout(BlockedClient client, long delayMillis) {
        timer = node.timeouts().after(Math.max(0, delayMillis), () -> executor.execute(() -> timedOut(client)));
    }

    private void timedOut(BlockedClient client) {
        if (client != current) {
            return;
        }
        if (cancel(client, node.partitions())) {
            countUnserved(node.server().commandStats(), client, false);
            release();
            answered.accept(client.request().timeoutReply());
        } else if (client.isClaimed()) {
            scheduleTimeout(client, SERVING_RETRY_MILLIS);
        }
    }

    private void release() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        if (counted) {
            counted = false;
            node.server().stats().blockedClients.decrement();
        }
        session.blocked(null);
        current = null;
    }
}
