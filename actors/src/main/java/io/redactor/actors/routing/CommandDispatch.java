package io.redactor.actors.routing;

import io.redactor.actors.command.CommandRunner;
import io.redactor.actors.command.Invocation;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.partition.Batch;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.reservation.Reservation;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.util.function.Consumer;

/**
 * Runs one command at its data, as one atomic command: sent to its partition, or with its partitions reserved.
 * {@code done} gets the reply on the partition thread that ran it (or the refusal, when a partition is overloaded).
 */
public final class CommandDispatch {
    private CommandDispatch() {
    }

    public static void atPartition(NodeServices node, int partition, Invocation invocation, Consumer<Reply> done) {
        Batch batch = Batch.inPartition(partition, new Invocation[] {invocation}, ran -> done.accept(ran.reply(0)));
        node.partitions().tell(partition, new Partition.Run(batch));
    }

    /** {@code partitions}: ascending and distinct. */
    public static void acrossPartitions(NodeServices node, int[] partitions, Invocation invocation,
                                        Consumer<Reply> done) {
        node.server().stats().reservations.increment();
        Reservation reservation = new Reservation(partitions, node.server().partitions(), new Reservation.Work() {
            @Override
            public void run(Keyspace keyspace, long now) {
                done.accept(new CommandRunner(node.server()).run(invocation, keyspace, now));
            }

            @Override
            public void refused(ErrorReply reason) {
                node.server().commandStats().rejected(invocation.spec());
                done.accept(reason);
            }
        });
        node.partitions().tell(reservation.firstPartition(), new Partition.Reserve(reservation));
    }
}
