package io.redactor.actors.node.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.redactor.actors.node.config.ConfigParameter.Mutability;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The table against what Redis 7.0.15 answers to {@code CONFIG GET *} on a server started without options. */
class ConfigParametersTest {
    /**
     * {@code redis-cli CONFIG GET '*'} of redis-server 7.0.15 started with no option but the port, sorted by
     * name: every name (aliases included) and its default as printed ({@code dir} is the working directory).
     */
    private static final String[] REDIS_7_0_15_DEFAULTS = {
            "acl-pubsub-default", "resetchannels",
            "aclfile", "",
            "acllog-max-len", "128",
            "active-defrag-cycle-max", "25",
            "active-defrag-cycle-min", "1",
            "active-defrag-ignore-bytes", "104857600",
            "active-defrag-max-scan-fields", "1000",
            "active-defrag-threshold-lower", "10",
            "active-defrag-threshold-upper", "100",
            "active-expire-effort", "1",
            "activedefrag", "no",
            "activerehashing", "yes",
            "always-show-logo", "no",
            "aof-disable-auto-gc", "no",
            "aof-load-truncated", "yes",
            "aof-rewrite-incremental-fsync", "yes",
            "aof-timestamp-enabled", "no",
            "aof-use-rdb-preamble", "yes",
            "aof_rewrite_cpulist", "",
            "appenddirname", "appendonlydir",
            "appendfilename", "appendonly.aof",
            "appendfsync", "everysec",
            "appendonly", "no",
            "auto-aof-rewrite-min-size", "67108864",
            "auto-aof-rewrite-percentage", "100",
            "bgsave_cpulist", "",
            "bind", "* -::*",
            "bind-source-addr", "",
            "bio_cpulist", "",
            "busy-reply-threshold", "5000",
            "client-output-buffer-limit", "normal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60",
            "client-query-buffer-limit", "1073741824",
            "cluster-allow-pubsubshard-when-down", "yes",
            "cluster-allow-reads-when-down", "no",
            "cluster-allow-replica-migration", "yes",
            "cluster-announce-bus-port", "0",
            "cluster-announce-hostname", "",
            "cluster-announce-ip", "",
            "cluster-announce-port", "0",
            "cluster-announce-tls-port", "0",
            "cluster-config-file", "nodes.conf",
            "cluster-enabled", "no",
            "cluster-link-sendbuf-limit", "0",
            "cluster-migration-barrier", "1",
            "cluster-node-timeout", "15000",
            "cluster-port", "0",
            "cluster-preferred-endpoint-type", "ip",
            "cluster-replica-no-failover", "no",
            "cluster-replica-validity-factor", "10",
            "cluster-require-full-coverage", "yes",
            "cluster-slave-no-failover", "no",
            "cluster-slave-validity-factor", "10",
            "crash-log-enabled", "yes",
            "crash-memcheck-enabled", "yes",
            "daemonize", "no",
            "databases", "16",
            "dbfilename", "dump.rdb",
            "dir", "/tmp/r3",
            "disable-thp", "yes",
            "dynamic-hz", "yes",
            "enable-debug-command", "no",
            "enable-module-command", "no",
            "enable-protected-configs", "no",
            "hash-max-listpack-entries", "512",
            "hash-max-listpack-value", "64",
            "hash-max-ziplist-entries", "512",
            "hash-max-ziplist-value", "64",
            "hll-sparse-max-bytes", "3000",
            "hz", "10",
            "ignore-warnings", "",
            "io-threads", "1",
            "io-threads-do-reads", "no",
            "jemalloc-bg-thread", "yes",
            "latency-monitor-threshold", "0",
            "latency-tracking", "yes",
            "latency-tracking-info-percentiles", "50 99 99.9",
            "lazyfree-lazy-eviction", "no",
            "lazyfree-lazy-expire", "no",
            "lazyfree-lazy-server-del", "no",
            "lazyfree-lazy-user-del", "no",
            "lazyfree-lazy-user-flush", "no",
            "lfu-decay-time", "1",
            "lfu-log-factor", "10",
            "list-compress-depth", "0",
            "list-max-listpack-size", "-2",
            "list-max-ziplist-size", "-2",
            "logfile", "",
            "loglevel", "notice",
            "lua-time-limit", "5000",
            "masterauth", "",
            "masteruser", "",
            "maxclients", "10000",
            "maxmemory", "0",
            "maxmemory-clients", "0",
            "maxmemory-eviction-tenacity", "10",
            "maxmemory-policy", "noeviction",
            "maxmemory-samples", "5",
            "min-replicas-max-lag", "10",
            "min-replicas-to-write", "0",
            "min-slaves-max-lag", "10",
            "min-slaves-to-write", "0",
            "no-appendfsync-on-rewrite", "no",
            "notify-keyspace-events", "",
            "oom-score-adj", "no",
            "oom-score-adj-values", "0 200 800",
            "pidfile", "",
            "port", "6379",
            "proc-title-template", "{title} {listen-addr} {server-mode}",
            "propagation-error-behavior", "ignore",
            "protected-mode", "yes",
            "proto-max-bulk-len", "536870912",
            "rdb-del-sync-files", "no",
            "rdb-save-incremental-fsync", "yes",
            "rdbchecksum", "yes",
            "rdbcompression", "yes",
            "repl-backlog-size", "1048576",
            "repl-backlog-ttl", "3600",
            "repl-disable-tcp-nodelay", "no",
            "repl-diskless-load", "disabled",
            "repl-diskless-sync", "yes",
            "repl-diskless-sync-delay", "5",
            "repl-diskless-sync-max-replicas", "0",
            "repl-ping-replica-period", "10",
            "repl-ping-slave-period", "10",
            "repl-timeout", "60",
            "replica-announce-ip", "",
            "replica-announce-port", "0",
            "replica-announced", "yes",
            "replica-ignore-disk-write-errors", "no",
            "replica-ignore-maxmemory", "yes",
            "replica-lazy-flush", "no",
            "replica-priority", "100",
            "replica-read-only", "yes",
            "replica-serve-stale-data", "yes",
            "replicaof", "",
            "requirepass", "",
            "sanitize-dump-payload", "no",
            "save", "3600 1 300 100 60 10000",
            "server_cpulist", "",
            "set-max-intset-entries", "512",
            "set-proc-title", "yes",
            "shutdown-on-sigint", "default",
            "shutdown-on-sigterm", "default",
            "shutdown-timeout", "10",
            "slave-announce-ip", "",
            "slave-announce-port", "0",
            "slave-ignore-maxmemory", "yes",
            "slave-lazy-flush", "no",
            "slave-priority", "100",
            "slave-read-only", "yes",
            "slave-serve-stale-data", "yes",
            "slaveof", "",
            "slowlog-log-slower-than", "10000",
            "slowlog-max-len", "128",
            "socket-mark-id", "0",
            "stop-writes-on-bgsave-error", "yes",
            "stream-node-max-bytes", "4096",
            "stream-node-max-entries", "100",
            "supervised", "no",
            "syslog-enabled", "no",
            "syslog-facility", "local0",
            "syslog-ident", "redis",
            "tcp-backlog", "511",
            "tcp-keepalive", "300",
            "timeout", "0",
            "tls-auth-clients", "yes",
            "tls-ca-cert-dir", "",
            "tls-ca-cert-file", "",
            "tls-cert-file", "",
            "tls-ciphers", "",
            "tls-ciphersuites", "",
            "tls-client-cert-file", "",
            "tls-client-key-file", "",
            "tls-client-key-file-pass", "",
            "tls-cluster", "no",
            "tls-dh-params-file", "",
            "tls-key-file", "",
            "tls-key-file-pass", "",
            "tls-port", "0",
            "tls-prefer-server-ciphers", "no",
            "tls-protocols", "",
            "tls-replication", "no",
            "tls-session-cache-size", "20480",
            "tls-session-cache-timeout", "300",
            "tls-session-caching", "yes",
            "tracking-table-max-keys", "1000000",
            "unixsocket", "",
            "unixsocketperm", "0",
            "zset-max-listpack-entries", "128",
            "zset-max-listpack-value", "64",
            "zset-max-ziplist-entries", "128",
            "zset-max-ziplist-value", "64",
    };

