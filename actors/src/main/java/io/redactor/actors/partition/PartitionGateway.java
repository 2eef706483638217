package io.redactor.actors.partition;

import akka.actor.typed.ActorRef;
import akka.cluster.sharding.typed.javadsl.ClusterSharding;
import akka.cluster.sharding.typed.javadsl.EntityRef;

/** Delivers messages to partitions: directly to local ones, through Cluster Sharding otherwise. */
public final class PartitionGateway {
    private final PartitionDirectory directory;
    private final ClusterSharding sharding;
    private final EntityRef<Partition.Message>[] entityRefs;

    /** Entity references are made on first use: sharding must be initialised by then. */
    @SuppressWarnings("unchecked")
    public PartitionGateway(PartitionDirectory directory, ClusterSharding sharding, int partitions) {
        this.directory = directory;
        this.sharding = sharding;
        this.entityRefs = new EntityRef[partitions];
    }

    public void tell(int partition, Partition.Message message) {
        ActorRef<Partition.Message> local = directory.get(partition);
        if (local != null) {
            local.tell(message);
        } else {
            entityRef(partition).tell(message);
        }
    }

    /** Through sharding, which starts the partition if needed: used at start-up. */
    public EntityRef<Partition.Message> entityRef(int partition) {
        EntityRef<Partition.Message> ref = entityRefs[partition];
        if (ref == null) {
            // A benign race: two threads may both create the (equivalent) reference.
            ref = sharding.entityRefFor(Partition.TYPE_KEY, Partition.entityId(partition));
            entityRefs[partition] = ref;
        }
        return ref;
    }

    public int partitionCount() {
        return entityRefs.length;
    }
}
