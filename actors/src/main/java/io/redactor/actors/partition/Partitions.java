package io.redactor.actors.partition;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.javadsl.AskPattern;
import akka.cluster.sharding.typed.javadsl.ClusterSharding;
import akka.cluster.sharding.typed.javadsl.Entity;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Registers the partition entity type with Cluster Sharding and brings every partition up. */
public final class Partitions {
    private Partitions() {
    }

    /** Initialises sharding for partitions and returns a gateway once every partition has answered. */
    public static CompletionStage<PartitionGateway> start(ActorSystem<?> system, int count,
                                                          PartitionDirectory directory,
                                                          java.util.function.Function<PartitionGateway, Partition.Environment> environment,
                                                          String dispatcher, Duration timeout) {
        ClusterSharding sharding = ClusterSharding.get(system);
        PartitionGateway gateway = new PartitionGateway(directory, count,
                partition -> sharding.entityRefFor(Partition.TYPE_KEY, Partition.entityId(partition)));
        Partition.Environment env = environment.apply(gateway);
        sharding.init(Entity.of(Partition.TYPE_KEY,
                        context -> Partition.create(Integer.parseInt(context.getEntityId()), env))
                .withMessageExtractor(new PartitionMessageExtractor())
                .withStopMessage(Partition.Stop.INSTANCE)
                .withEntityProps(DispatcherSelector.fromConfig(dispatcher)));
        CompletableFuture<?>[] ready = new CompletableFuture<?>[count];
        for (int i = 0; i < count; i++) {
            ready[i] = AskPattern.<Partition.Message, Partition.Ready>ask(gateway.viaSharding(i),
                    Partition.AwaitReady::new, timeout, system.scheduler()).toCompletableFuture();
        }
        return CompletableFuture.allOf(ready).thenApply(done -> gateway);
    }
}
