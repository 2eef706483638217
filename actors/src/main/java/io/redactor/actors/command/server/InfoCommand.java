package io.redactor.actors.command.server;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.data.AccessClock;
import io.redactor.actors.data.KeyCounts;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.node.CommandStatistics;
import io.redactor.actors.node.MemoryReport;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.node.ProcessMetrics;
import io.redactor.actors.node.RedactorVersion;
import io.redactor.actors.node.ReplicaQuorum;
import io.redactor.actors.node.ReplicationIds;
import io.redactor.actors.node.ServerIdentity;
import io.redactor.actors.node.ServerStats;
import io.redactor.actors.node.config.PercentilesType;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.actors.pubsub.PubSub;
import io.redactor.actors.tracking.Tracking;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.VerbatimString;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/**
 * INFO [section ...]: the same sections and field names as Redis 7.0 where the figure exists here, filled with
 * this process's real values, plus a few Redactor fields (prefixed {@code redactor_} or {@code jvm_}).
 */
final class InfoCommand {
    private static final List<String> DEFAULT = List.of("server", "clients", "memory", "persistence", "stats",
            "replication", "cpu", "modules", "errorstats", "cluster", "keyspace");
    /**
     * Every section, in Redis's order: commandstats and latencystats come only when asked for or with all (or
     * everything), as in Redis; so does Redactor's "scripts" (atomic and async scripts), last.
     */
    private static final List<String> ALL = List.of("server", "clients", "memory", "persistence", "stats",
            "replication", "cpu", "modules", "commandstats", "errorstats", "latencystats", "cluster", "keyspace",
            "scripts");

    private InfoCommand() {
    }

    static CompletionStage<Reply> info(ClientCall call) {
        Set<String> sections = new LinkedHashSet<>();
        if (call.argc() == 1) {
            sections.addAll(DEFAULT);
        }
        for (int i = 1; i < call.argc(); i++) {
            String name = Arguments.text(call.arg(i)).toLowerCase(Locale.ROOT);
            switch (name) {
                case "default" -> sections.addAll(DEFAULT);
                case "all", "everything" -> sections.addAll(ALL);
                default -> sections.add(name);
            }
        }
        NodeServices node = call.node();
        CompletionStage<KeyCounts> counts;
        if (!sections.contains("keyspace")) {
            counts = CompletableFuture.completedFuture(null);
        } else if (call.keyspace() != null) {
            // Inside EXEC every partition is held by the transaction: count directly, asking would wait forever.
            counts = CompletableFuture.completedFuture(KeyCounts.of(call.keyspace(), ThreadLocalRandom.current()));
        } else {
            counts = node.keyspaceStatistics().collect();
        }
        return counts.thenApply(keyspace -> {
            StringBuilder out = new StringBuilder();
            for (String section : ALL) {
                if (sections.contains(section)) {
                    if (!out.isEmpty()) {
                        out.append("\r\n");
                    }
                    section(out, section, node, keyspace);
                }
            }
            return new VerbatimString("txt", out.toString().getBytes(StandardCharsets.UTF_8));
        });
    }

    private static void section(StringBuilder out, String name, NodeServices node, KeyCounts keyspace) {
        out.append("# ").append(title(name)).append("\r\n");
        switch (name) {
            case "server" -> server(out, node);
            case "clients" -> clients(out, node);
            case "memory" -> memory(out, node);
            case "persistence" -> node.durability().info().forEach((field, value) -> field(out, field, value));
            case "stats" -> stats(out, node.server().stats(), node.server().pubsub(), node.server().tracking());
            case "replication" -> replication(out, node.server().replicationIds(), node.server().replicaQuorum());
            case "cpu" -> cpu(out);
            case "modules" -> {
                // No modules: the section is there, empty, as in a Redis without any.
            }
            case "commandstats" -> commandstats(out, node.server().commandStats());
            case "errorstats" -> node.server().stats().errorsByCode().forEach((code, count) ->
                    field(out, "errorstat_" + code, "count=" + count));
            case "latencystats" -> latencystats(out, node.server().commandStats(), node.server().config());
            case "cluster" -> field(out, "cluster_enabled", 0);
            case "keyspace" -> keyspace(out, keyspace);
            case "scripts" -> node.scripts().info().forEach((field, value) -> field(out, field, value));
            default -> throw new IllegalArgumentException(name);
        }
    }

