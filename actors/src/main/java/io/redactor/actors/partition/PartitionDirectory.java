package io.redactor.actors.partition;

import akka.actor.typed.ActorRef;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The live partition actors hosted by this node, by partition number. Sending to a partition through Cluster
 * Sharding costs two extra hops (shard region, shard); the hot path sends straight to the actor found here
 * and falls back to sharding when a partition is not (or no longer) local.
 */
public final class PartitionDirectory {
    private final AtomicReferenceArray<ActorRef<Partition.Message>> refs;

    public PartitionDirectory(int partitions) {
        this.refs = new AtomicReferenceArray<>(partitions);
    }

    public ActorRef<Partition.Message> get(int partition) {
        return refs.get(partition);
    }

    void register(int partition, ActorRef<Partition.Message> ref) {
        refs.set(partition, ref);
    }

    void unregister(int partition, ActorRef<Partition.Message> ref) {
        refs.compareAndSet(partition, ref, null);
    }

    public int localCount() {
        int count = 0;
        for (int i = 0; i < refs.length(); i++) {
            if (refs.get(i) != null) {
                count++;
            }
        }
        return count;
    }
}
