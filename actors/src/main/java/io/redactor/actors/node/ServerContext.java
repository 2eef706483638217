package io.redactor.actors.node;

import io.redactor.actors.data.DataEnvironment;
import io.redactor.actors.data.MemoryLedger;
import io.redactor.actors.effects.EffectLog;
import io.redactor.actors.latency.LatencyMonitor;
import io.redactor.actors.monitor.Monitors;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.actors.pause.ClientPause;
import io.redactor.actors.pubsub.KeyspaceNotifier;
import io.redactor.actors.pubsub.PubSub;
import io.redactor.actors.slowlog.SlowLog;
import io.redactor.actors.tracking.Tracking;
import io.redactor.core.keys.PartitionMap;

/**
 * Node-wide state that commands may use wherever they run: the live configuration, statistics, the partition
 * map, and publish/subscribe. Safe to share between partitions and clients.
 */
public final class ServerContext implements DataEnvironment {
    private final RuntimeConfig config;
    private final ServerStats stats;
    private final CommandStatistics commandStats;
    private final SlowLog slowLog;
    private final LatencyMonitor latencyMonitor;
    private final CallRecorder calls;
    private final PartitionMap partitions;
    private final PubSub pubsub = new PubSub();
    private final KeyspaceNotifier notifier;
    private final Tracking tracking;
    private final Monitors monitors = new Monitors();
    private final ClientPause pause = new ClientPause();
    private final EffectLog effectLog = new EffectLog();
    private final ReplicationIds replicationIds = new ReplicationIds();
    private final ReplicaQuorum replicaQuorum;
    private final HeapGuard heapGuard;
    private final MemoryLedger memory;
    private volatile EvictionGate eviction = EvictionGate.NONE;
    private volatile boolean expiryPaused;
    private volatile boolean activeExpiry = true;
    private volatile boolean scriptsRunNoscript;
    private final long startedAtMs = System.currentTimeMillis();
    private final long startedAtNanos = System.nanoTime();

    /** A context without a heap guard ({@link HeapGuard#OFF}). */
    public ServerContext(RuntimeConfig config, ServerStats stats, PartitionMap partitions) {
        this(config, stats, partitions, HeapGuard.OFF);
    }

    public ServerContext(RuntimeConfig config, ServerStats stats, PartitionMap partitions, HeapGuard heapGuard) {
        this.heapGuard = heapGuard;
        this.config = config;
        this.stats = stats;
        this.commandStats = new CommandStatistics(config::latencyTracking);
        this.slowLog = new SlowLog(config);
        this.latencyMonitor = new LatencyMonitor(config);
        this.calls = new CallRecorder(commandStats, slowLog, latencyMonitor, stats);
        this.partitions = partitions;
        this.notifier = new KeyspaceNotifier(config, pubsub);
        this.tracking = new Tracking(config, partitions);
        this.memory = new MemoryLedger(partitions.count());
        this.replicaQuorum = new ReplicaQuorum(config);
    }

    /** What clients' commands wait for while keys are evicted. */
    public EvictionGate eviction() {
        return eviction;
    }

    public void useEviction(EvictionGate gate) {
        this.eviction = gate;
    }

    /** The memory each partition's data holds, as the partitions publish it. */
    public MemoryLedger memory() {
        return memory;
    }

    /** What refuses work before the heap runs out. */
    public HeapGuard heapGuard() {
        return heapGuard;
    }

    public PubSub pubsub() {
        return pubsub;
    }

    /** Where partitions record their changes: save-point counters and the append-only file. */
    public EffectLog effectLog() {
        return effectLog;
    }

    /** Client-side caching: who tracks which keys, and their invalidation messages. */
    /** CLIENT PAUSE's state and the clients waiting for it. */
    public ClientPause pause() {
        return pause;
    }

    @Override
    public boolean expiryDeferred() {
        return pause.holdsExpiry();
    }

    /** The clients in MONITOR mode. */
    public Monitors monitors() {
        return monitors;
    }

    public Tracking tracking() {
        return tracking;
    }

    public KeyspaceNotifier notifier() {
        return notifier;
    }

    public RuntimeConfig config() {
        return config;
    }

    public ServerStats stats() {
        return stats;
    }

    /** Per-command calls, times, errors and latencies (INFO commandstats and latencystats, metrics). */
    public CommandStatistics commandStats() {
        return commandStats;
    }

    /** Where commands that ran are reported: statistics, slow log, latency monitor. */
    public CallRecorder calls() {
        return calls;
    }

    public SlowLog slowLog() {
        return slowLog;
    }

    /** LATENCY's events; persistence and expiry report theirs here too. */
    public LatencyMonitor latencyMonitor() {
        return latencyMonitor;
    }

    public PartitionMap partitions() {
        return partitions;
    }

    public long startedAtMs() {
        return startedAtMs;
    }

    public long uptimeMillis() {
        return (System.nanoTime() - startedAtNanos) / 1_000_000;
    }

    @Override
    public boolean lfu() {
        return config.lfuPolicy();
    }

    @Override
    public int lfuLogFactor() {
        return config.lfuLogFactor();
    }

    @Override
    public int lfuDecayTime() {
        return config.lfuDecayTime();
    }

    @Override
    public void keyspaceHit() {
        stats.keyspaceHits.increment();
    }

    @Override
    public void keyspaceMiss() {
        stats.keyspaceMisses.increment();
    }

    @Override
    public void keyEvicted() {
        stats.evictedKeys.increment();
    }

    @Override
    public void keyExpired() {
        stats.expiredKeys.increment();
    }

    @Override
    public boolean lazyEviction() {
        return config.lazyfreeLazyEviction();
    }

    @Override
    public boolean lazyExpiry() {
        return config.lazyfreeLazyExpire();
    }

    @Override
    public boolean expiryPaused() {
        return expiryPaused;
    }

    public ReplicationIds replicationIds() {
        return replicationIds;
    }

    /** What {@code min-replicas-to-write} asks of this node's replicas. */
    public ReplicaQuorum replicaQuorum() {
        return replicaQuorum;
    }

    /** Whether the partitions' active expiry cycles run (DEBUG SET-ACTIVE-EXPIRE turns them off for tests). */
    public boolean activeExpiry() {
        return activeExpiry;
    }

    public void activeExpiry(boolean enabled) {
        activeExpiry = enabled;
    }

    /** Whether scripts may call commands flagged noscript (DEBUG SET-DISABLE-DENY-SCRIPTS 1, for tests). */
    public boolean scriptsRunNoscript() {
        return scriptsRunNoscript;
    }

    public void scriptsRunNoscript(boolean allowed) {
        scriptsRunNoscript = allowed;
    }

    /** Stops keys from expiring (while the data set loads) or lets them expire again. */
    public void pauseExpiry(boolean paused) {
        expiryPaused = paused;
    }
}