    /** Parameters Redis does not list for {@code *} but answers by exact name. */
    private static final Set<String> HIDDEN = Set.of("key-load-delay", "loading-process-events-interval-bytes",
            "rdb-key-save-delay", "watchdog-period");

    private static Map<String, String> redisDefaults() {
        Map<String, String> defaults = new LinkedHashMap<>();
        for (int i = 0; i < REDIS_7_0_15_DEFAULTS.length; i += 2) {
            defaults.put(REDIS_7_0_15_DEFAULTS[i], REDIS_7_0_15_DEFAULTS[i + 1]);
        }
        return defaults;
    }

    @Test
    void theRecordedListIsSortedAndComplete() {
        List<String> names = new ArrayList<>(redisDefaults().keySet());
        assertEquals(192, names.size());
        assertEquals(new ArrayList<>(new TreeSet<>(names)), names);
    }

    @Test
    void everyNameRedisListsIsKnown() {
        List<String> missing = redisDefaults().keySet().stream()
                .filter(name -> ConfigParameters.byName(name) == null).toList();
        assertEquals(List.of(), missing);
    }

    @Test
    void visibleNamesAreExactlyRedisNames() {
        Set<String> ours = new TreeSet<>();
        ConfigParameters.all().stream().filter(p -> !p.hidden()).forEach(p -> ours.addAll(p.names()));
        assertEquals(new TreeSet<>(redisDefaults().keySet()), ours);
        assertEquals(173, ConfigParameters.all().stream().filter(p -> !p.hidden()).count());
    }

