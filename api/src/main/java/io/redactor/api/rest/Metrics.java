package io.redactor.api.rest;

import io.redactor.actors.node.CommandStatistics;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.node.ServerStats;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.math.BigDecimal;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.Map;

/**
 * {@code GET /metrics}: the node's counters and gauges in Prometheus's text format, read from the same sources as
 * INFO, without asking any partition (a scrape costs the node nothing).
 */
final class Metrics {
    private Metrics() {
    }

    static String scrape(NodeServices node) {
        PrometheusText text = new PrometheusText();
        ServerStats stats = node.server().stats();
        text.single("redactor_uptime_seconds", "gauge", "Seconds since the node started.",
                node.server().uptimeMillis() / 1000.0);
        text.single("redactor_partitions", "gauge", "Key-range partitions of this node.",
                node.server().partitions().count());
        text.single("redactor_connected_clients", "gauge",
                "Clients connected: RESP connections, HTTP requests in progress, event streams, Java API clients.",
                node.clients().count());
        text.single("redactor_blocked_clients", "gauge", "Clients waiting in a blocking command.",
                stats.blockedClients.sum());
        text.single("redactor_connections_received_total", "counter", "Clients accepted since start-up.",
                stats.connectionsReceived.sum());
        text.single("redactor_rejected_connections_total", "counter", "Clients refused by maxclients.",
                stats.rejectedConnections.sum());
        text.single("redactor_commands_processed_total", "counter", "Commands run since start-up.",
                stats.commandsProcessed.sum());
        text.family("redactor_errors_total", "counter", "Error replies since start-up, by Redis error code.");
        for (Map.Entry<String, Long> error : stats.errorsByCode().entrySet()) {
            text.sample("redactor_errors_total", error.getValue(), "code", error.getKey());
        }
        commands(text, node.server().commandStats().snapshots());
        text.single("redactor_keyspace_hits_total", "counter", "Successful key lookups.", stats.keyspaceHits.sum());
        text.single("redactor_keyspace_misses_total", "counter", "Failed key lookups.", stats.keyspaceMisses.sum());
        text.single("redactor_expired_keys_total", "counter", "Keys removed for having expired.",
                stats.expiredKeys.sum());
        text.single("redactor_net_input_bytes_total", "counter", "Bytes read from RESP clients.",
                stats.netInputBytes.sum());
        text.single("redactor_net_output_bytes_total", "counter", "Bytes written to RESP clients.",
                stats.netOutputBytes.sum());
        text.single("redactor_clients_closed_for_output_buffer_total", "counter",
                "Subscribers disconnected for falling too far behind.", stats.clientsClosedForOutputBuffer.sum());
        text.single("redactor_pubsub_channels", "gauge", "Channels with at least one client subscriber.",
                node.server().pubsub().channelCount());
        text.single("redactor_pubsub_patterns", "gauge", "Pattern subscriptions.",
                node.server().pubsub().patternCount());
        scripts(text, node.scripts().info());
        memory(text);
        return text.toString();
    }

    /** Per command, as INFO commandstats counts them; the latency histogram is the command's own run time. */
    private static void commands(PrometheusText text, List<CommandStatistics.Snapshot> commands) {
        perCommand(text, commands, "redactor_command_calls_total",
                "Calls of each command (scripts' calls included).", CommandStatistics.Snapshot::calls);
        perCommand(text, commands, "redactor_command_failed_calls_total", "Calls that answered an error.",
                CommandStatistics.Snapshot::failed);
        perCommand(text, commands, "redactor_command_rejected_calls_total",
                "Calls refused before running (arity, not allowed here, BUSY).", CommandStatistics.Snapshot::rejected);
        text.family("redactor_command_duration_seconds", "histogram", "Time each call took to run.");
        double[] bounds = CommandStatistics.Snapshot.boundsSeconds();
        for (CommandStatistics.Snapshot command : commands) {
            long[] buckets = command.bucketCounts();
            for (int i = 0; i < bounds.length; i++) {
                text.sample("redactor_command_duration_seconds_bucket", buckets[i], "command", command.name(),
                        "le", bucketBound(bounds[i]));
            }
            text.sample("redactor_command_duration_seconds_bucket", buckets[bounds.length], "command",
                    command.name(), "le", "+Inf");
            text.sample("redactor_command_duration_seconds_sum", command.seconds(), "command", command.name());
            text.sample("redactor_command_duration_seconds_count", command.calls(), "command", command.name());
        }
    }

    private static void perCommand(PrometheusText text, List<CommandStatistics.Snapshot> commands, String name,
                                   String help, ToLongFunction<CommandStatistics.Snapshot> counter) {
        text.family(name, "counter", help);
        for (CommandStatistics.Snapshot command : commands) {
            text.sample(name, counter.applyAsLong(command), "command", command.name());
        }
    }

    private static String bucketBound(double seconds) {
        return BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }

    private static void scripts(PrometheusText text, Map<String, Object> info) {
        field(text, info, "gauge", "atomic_scripts_running", "redactor_scripts_atomic_running", "Atomic scripts running.");
        field(text, info, "gauge", "async_scripts_running", "redactor_scripts_async_running", "Async scripts running.");
        field(text, info, "gauge", "async_scripts_queued", "redactor_scripts_async_queued",
                "Async scripts waiting to be admitted.");
        field(text, info, "counter", "async_scripts_started", "redactor_scripts_async_started_total", "Async scripts started.");
        field(text, info, "counter", "async_scripts_completed", "redactor_scripts_async_completed_total",
                "Async scripts completed.");
        field(text, info, "counter", "async_scripts_rejected", "redactor_scripts_async_rejected_total",
                "Async scripts refused by admission control (BUSY).");
        field(text, info, "counter", "async_scripts_killed", "redactor_scripts_async_killed_total",
                "Async scripts stopped by SCRIPT ASYNC KILL.");
        field(text, info, "counter", "async_scripts_timed_out", "redactor_scripts_async_timed_out_total",
                "Async scripts stopped by the time limit.");
        field(text, info, "counter", "async_script_calls", "redactor_scripts_async_calls_total",
                "redis.call and redis.pcall calls made by async scripts.");
        field(text, info, "gauge", "script_subscriptions", "redactor_script_subscriptions", "Script subscriptions.");
        field(text, info, "gauge", "script_subscription_messages_waiting", "redactor_script_subscription_messages_waiting",
                "Published messages waiting for subscribed scripts.");
    }

    private static void field(PrometheusText text, Map<String, Object> info, String type, String field, String name,
                              String help) {
        text.single(name, type, help, ((Number) info.get(field)).doubleValue());
    }

    private static void memory(PrometheusText text) {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        text.single("redactor_memory_heap_used_bytes", "gauge", "JVM heap in use.",
                memory.getHeapMemoryUsage().getUsed());
        text.single("redactor_memory_heap_max_bytes", "gauge", "Largest JVM heap allowed.",
                memory.getHeapMemoryUsage().getMax());
        text.single("redactor_memory_nonheap_used_bytes", "gauge", "JVM memory outside the heap in use.",
                memory.getNonHeapMemoryUsage().getUsed());
    }
}
