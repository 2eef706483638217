package io.redactor.actors.command;

import java.util.function.Predicate;
import java.util.function.ToIntBiFunction;

/** Where a command runs. The client pipeline routes each command by its placement. */
public sealed interface Placement {

    /** In the partition owning the command's keys; across reserved partitions when they are several. */
    record AtKeys(KeyCommand handler) implements Placement {
    }

    /**
     * Like {@link AtKeys}, but across all partitions when {@code readsAnyKey} says that these arguments make the
     * command read keys it cannot name before it runs (SORT's BY and GET patterns).
     */
    record AtKeysOrAllPartitions(KeyCommand handler, Predicate<byte[][]> readsAnyKey) implements Placement {
    }

    /** Across all partitions, reserved together (atomic over the whole keyspace: FLUSHDB, KEYS, ...). */
    record AtAllPartitions(KeyCommand handler) implements Placement {
    }

    /** In one partition chosen from the arguments (SCAN picks the partition its cursor points into). */
    record AtChosenPartition(ToIntBiFunction<byte[][], Integer> partitionOf, KeyCommand handler)
            implements Placement {
    }

    /** In the client's context, synchronously. */
    record AtClient(ClientCommand handler) implements Placement {
    }

    /** In the client's context, completing later. */
    record AtClientAsync(AsyncClientCommand handler) implements Placement {
    }

    /**
     * A container command (CONFIG, CLIENT, ...): the second argument names the subcommand. {@code bare} runs
     * when there is no second argument (COMMAND alone); null when the arity forbids it.
     */
    record Container(ClientCommand bare) implements Placement {
    }
}
