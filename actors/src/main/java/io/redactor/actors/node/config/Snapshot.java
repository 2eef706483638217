package io.redactor.actors.node.config;

import java.util.List;

/**
 * One immutable state of the configuration: every parsed value, its printed form, and typed copies of the
 * values that hot paths read. {@link RuntimeConfig} publishes a new snapshot through one volatile field.
 */
final class Snapshot {
    private static final List<ConfigParameter> PARAMETERS = ConfigParameters.all();
    private static final int PROTO_MAX_BULK_LEN = index("proto-max-bulk-len");
    private static final int CLIENT_QUERY_BUFFER_LIMIT = index("client-query-buffer-limit");
    private static final int MAXCLIENTS = index("maxclients");
    private static final int TIMEOUT = index("timeout");
    private static final int MAXMEMORY_POLICY = index("maxmemory-policy");
    private static final int LFU_LOG_FACTOR = index("lfu-log-factor");
    private static final int LFU_DECAY_TIME = index("lfu-decay-time");
    private static final int HZ = index("hz");
    private static final int MAXMEMORY = index("maxmemory");
    private static final int BUSY_REPLY_THRESHOLD = index("busy-reply-threshold");
    private static final int TCP_KEEPALIVE = index("tcp-keepalive");
    private static final int NOTIFY_KEYSPACE_EVENTS = index("notify-keyspace-events");
    private static final int LAZYFREE_LAZY_USER_FLUSH = index("lazyfree-lazy-user-flush");
    private static final int LAZYFREE_LAZY_EVICTION = index("lazyfree-lazy-eviction");
    private static final int LAZYFREE_LAZY_EXPIRE = index("lazyfree-lazy-expire");
    private static final int CLIENT_OUTPUT_BUFFER_LIMIT = index("client-output-buffer-limit");
    private static final int ENABLE_PROTECTED_CONFIGS = index("enable-protected-configs");
    private static final int HASH_MAX_LISTPACK_ENTRIES = index("hash-max-listpack-entries");
    private static final int HASH_MAX_LISTPACK_VALUE = index("hash-max-listpack-value");
    private static final int LIST_MAX_LISTPACK_SIZE = index("list-max-listpack-size");
    private static final int SET_MAX_INTSET_ENTRIES = index("set-max-intset-entries");
    private static final int ZSET_MAX_LISTPACK_ENTRIES = index("zset-max-listpack-entries");
    private static final int ZSET_MAX_LISTPACK_VALUE = index("zset-max-listpack-value");
    private static final int HLL_SPARSE_MAX_BYTES = index("hll-sparse-max-bytes");
    private static final int LATENCY_TRACKING = index("latency-tracking");
    private static final int STREAM_NODE_MAX_BYTES = index("stream-node-max-bytes");
    private static final int STREAM_NODE_MAX_ENTRIES = index("stream-node-max-entries");
    private static final int TRACKING_TABLE_MAX_KEYS = index("tracking-table-max-keys");
    private static final int LATENCY_TRACKING_INFO_PERCENTILES = index("latency-tracking-info-percentiles");

    /** Parsed values, in the order of {@link ConfigParameters#all()}. */
    private final Object[] values;
    /** Values as CONFIG GET prints them, as byte strings. */
    private final String[] printed;

    final long protoMaxBulkLen;
    final long clientQueryBufferLimit;
    final int maxclients;
    final long timeoutSeconds;
    final String maxmemoryPolicy;
    final boolean lfuPolicy;
    final int lfuLogFactor;
    final int lfuDecayTime;
    final int hz;
    final long maxmemory;
    final long busyReplyThresholdMs;
    final int tcpKeepalive;
    final String notifyKeyspaceEvents;
    final int notifyKeyspaceEventFlags;
    final boolean lazyfreeLazyUserFlush;
    final boolean lazyfreeLazyEviction;
    final boolean lazyfreeLazyExpire;
    final OutputBufferLimit normalOutputLimit;
    final OutputBufferLimit replicaOutputLimit;
    final OutputBufferLimit pubsubOutputLimit;
    final String enableProtectedConfigs;
    final long hashMaxListpackEntries;
    final long hashMaxListpackValue;
    final long listMaxListpackSize;
    final long setMaxIntsetEntries;
    final long zsetMaxListpackEntries;
    final long zsetMaxListpackValue;
    final long hllSparseMaxBytes;
    final boolean latencyTracking;
    final long streamNodeMaxBytes;
    final long streamNodeMaxEntries;
    final long trackingTableMaxKeys;
    final List<Double> latencyTrackingInfoPercentiles;

