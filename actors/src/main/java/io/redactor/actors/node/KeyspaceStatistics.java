package io.redactor.actors.node;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import io.redactor.actors.data.Keyspace;
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

    /** Keys, keys with a TTL, and the estimated average TTL, per database. */
    public record Counts(long[] keys, long[] volatileKeys, long[] averageTtlMillis) {
    }

    public CompletionStage<Counts> collect() {
        int count = gateway.partitionCount();
        @SuppressWarnings("unchecked")
        CompletableFuture<Partition.KeyCounts>[] answers = new CompletableFuture[count];
        for (int p = 0; p < count; p++) {
            answers[p] = AskPattern.<Partition.Message, Partition.KeyCounts>ask(gateway.recipient(p),
                    Partition.CountKeys::new, TIMEOUT, system.scheduler()).toCompletableFuture();
        }
        return CompletableFuture.allOf(answers).thenApply(done -> {
            long[] keys = new long[Keyspace.DATABASES];
            long[] volatileKeys = new long[Keyspace.DATABASES];
            double[] weightedTtl = new double[Keyspace.DATABASES];
            for (CompletableFuture<Partition.KeyCounts> answer : answers) {
                Partition.KeyCounts counts = answer.join();
                for (int db = 0; db < Keyspace.DATABASES; db++) {
                    keys[db] += counts.keys()[db];
                    volatileKeys[db] += counts.volatileKeys()[db];
                    weightedTtl[db] += (double) counts.averageTtlMillis()[db] * counts.volatileKeys()[db];
                }
            }
            long[] averageTtl = new long[Keyspace.DATABASES];
            for (int db = 0; db < Keyspace.DATABASES; db++) {
                averageTtl[db] = volatileKeys[db] == 0 ? 0 : Math.round(weightedTtl[db] / volatileKeys[db]);
            }
            return new Counts(keys, volatileKeys, averageTtl);
        });
    }
}
