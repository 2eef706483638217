package io.redactor.actors.partition;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import com.typesafe.config.ConfigFactory;
import io.redactor.actors.command.CommandFamilies;
import io.redactor.actors.command.CommandTable;
import io.redactor.actors.command.Invocation;
import io.redactor.actors.node.ServerContext;
import io.redactor.actors.node.ServerStats;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.actors.routing.CommandRouter;
import io.redactor.actors.routing.Route;
import io.redactor.core.keys.PartitionMap;
import io.redactor.core.reply.Reply;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Partitions spawned directly in an {@link ActorTestKit} (no cluster): the directory knows them all, so the
 * gateway never needs sharding.
 */
final class PartitionFixture implements AutoCloseable {
    final ActorTestKit testKit;
    final PartitionMap partitionMap;
    final ServerContext server;
    final PartitionDirectory directory;
    final PartitionGateway gateway;
    final CommandRouter router;

    PartitionFixture(int partitions, int stashCapacity) {
        testKit = ActorTestKit.create("partitions", ConfigFactory.parseString("akka.actor.provider = local")
                .withFallback(ConfigFactory.load()));
        partitionMap = new PartitionMap(partitions);
        server = new ServerContext(new RuntimeConfig(Map.of()), new ServerStats(), partitionMap);
        directory = new PartitionDirectory(partitions);
        gateway = new PartitionGateway(directory, partitions, p -> {
            throw new IllegalStateException("partition " + p + " is not local");
        });
        router = new CommandRouter(new CommandTable(CommandFamilies.all()), partitionMap);
        Partition.Environment env = new Partition.Environment(server, directory, gateway, stashCapacity);
        for (int p = 0; p < partitions; p++) {
            testKit.spawn(Partition.create(p, env), "partition-" + p);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (directory.localCount() < partitions) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("partitions did not start");
            }
            Thread.onSpinWait();
        }
    }

    /** A key owned by {@code partition}. */
    String keyIn(int partition, String prefix) {
        for (int i = 0; ; i++) {
            String key = prefix + i;
            if (partitionMap.partitionOf(bytes(key)) == partition) {
                return key;
            }
        }
    }

    Invocation invocation(String... args) {
        byte[][] argv = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            argv[i] = bytes(args[i]);
        }
        Route route = router.route(argv, 0, null);
        if (route instanceof Route.AtPartition at) {
            return at.invocation();
        }
        if (route instanceof Route.AcrossPartitions across) {
            return across.invocation();
        }
        throw new IllegalArgumentException("not a keyed command: " + route);
    }

    /** Sends commands as one relay batch, in order, and returns their replies. */
    CompletableFuture<List<Reply>> run(List<Invocation> invocations) {
        CompletableFuture<List<Reply>> done = new CompletableFuture<>();
        int[] partitions = new int[invocations.size()];
        for (int i = 0; i < partitions.length; i++) {
            byte[][] args = invocations.get(i).args();
            partitions[i] = partitionMap.partitionOf(args[1]);
        }
        Batch batch = new Batch(invocations.toArray(new Invocation[0]), partitions, b -> {
            List<Reply> replies = new ArrayList<>();
            for (int i = 0; i < b.size(); i++) {
                replies.add(b.reply(i));
            }
            done.complete(replies);
        });
        gateway.tell(batch.nextPartition(), new Partition.Run(batch));
        return done;
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        testKit.shutdownTestKit();
    }
}
