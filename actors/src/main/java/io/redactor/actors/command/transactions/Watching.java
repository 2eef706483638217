package io.redactor.actors.command.transactions;

import io.redactor.actors.client.Transaction;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.partition.PartitionGateway;
import io.redactor.actors.watch.WatchToken;
import io.redactor.actors.watch.WatchedKey;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Forgetting a client's watched keys in the partitions that hold them. */
public final class Watching {
    private Watching() {
    }

    public static void unwatch(Transaction transaction, PartitionGateway partitions) {
        List<WatchedKey> keys = transaction.watchedKeys();
        if (keys.isEmpty()) {
            return;
        }
        WatchToken old = transaction.unwatchAll();
        Map<Integer, List<WatchedKey>> byPartition = keys.stream().collect(Collectors.groupingBy(WatchedKey::partition));
        byPartition.forEach((partition, held) -> partitions.tell(partition, new Partition.Unwatch(old, held)));
    }
}