    @Test
    void hiddenParametersAreTheFourDebuggingOnes() {
        Set<String> hidden = ConfigParameters.all().stream().filter(ConfigParameter::hidden)
                .map(ConfigParameter::name).collect(Collectors.toSet());
        assertEquals(HIDDEN, hidden);
    }

    @Test
    void configGetStarPrintsRedisDefaultsExceptWhereRedactorSaysOtherwise() throws IOException {
        Map<String, String> ours = configGetAll(new RuntimeConfig(Map.of()));
        Map<String, String> differences = new TreeMap<>();
        redisDefaults().forEach((name, redisValue) -> {
            ConfigParameter parameter = ConfigParameters.byName(name);
            String expected = parameter.redisDefault() != null ? null : redisValue;
            if (name.equals("dir")) {
                return;
            }
            if (expected == null) {
                assertEquals(parameter.redisDefault(), redisValue, "recorded Redis default of " + name);
                differences.put(name, ours.get(name));
            } else {
                assertEquals(expected, ours.get(name), name);
            }
        });
        assertEquals(Map.of("bind", "127.0.0.1"), differences);
        assertEquals(Path.of(System.getProperty("user.dir")).toRealPath().toString(), ours.get("dir"));
    }

    @Test
    void aliasesPointAtTheCanonicalParameter() {
        Map<String, String> aliases = new TreeMap<>();
        ConfigParameters.all().forEach(p -> p.aliases().forEach(alias -> aliases.put(alias, p.name())));
        assertEquals(19, aliases.size());
        assertEquals("busy-reply-threshold", aliases.get("lua-time-limit"));
        assertEquals("hash-max-listpack-entries", aliases.get("hash-max-ziplist-entries"));
        assertEquals("hash-max-listpack-value", aliases.get("hash-max-ziplist-value"));
        assertEquals("zset-max-listpack-entries", aliases.get("zset-max-ziplist-entries"));
        assertEquals("list-max-listpack-size", aliases.get("list-max-ziplist-size"));
        assertEquals("replicaof", aliases.get("slaveof"));
        assertEquals("replica-read-only", aliases.get("slave-read-only"));
        assertEquals("repl-ping-replica-period", aliases.get("repl-ping-slave-period"));
        assertEquals("cluster-replica-no-failover", aliases.get("cluster-slave-no-failover"));
        aliases.forEach((alias, canonical) -> assertTrue(alias.contains("slave") || alias.contains("ziplist")
                || alias.equals("lua-time-limit"), alias));
    }

