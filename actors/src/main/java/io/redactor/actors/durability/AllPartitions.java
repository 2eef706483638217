package io.redactor.actors.durability;

import io.redactor.actors.node.NodeServices;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.reservation.Reservation;
import io.redactor.actors.data.PartitionData;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Every partition held at once, as an atomic command over the whole keyspace holds them (reserved in ascending
 * order, so without deadlock), handed to a holder that works with their data directly and then releases them.
 */
public final class AllPartitions {
    private AllPartitions() {
    }

    /** Reserves every partition; {@code holder} gets them on the last partition's thread and must release them. */
    static void hold(NodeServices node, Reservation.Handover holder) {
        Reservation all = new Reservation(node.router().allPartitions(), node.server().partitions(), holder, false);
        node.server().stats().reservations.increment();
        node.partitions().tell(all.firstPartition(), new Partition.Reserve(all));
    }

    /**
     * Holds every partition while {@code reader} looks at their data (on the last partition's thread; nothing else
     * runs meanwhile), then releases them; completes with what it answered.
     */
    public static CompletionStage<Reply> read(NodeServices node, Function<PartitionData[], Reply> reader) {
        CompletableFuture<Reply> result = new CompletableFuture<>();
        hold(node, new Holder() {
            @Override
            public void granted(Reservation.Grant grant) {
                try {
                    result.complete(reader.apply(grant.data()));
                } catch (RuntimeException e) {
                    result.completeExceptionally(e);
                } finally {
                    release(node, grant);
                }
            }

            @Override
            public void refused(ErrorReply reason) {
                result.complete(reason);
            }
        });
        return result;
    }

    /** Gives the partitions of a grant back. */
    static void release(NodeServices node, Reservation.Grant grant) {
        Partition.Release release = new Partition.Release(grant.reservationId());
        for (int partition : grant.partitions()) {
            node.partitions().tell(partition, release);
        }
    }

    /** A holder that is never busy (its partitions hold commands back rather than answer BUSY). */
    abstract static class Holder implements Reservation.Handover {
        @Override
        public ErrorReply busyReply() {
            return null;
        }
    }
}