    /** "server" is titled "Server", "cpu" "CPU", as Redis titles them. */
    private static String title(String section) {
        return section.equals("cpu") ? "CPU" : Character.toUpperCase(section.charAt(0)) + section.substring(1);
    }

    private static void server(StringBuilder out, NodeServices node) {
        ServerIdentity id = node.identity();
        RuntimeConfig config = node.server().config();
        long uptime = node.server().uptimeMillis() / 1000;
        long now = System.currentTimeMillis();
        field(out, "redis_version", RedactorVersion.REDIS_VERSION);
        field(out, "redis_git_sha1", "00000000");
        field(out, "redis_git_dirty", 0);
        field(out, "redis_mode", "standalone");
        field(out, "os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + machine());
        field(out, "arch_bits", 64);
        field(out, "multiplexing_api", "epoll");
        field(out, "process_id", id.processId());
        field(out, "process_supervised", "no");
        field(out, "run_id", id.runId());
        field(out, "tcp_port", id.tcpPort());
        Instant instant = Instant.now();
        field(out, "server_time_usec", instant.getEpochSecond() * 1_000_000 + instant.getNano() / 1000);
        field(out, "uptime_in_seconds", uptime);
        field(out, "uptime_in_days", uptime / 86400);
        field(out, "hz", config.hz());
        field(out, "configured_hz", config.hz());
        field(out, "lru_clock", AccessClock.lruClock(now));
        field(out, "executable", id.executable());
        field(out, "config_file", id.configFile());
        field(out, "io_threads_active", 0);
        field(out, "redactor_version", RedactorVersion.VERSION);
        field(out, "redactor_partitions", node.server().partitions().count());
        field(out, "jvm_version", Runtime.version().toString());
    }

    /** The hardware name as uname reports it (Redis prints x86_64 where the JVM says amd64). */
    private static String machine() {
        String arch = System.getProperty("os.arch");
        return arch.equals("amd64") ? "x86_64" : arch;
    }

    private static void clients(StringBuilder out, NodeServices node) {
        field(out, "connected_clients", node.clients().count());
        field(out, "cluster_connections", 0);
        field(out, "maxclients", node.server().config().maxclients());
        field(out, "blocked_clients", node.server().stats().blockedClients.sum());
        field(out, "tracking_clients", node.server().tracking().clientCount());
        field(out, "clients_in_timeout_table", 0);
    }

    /** Redis 7.0's fields in its order; the allocator's are the JVM heap's (used, committed) and the RSS. */
    private static void memory(StringBuilder out, NodeServices node) {
        RuntimeConfig config = node.server().config();
        MemoryReport m = MemoryReport.of(node);
        long system = ProcessMetrics.totalSystemMemory();
        field(out, "used_memory", m.used());
        field(out, "used_memory_human", human(m.used()));
        field(out, "used_memory_rss", m.rss());
        field(out, "used_memory_rss_human", human(m.rss()));
        field(out, "used_memory_peak", m.peak());
        field(out, "used_memory_peak_human", human(m.peak()));
        field(out, "used_memory_peak_perc", percent(m.peakPercent()));
        field(out, "used_memory_overhead", m.overhead());
        field(out, "used_memory_startup", m.startup());
        field(out, "used_memory_dataset", m.dataset());
        field(out, "used_memory_dataset_perc", percent(m.datasetPercent()));
        field(out, "allocator_allocated", m.heapUsed());
        field(out, "allocator_active", m.heapCommitted());
        field(out, "allocator_resident", m.rss());
        field(out, "total_system_memory", system);
        field(out, "total_system_memory_human", human(system));
        field(out, "used_memory_lua", 0);
        field(out, "used_memory_vm_eval", 0);
        field(out, "used_memory_lua_human", human(0));
        field(out, "used_memory_scripts_eval", m.scripts());
        field(out, "number_of_cached_scripts", m.cachedScripts());
        field(out, "number_of_functions", node.scripts().functions().functionCount());
        field(out, "number_of_libraries", node.scripts().functions().libraryCount());
        field(out, "used_memory_vm_functions", 0);
        field(out, "used_memory_vm_total", 0);
        field(out, "used_memory_vm_total_human", human(0));
        field(out, "used_memory_functions", 0);
        field(out, "used_memory_scripts", m.scripts());
        field(out, "used_memory_scripts_human", human(m.scripts()));
        field(out, "maxmemory", config.maxmemory());
        field(out, "maxmemory_human", human(config.maxmemory()));
        field(out, "maxmemory_policy", config.maxmemoryPolicy());
        field(out, "allocator_frag_ratio", ratio(m.heapCommitted(), m.heapUsed()));
        field(out, "allocator_frag_bytes", m.heapCommitted() - m.heapUsed());
        field(out, "allocator_rss_ratio", ratio(m.rss(), m.heapCommitted()));
        field(out, "allocator_rss_bytes", m.rss() - m.heapCommitted());
        field(out, "rss_overhead_ratio", "1.00");
        field(out, "rss_overhead_bytes", 0);
        field(out, "mem_fragmentation_ratio", String.format(Locale.ROOT, "%.2f", m.fragmentation()));
        field(out, "mem_fragmentation_bytes", m.heapCommitted() - m.used());
        field(out, "mem_not_counted_for_evict", 0);
        field(out, "mem_replication_backlog", 0);
        field(out, "mem_total_replication_buffers", 0);
        field(out, "mem_clients_slaves", 0);
        field(out, "mem_clients_normal", m.clients());
        field(out, "mem_cluster_links", 0);
        field(out, "mem_aof_buffer", 0);
        field(out, "mem_allocator", "jvm");
        field(out, "active_defrag_running", 0);
        field(out, "lazyfree_pending_objects", 0);
        field(out, "lazyfreed_objects", 0);
        field(out, "jvm_heap_used", m.heapUsed());
        field(out, "jvm_heap_committed", m.heapCommitted());
        field(out, "jvm_heap_max", m.heapMax());
    }

    private static String percent(double value) {
        return String.format(Locale.ROOT, "%.2f%%", value);
    }

    private static String ratio(long a, long b) {
        return String.format(Locale.ROOT, "%.2f", b == 0 ? 0 : (double) a / b);
    }

    private static void stats(StringBuilder out, ServerStats stats, PubSub pubsub, Tracking tracking) {
        field(out, "total_connections_received", stats.connectionsReceived.sum());
        field(out, "total_commands_processed", stats.commandsProcessed.sum());
        field(out, "instantaneous_ops_per_sec", stats.meter().opsPerSecond());
        field(out, "total_net_input_bytes", stats.netInputBytes.sum());
        field(out, "total_net_output_bytes", stats.netOutputBytes.sum());
        field(out, "instantaneous_input_kbps", String.format(Locale.ROOT, "%.2f", stats.meter().inputKbps()));
        field(out, "instantaneous_output_kbps", String.format(Locale.ROOT, "%.2f", stats.meter().outputKbps()));
        field(out, "rejected_connections", stats.rejectedConnections.sum());
        field(out, "expired_keys", stats.expiredKeys.sum());
        field(out, "evicted_keys", stats.evictedKeys.sum());
        field(out, "keyspace_hits", stats.keyspaceHits.sum());
        field(out, "keyspace_misses", stats.keyspaceMisses.sum());
        field(out, "pubsub_channels", pubsub.channelCount());
        field(out, "pubsub_patterns", pubsub.patternCount());
        field(out, "pubsubshard_channels", pubsub.shardChannelCount());
        field(out, "tracking_total_keys", tracking.totalKeys());
        field(out, "tracking_total_items", tracking.totalItems());
        field(out, "tracking_total_prefixes", tracking.totalPrefixes());
        field(out, "total_error_replies", stats.errorReplies.sum());
        field(out, "client_output_buffer_limit_disconnections", stats.clientsClosedForOutputBuffer.sum());
        field(out, "redactor_reservations", stats.reservations.sum());
        field(out, "redactor_auth_failures", stats.authFailures.sum());
        field(out, "redactor_acl_denials", stats.aclDenials.sum());
    }

    private static void replication(StringBuilder out, ReplicationIds ids, ReplicaQuorum quorum) {
        field(out, "role", "master");
        field(out, "connected_slaves", 0);
        if (quorum.checked()) {
            field(out, "min_slaves_good_slaves", quorum.goodReplicas());
        }
        field(out, "master_failover_state", "no-failover");
        field(out, "master_replid", ids.id());
        field(out, "master_replid2", ids.secondId());
        field(out, "master_repl_offset", 0);
        field(out, "second_repl_offset", -1);
        field(out, "repl_backlog_active", 0);
    }

    private static void cpu(StringBuilder out) {
        double[] cpu = ProcessMetrics.cpuSeconds();
        field(out, "used_cpu_sys", String.format(Locale.ROOT, "%.6f", cpu[1]));
        field(out, "used_cpu_user", String.format(Locale.ROOT, "%.6f", cpu[0]));
        field(out, "used_cpu_sys_children", "0.000000");
        field(out, "used_cpu_user_children", "0.000000");
    }

    /** Redis's format; commands sorted by name (Redis prints them in its hash table's order). */
    private static void commandstats(StringBuilder out, CommandStatistics stats) {
        for (CommandStatistics.Snapshot command : stats.snapshots()) {
            field(out, "cmdstat_" + command.name(), "calls=" + command.calls() + ",usec=" + command.usec()
                    + ",usec_per_call=" + String.format(Locale.ROOT, "%.2f", command.usecPerCall())
                    + ",rejected_calls=" + command.rejected() + ",failed_calls=" + command.failed());
        }
    }

    /** Nothing while latency tracking is off, as in Redis; percentiles printed as Redis prints them (p99.9). */
    private static void latencystats(StringBuilder out, CommandStatistics stats, RuntimeConfig config) {
        if (!config.latencyTracking()) {
            return;
        }
        List<Double> percentiles = config.latencyTrackingInfoPercentiles();
        stats.latencyPercentilesMicros(percentiles).forEach((command, values) -> {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < values.length; i++) {
                if (i > 0) {
                    line.append(',');
                }
                line.append('p').append(PercentilesType.format(percentiles.get(i))).append('=')
                        .append(String.format(Locale.ROOT, "%.3f", values[i]));
            }
            field(out, "latency_percentiles_usec_" + command, line);
        });
    }

    private static void keyspace(StringBuilder out, KeyCounts counts) {
        for (int db = 0; db < Keyspace.DATABASES; db++) {
            if (counts.keys()[db] > 0) {
                field(out, "db" + db, "keys=" + counts.keys()[db] + ",expires=" + counts.volatileKeys()[db]
                        + ",avg_ttl=" + counts.averageTtlMillis()[db]);
            }
        }
    }

    private static void field(StringBuilder out, String name, Object value) {
        out.append(name).append(':').append(value).append("\r\n");
    }

    /** Redis's bytesToHuman: B, K, M, G, T, P with two decimals. */
    static String human(long bytes) {
        String[] units = {"B", "K", "M", "G", "T", "P"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + "B" : String.format(Locale.ROOT, "%.2f%s", value, units[unit]);
    }
}
