package io.redactor.actors.eviction;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.data.Database;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.node.EvictionGate;
import io.redactor.actors.node.HeapGuard;
import io.redactor.actors.node.ServerContext;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.partition.PartitionGateway;
import io.redactor.actors.routing.Admission;
import io.redactor.actors.tracking.TrackingScope;
import io.redactor.core.reply.ErrorReply;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * maxmemory for the whole node. Over it, a command from a client starts an eviction run (unless one is under way):
 * rounds that each send one step to a few partitions, which evicts the keys the round before chose there and samples
 * maxmemory-samples keys per database; the best candidates are kept in one {@link EvictionPool} across partitions and
 * rounds, and the best of the pool are chosen for the next round, until the data set is under maxmemory again. A
 * command that may grow memory (denyoom) gets Redis's OOM error when the policy is noeviction or the last sweep of every
 * partition found nothing to evict; otherwise it runs while the eviction catches up, which it does round by round
 * beside the partitions' other work (Redis evicts before the command, on its one thread). A round evicts at least 1 +
 * maxmemory-eviction-tenacity / 5 keys, and as many as the excess takes (by what evicted keys freed lately) up to a
 * pool's worth, sampling as many partitions as it evicts keys (at least 8).
 */
public final class Evictor implements Admission, EvictionGate, AutoCloseable {
    private static final ErrorReply OOM = new ErrorReply(HeapGuard.OOM_ERROR);
    private static final int PARTITIONS_PER_ROUND = 8;
    /** A sweep of every partition that found nothing is not repeated sooner than this. */
    private static final long SWEEP_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final ServerContext server;
    private final PartitionGateway gateway;
    private final LongSupplier otherMemory;
    private final Admission next;
    /** One thread that ends when idle: rounds run one after the other, none while memory is under the limit. */
    private final ThreadPoolExecutor loop = new ThreadPoolExecutor(1, 1, 5, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), Thread.ofPlatform().daemon().name("redactor-evictor").factory());
    private final AtomicBoolean running = new AtomicBoolean();
    /** The policy under which the last sweep of every partition found nothing to evict; null when it found some. */
    private volatile EvictionPolicy exhausted;
    private volatile long lastSweepNanos = System.nanoTime() - SWEEP_INTERVAL_NANOS;
    /** Used by the loop thread only. */
    private final EvictionPool pool = new EvictionPool();
    private final SplittableRandom random = new SplittableRandom();
    /** Completes when the round under way ends. */
    private volatile CompletableFuture<Void> current = CompletableFuture.completedFuture(null);

    /** What an evicted key freed lately, on average (loop thread only). */
    private long freedPerKey = 128;
    /** The keys the last round took out of the pool, by partition, for the next round to evict (loop thread only). */
    private Map<Integer, List<EvictionPool.Candidate>> chosen = new HashMap<>();
    private int chosenKeys;

    /**
     * @param otherMemory what counts besides the data set (the script cache)
     * @param next        the admission asked when this one lets the command through
     */
    public Evictor(ServerContext server, PartitionGateway gateway, LongSupplier otherMemory, Admission next) {
        this.server = server;
        this.gateway = gateway;
        this.otherMemory = otherMemory;
        this.next = next;
        loop.allowCoreThreadTimeOut(true);
    }

    /** What eviction compares with maxmemory: the data set and the script cache. */
    public long used() {
        return server.memory().total() + otherMemory.getAsLong();
    }

    @Override
    public ErrorReply refusal(CommandSpec spec, ClientSession client) {
        if (client != null && overLimit() && Admission.mayTakeMemory(spec, client)) {
            return OOM;
        }
        return next.refusal(spec, client);
    }

    /** Over maxmemory: starts evicting if it may; true when nothing can be evicted (writes must be refused). */
    private boolean overLimit() {
        long max = server.config().maxmemory();
        if (max == 0 || used() <= max) {
            if (exhausted != null) {
                exhausted = null;
            }
            return false;
        }
        EvictionPolicy policy = EvictionPolicy.of(server.config().maxmemoryPolicy());
        if (!policy.evicts()) {
            return true;
        }
        // what the last sweep found holds for its policy only, and for a while
        boolean nothingLeft = exhausted == policy;
        if (nothingLeft && System.nanoTime() - lastSweepNanos < SWEEP_INTERVAL_NANOS) {
            return true;
        }
        if (running.compareAndSet(false, true)) {
            loop.execute(() -> round(nothingLeft));
        }
        return nothingLeft;
    }

    @Override
    public CompletionStage<Void> roundUnderWay() {
        if (!running.get()) {
            return null;
        }
        long max = server.config().maxmemory();
        return max > 0 && used() > max + writersMargin(max) ? current : null;
    }

    /**
     * How far over maxmemory clients go on writing while eviction catches up: 1% of it, at least 64 KB. Within it,
     * rounds find enough excess to evict many keys each instead of a few per write; past it, clients wait for them.
     */
    private static long writersMargin(long max) {
        return Math.max(max / 100, 64 * 1024);
    }

    private void round(boolean sweep) {
        CompletableFuture<Void> previous = current;
        current = new CompletableFuture<>();
        previous.complete(null);
        long max = server.config().maxmemory();
        EvictionPolicy policy = EvictionPolicy.of(server.config().maxmemoryPolicy());
        if (max == 0 || !policy.evicts() || used() <= max) {
            finish();
            return;
        }
        int partitions = gateway.partitionCount();
        // the partitions holding the keys chosen last round evict them, and sample again with as many others as
        // make the round as wide as the keys it is to evict (at least 8)
        int asked = sweep ? partitions : Math.min(partitions, Math.max(PARTITIONS_PER_ROUND,
                Math.max(chosenKeys, keysToEvict(max))));
        Set<Integer> targets = new LinkedHashSet<>(chosen.keySet());
        int first = sweep ? 0 : random.nextInt(partitions);
        for (int i = 0; targets.size() < asked; i++) {
            targets.add((first + i) % partitions);
        }
        int samples = Math.max(1, server.config().maxmemorySamples());
        Database.EvictionScore scoring = policy.scoring(server.config().lfuDecayTime());
        List<CompletableFuture<StepResult>> answers = new ArrayList<>(targets.size());
        for (int partition : targets) {
            answers.add(evictAndSample(partition, chosen.getOrDefault(partition, List.of()), policy, scoring,
                    samples));
        }
        chosen = new HashMap<>();
        chosenKeys = 0;
        if (sweep) {
            lastSweepNanos = System.nanoTime();
        }
        CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).whenCompleteAsync((done, failure) -> {
            for (CompletableFuture<StepResult> answer : answers) {
                if (!answer.isCompletedExceptionally()) {
                    StepResult result = answer.join();
                    if (result.evicted() > 0) {
                        freedPerKey = Math.max(1, (freedPerKey * 3 + result.freed() / result.evicted()) / 4);
                    }
                    result.found().forEach(pool::offer);
                }
            }
            if (pool.size() == 0) {
                if (sweep) {
                    exhausted = policy;
                    finish();
                } else {
                    round(true);
                }
                return;
            }
            exhausted = null;
            choose(keysToEvict(max));
            round(false);
        }, loop);
    }

    /**
     * How many keys the next round evicts: as many as the excess takes (by what evicted keys freed lately), at least
     * 1 + maxmemory-eviction-tenacity / 5, at most a pool's worth.
     */
    private int keysToEvict(long max) {
        int least = 1 + server.config().maxmemoryEvictionTenacity() / 5;
        return (int) Math.clamp((used() - max) / freedPerKey + 1, least, Math.max(least, EvictionPool.SIZE));
    }

    /** Takes the best {@code keys} candidates out of the pool for the next round's partitions to evict. */
    private void choose(int keys) {
        EvictionPool.Candidate best;
        while (chosenKeys < keys && (best = pool.takeBest()) != null) {
            chosen.computeIfAbsent(best.partition(), p -> new ArrayList<>()).add(best);
            chosenKeys++;
        }
    }

    private void finish() {
        running.set(false);
        pool.clear();
        chosen = new HashMap<>();
        chosenKeys = 0;
        current.complete(null);
    }

    /** What one partition's step did: the keys it evicted, the bytes they held, and the candidates it sampled. */
    private record StepResult(int evicted, long freed, List<EvictionPool.Candidate> found) {
    }

    /** One step on {@code partition}: evicts the keys chosen there, then samples candidates for the pool. */
    private CompletableFuture<StepResult> evictAndSample(int partition, List<EvictionPool.Candidate> evict,
                                                         EvictionPolicy policy, Database.EvictionScore scoring,
                                                         int samples) {
        CompletableFuture<StepResult> answer = new CompletableFuture<>();
        gateway.tell(partition, new Partition.Step(data -> {
            data.clock().set(System.currentTimeMillis());
            int evicted = 0;
            long freed = 0;
            for (EvictionPool.Candidate candidate : evict) {
                long bytes = evictOn(data, candidate);
                if (bytes > 0) {
                    evicted++;
                    freed += bytes;
                }
            }
            List<EvictionPool.Candidate> found = new ArrayList<>();
            for (int db = 0; db < Keyspace.DATABASES; db++) {
                Database database = data.db(db);
                if (policy.volatileOnly() ? database.volatileSize() == 0 : database.size() == 0) {
                    continue;
                }
                database.sampleForEviction(samples, policy.volatileOnly(), scoring, ThreadLocalRandom.current(),
                        (index, entry, key, score) ->
                                found.add(new EvictionPool.Candidate(partition, index, entry, key, score)));
            }
            answer.complete(new StepResult(evicted, freed, found));
        }));
        return answer;
    }

    private long evictOn(PartitionData data, EvictionPool.Candidate candidate) {
        TrackingScope scope = TrackingScope.open(server.tracking(), null, TrackingScope.Kind.BACKGROUND, false);
        try {
            return data.db(candidate.db()).evict(candidate.entry(), candidate.key());
        } finally {
            TrackingScope.close(scope, null);
        }
    }

    @Override
    public void close() {
        loop.shutdownNow();
    }
}
