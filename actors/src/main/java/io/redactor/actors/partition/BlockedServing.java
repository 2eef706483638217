package io.redactor.actors.partition;

import io.redactor.actors.blocking.BlockRequest;
import io.redactor.actors.blocking.BlockedClient;
import io.redactor.actors.blocking.BlockedKeys;
import io.redactor.actors.command.CommandRunner;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.Lookup;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.node.ServerContext;
import io.redactor.actors.reservation.Reservation;
import io.redactor.core.reply.ErrorReply;

/**
 * Redis's handleClientsBlockedOnKeys for one partition: after a command made awaited keys ready, serves the
 * clients blocked on them, longest-waiting first, as long as the key still holds what they wait for. A client
 * whose command also writes a key of another partition (BLMOVE) is served with both partitions reserved.
 */
final class BlockedServing {
    private static final int PEEK = Lookup.NOSTATS | Lookup.NOTOUCH | Lookup.NONOTIFY;

    private final int partition;
    private final PartitionData data;
    private final CommandRunner runner;
    private final Partition.Environment env;

    BlockedServing(int partition, PartitionData data, CommandRunner runner, Partition.Environment env) {
        this.partition = partition;
        this.data = data;
        this.runner = runner;
        this.env = env;
    }

    /** Serves every key that became ready, including keys that serving itself makes ready. */
    void serveReady(long now) {
        BlockedKeys blocked = data.blocked();
        BlockedKeys.DbKey key;
        while ((key = blocked.nextReady()) != null) {
            serve(key, now);
        }
    }

    private void serve(BlockedKeys.DbKey key, long now) {
        while (true) {
            Object value = data.db(key.db()).lookup(key.bytes(), PEEK);
            BlockedClient client = data.blocked().claimNext(key,
                    waiting -> waiting.request().readyFor(key.bytes(), value));
            if (client == null) {
                return;
            }
            int writes = writesTo(client.request());
            if (writes == partition) {
                client.answer(runner.serve(client, key.bytes(), data, now));
                forgetElsewhere(client);
            } else {
                serveAcross(client, key, writes);
            }
        }
    }

    /** The partition of the other key the client's command writes, or this one. */
    private int writesTo(BlockRequest request) {
        return request.destination() == null ? partition : env.server().partitions().partitionOf(request.destination());
    }

    private void forgetElsewhere(BlockedClient client) {
        for (int other : client.partitions()) {
            if (other != partition) {
                env.gateway().tell(other, new Partition.Unblock(client));
            }
        }
    }

    /**
     * Serves with both partitions held. Other commands may run before the reservation completes; if the key
     * is empty by then, the client waits again (at the back of the queue).
     */
    private void serveAcross(BlockedClient client, BlockedKeys.DbKey key, int writes) {
        int[] partitions = writes < partition ? new int[] {writes, partition} : new int[] {partition, writes};
        Reservation reservation = new Reservation(partitions, env.server().partitions(), new Reservation.Work() {
            @Override
            public void run(Keyspace keyspace, long at) {
                Object value = keyspace.db(key.db()).lookup(key.bytes(), PEEK);
                if (client.request().readyFor(key.bytes(), value)) {
                    client.answer(new CommandRunner(env.server()).serve(client, key.bytes(), keyspace, at));
                    forgetElsewhere(client);
                } else {
                    keyspace.blockedOf(key.bytes()).register(key.db(), key.bytes(), client);
                    client.block(client.request(), client.partitions(), 0);
                }
            }

            @Override
            public void refused(ErrorReply reason) {
                // It blocked, and now gets an error instead of what it waited for: a failed call.
                env.server().commandStats().record(client.invocation().spec(), client.ranNanos(), true);
                client.answer(reason);
                forgetElsewhere(client);
            }
        });
        env.server().stats().reservations.increment();
        env.gateway().tell(reservation.firstPartition(), new Partition.Reserve(reservation));
    }
}
