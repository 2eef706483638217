package io.redactor.actors.command.transactions;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.reservation.Reservation;
import io.redactor.core.reply.ErrorReply;

/**
 * A transaction with a script in it (EVAL, EVALSHA, FCALL and their read-only forms), run on one of the atomic
 * scripts' threads with its partitions handed over, instead of on the event loop of its last partition: a script
 * may run until SCRIPT KILL, and the loop it would hold serves every other client. While the script inside is busy,
 * commands that reach the transaction's partitions get its BUSY reply, as they would from the script run alone.
 */
final class ScriptedTransaction implements Reservation.Handover {
    private final Reservation.Work plan;
    private final ClientSession client;
    private final NodeServices node;

    ScriptedTransaction(Reservation.Work plan, ClientSession client, NodeServices node) {
        this.plan = plan;
        this.client = client;
        this.node = node;
    }

    @Override
    public void granted(Reservation.Grant grant) {
        node.scripts().runAtomic(() -> {
            try {
                Reservation.runHeld(grant, node.server().partitions(), plan, System.currentTimeMillis());
            } finally {
                for (int partition : grant.partitions()) {
                    node.partitions().tell(partition, new Partition.Release(grant.reservationId()));
                }
            }
        });
    }

    @Override
    public void refused(ErrorReply reason) {
        plan.refused(reason);
    }

    @Override
    public ErrorReply busyReply() {
        return node.scripts().busyReplyOf(client);
    }
}
