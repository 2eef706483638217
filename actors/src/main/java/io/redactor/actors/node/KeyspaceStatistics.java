package io.redactor.actors.node;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import io.redactor.actors.data.KeyCounts;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.partition.PartitionGateway;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Key counts per database summed over every partition, for INFO keyspace. Each partition answers for itself;
 * the sum is not a single point in time across partitions, which INFO does not promise.
 */
public final class KeyspaceStatistics {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final ActorSystem<?> system;
    private final PartitionGateway gateway;

    KeyspaceStatistics(ActorSystem<?> system, PartitionGateway gateway) {
        this.system = system;
        this.gateway = gateway;
    }

    public CompletionStage<KeyCounts> collect() {
        int count = gateway.partitionCount();
        @SuppressWarnings("unchecked")
        CompletableFuture<KeyCounts>[] answers = new CompletableFuture[count];
        for (int p = 0; p < count; p++) {
            answers[p] = AskPattern.<Partition.Message, KeyCounts>ask(gateway.recipient(p),
                    Partition.CountKeys::new, TIMEOUT, system.scheduler()).toCompletableFuture();
        }
        return CompletableFuture.allOf(answers).thenApply(done -> {
            KeyCounts total = KeyCounts.empty();
            for (CompletableFuture<KeyCounts> answer : answers) {
                total = total.plus(answer.join());
            }
            return total;
        });
    }
}
