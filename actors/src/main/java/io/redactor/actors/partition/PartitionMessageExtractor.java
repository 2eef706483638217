package io.redactor.actors.partition;

import akka.cluster.sharding.typed.ShardingEnvelope;
import akka.cluster.sharding.typed.ShardingMessageExtractor;

/** One partition per shard: a shard is the unit Cluster Sharding moves, and a partition is ours. */
final class PartitionMessageExtractor extends ShardingMessageExtractor<ShardingEnvelope<Partition.Message>, Partition.Message> {
    @Override
    public String entityId(ShardingEnvelope<Partition.Message> envelope) {
        return envelope.entityId();
    }

    @Override
    public String shardId(String entityId) {
        return entityId;
    }

    @Override
    public Partition.Message unwrapMessage(ShardingEnvelope<Partition.Message> envelope) {
        return envelope.message();
    }
}