    Snapshot(Object[] values) {
        this.values = values.clone();
        this.printed = new String[values.length];
        for (int i = 0; i < values.length; i++) {
            printed[i] = PARAMETERS.get(i).render(values[i]);
        }
        protoMaxBulkLen = (Long) values[PROTO_MAX_BULK_LEN];
        clientQueryBufferLimit = (Long) values[CLIENT_QUERY_BUFFER_LIMIT];
        maxclients = (int) Math.min(Integer.MAX_VALUE, (Long) values[MAXCLIENTS]);
        timeoutSeconds = (Long) values[TIMEOUT];
        maxmemoryPolicy = (String) values[MAXMEMORY_POLICY];
        lfuPolicy = maxmemoryPolicy.endsWith("-lfu");
        lfuLogFactor = ((Long) values[LFU_LOG_FACTOR]).intValue();
        lfuDecayTime = ((Long) values[LFU_DECAY_TIME]).intValue();
        hz = ((Long) values[HZ]).intValue();
        maxmemory = Numbers.clampUnsigned((Long) values[MAXMEMORY]);
        busyReplyThresholdMs = (Long) values[BUSY_REPLY_THRESHOLD];
        tcpKeepalive = ((Long) values[TCP_KEEPALIVE]).intValue();
        notifyKeyspaceEvents = printed[NOTIFY_KEYSPACE_EVENTS];
        notifyKeyspaceEventFlags = (Integer) values[NOTIFY_KEYSPACE_EVENTS];
        lazyfreeLazyUserFlush = (Boolean) values[LAZYFREE_LAZY_USER_FLUSH];
        lazyfreeLazyEviction = (Boolean) values[LAZYFREE_LAZY_EVICTION];
        lazyfreeLazyExpire = (Boolean) values[LAZYFREE_LAZY_EXPIRE];
        OutputBufferLimitsType.Limits limits = (OutputBufferLimitsType.Limits) values[CLIENT_OUTPUT_BUFFER_LIMIT];
        normalOutputLimit = clamp(limits.normal());
        replicaOutputLimit = clamp(limits.replica());
        pubsubOutputLimit = clamp(limits.pubsub());
        enableProtectedConfigs = (String) values[ENABLE_PROTECTED_CONFIGS];
        hashMaxListpackEntries = (Long) values[HASH_MAX_LISTPACK_ENTRIES];
        hashMaxListpackValue = (Long) values[HASH_MAX_LISTPACK_VALUE];
        listMaxListpackSize = (Long) values[LIST_MAX_LISTPACK_SIZE];
        setMaxIntsetEntries = (Long) values[SET_MAX_INTSET_ENTRIES];
        zsetMaxListpackEntries = (Long) values[ZSET_MAX_LISTPACK_ENTRIES];
        zsetMaxListpackValue = (Long) values[ZSET_MAX_LISTPACK_VALUE];
        hllSparseMaxBytes = (Long) values[HLL_SPARSE_MAX_BYTES];
        latencyTracking = (Boolean) values[LATENCY_TRACKING];
        streamNodeMaxBytes = (Long) values[STREAM_NODE_MAX_BYTES];
        streamNodeMaxEntries = (Long) values[STREAM_NODE_MAX_ENTRIES];
        trackingTableMaxKeys = (Long) values[TRACKING_TABLE_MAX_KEYS];
        @SuppressWarnings("unchecked")
        List<Double> percentiles = (List<Double>) values[LATENCY_TRACKING_INFO_PERCENTILES];
        latencyTrackingInfoPercentiles = percentiles;
    }

    /** A copy of the parsed values, to build the next snapshot from. */
    Object[] values() {
        return values.clone();
    }

    Object value(int index) {
        return values[index];
    }

    /** The printed value of the parameter at {@code index}, as a byte string. */
    String printed(int index) {
        return printed[index];
    }

    static int index(String name) {
        return ConfigParameters.indexOf(ConfigParameters.byName(name));
    }

    private static OutputBufferLimit clamp(OutputBufferLimit limit) {
        return new OutputBufferLimit(Numbers.clampUnsigned(limit.hardBytes()), Numbers.clampUnsigned(limit.softBytes()),
                limit.softSeconds());
    }
}
