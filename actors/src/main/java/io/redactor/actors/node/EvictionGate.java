package io.redactor.actors.node;

import java.util.concurrent.CompletionStage;

/**
 * What a client's next command waits for while the node is over maxmemory and keys are being evicted: the eviction
 * round under way, as Redis evicts before it runs a command. Each command waits for one round at most.
 */
@FunctionalInterface
public interface EvictionGate {
    EvictionGate NONE = () -> null;

    /** The round under way while over maxmemory, or null when a command need not wait. */
    CompletionStage<Void> roundUnderWay();
}
