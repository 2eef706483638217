package io.redactor.actors.partition;

import akka.actor.typed.ActorRef;
import akka.actor.typed.RecipientRef;

import java.util.function.IntFunction;

/**
 * Delivers messages to partitions: straight to the actor when the partition is hosted here, otherwise through
 * {@code remote} (Cluster Sharding's entity reference, which also starts partitions that are not running).
 */
public final class PartitionGateway {
    private final PartitionDirectory directory;
    private final IntFunction<RecipientRef<Partition.Message>> remote;
    private final RecipientRef<Partition.Message>[] remoteRefs;

    @SuppressWarnings("unchecked")
    public PartitionGateway(PartitionDirectory directory, int partitions, IntFunction<RecipientRef<Partition.Message>> remote) {
        this.directory = directory;
        this.remote = remote;
        this.remoteRefs = new RecipientRef[partitions];
    }

    public void tell(int partition, Partition.Message message) {
        ActorRef<Partition.Message> local = directory.get(partition);
        if (local != null) {
            local.tell(message);
        } else {
            viaSharding(partition).tell(message);
        }
    }

    /** Where to send a message that must reach the partition even if it is not running yet (start-up). */
    public RecipientRef<Partition.Message> viaSharding(int partition) {
        RecipientRef<Partition.Message> ref = remoteRefs[partition];
        if (ref == null) {
            // A benign race: two threads may both create the (equivalent) reference.
            ref = remote.apply(partition);
            remoteRefs[partition] = ref;
        }
        return ref;
    }

    /** The local actor if there is one, else the sharding reference. */
    public RecipientRef<Partition.Message> recipient(int partition) {
        ActorRef<Partition.Message> local = directory.get(partition);
        return local != null ? local : viaSharding(partition);
    }

    public int partitionCount() {
        return remoteRefs.length;
    }
}
