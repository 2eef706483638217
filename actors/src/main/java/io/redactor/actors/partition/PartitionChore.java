package io.redactor.actors.partition;

import io.redactor.actors.data.PartitionData;

/**
 * Background work a partition does in short steps between commands (saving its part of a snapshot): each step runs
 * on the partition's thread as one message, and the chore sends itself another {@link Partition.Step} when it
 * wants to go on.
 */
@FunctionalInterface
public interface PartitionChore {
    void step(PartitionData data);
}