    @Test
    void honouredParametersAreTheDocumentedOnes() {
        Set<String> honoured = ConfigParameters.all().stream().filter(ConfigParameter::honoured)
                .map(ConfigParameter::name).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(List.of("aof-load-truncated", "aof-timestamp-enabled", "aof-use-rdb-preamble",
                "appenddirname", "appendfilename", "appendfsync", "appendonly", "auto-aof-rewrite-min-size",
                "auto-aof-rewrite-percentage", "bind", "busy-reply-threshold", "client-output-buffer-limit",
                "client-query-buffer-limit", "databases", "dbfilename", "dir", "enable-protected-configs",
                "hash-max-listpack-entries", "hash-max-listpack-value", "hll-sparse-max-bytes", "hz",
                "latency-monitor-threshold", "latency-tracking", "latency-tracking-info-percentiles",
                "lazyfree-lazy-eviction", "lazyfree-lazy-expire", "lazyfree-lazy-user-flush", "lfu-decay-time",
                "lfu-log-factor", "list-max-listpack-size", "maxclients", "maxmemory", "maxmemory-policy",
                "no-appendfsync-on-rewrite", "notify-keyspace-events", "port", "proto-max-bulk-len", "rdbchecksum",
                "rdbcompression", "save", "set-max-intset-entries", "slowlog-log-slower-than", "slowlog-max-len",
                "stop-writes-on-bgsave-error",
                "stream-node-max-bytes", "stream-node-max-entries", "tcp-keepalive", "timeout", "tls-auth-clients", "tls-ca-cert-dir", "tls-ca-cert-file", "tls-cert-file", "tls-ciphers",
                "tls-ciphersuites", "tls-key-file", "tls-key-file-pass", "tls-port", "tls-prefer-server-ciphers",
                "tls-protocols", "tls-session-cache-size", "tls-session-cache-timeout", "tls-session-caching",
                "tracking-table-max-keys", "zset-max-listpack-entries", "zset-max-listpack-value")), honoured);
        ConfigParameters.all().stream().filter(ConfigParameter::honoured)
                .forEach(p -> assertFalse(p.note().isEmpty(), p.name()));
    }

    @Test
    void redactorMakesListenerParametersImmutable() {
        for (String name : List.of("port", "bind", "tls-port")) {
            assertEquals(Mutability.IMMUTABLE, ConfigParameters.byName(name).mutability(), name);
        }
        assertEquals(Mutability.PROTECTED, ConfigParameters.byName("dir").mutability());
        assertEquals(Mutability.PROTECTED, ConfigParameters.byName("dbfilename").mutability());
    }

    @Test
    void everyParameterDescribesItsValuesAndHasANote() {
        for (ConfigParameter parameter : ConfigParameters.all()) {
            assertFalse(parameter.type().describe().isEmpty(), parameter.name());
            assertNotNull(parameter.note(), parameter.name());
            assertFalse(parameter.note().isEmpty(), parameter.name());
        }
    }

    @Test
    void tableIsSortedAndIndexed() {
        List<ConfigParameter> all = ConfigParameters.all();
        for (int i = 0; i < all.size(); i++) {
            assertEquals(i, ConfigParameters.indexOf(all.get(i)));
        }
        assertNull(ConfigParameters.byName("no-such-parameter"));
        assertEquals(177, all.size());
    }

    static Map<String, String> configGetAll(RuntimeConfig config) {
        Reply reply = config.configGet(List.of("*".getBytes()));
        List<Reply> items = ((MapReply) reply).keysAndValues();
        Map<String, String> values = new TreeMap<>();
        for (int i = 0; i < items.size(); i += 2) {
            values.put(((BulkString) items.get(i)).asString(), ((BulkString) items.get(i + 1)).asString());
        }
        return values;
    }
}
