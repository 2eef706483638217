package io.redactor.actors.node.config;

import io.redactor.actors.node.config.ConfigParameter.Mutability;
import io.redactor.actors.node.config.ConfigType.Bool;
import io.redactor.actors.node.config.ConfigType.Clamped;
import io.redactor.actors.node.config.ConfigType.MemoryOrPercent;
import io.redactor.actors.node.config.ConfigType.Numeric;
import io.redactor.actors.node.config.ConfigType.Octal;
import io.redactor.actors.node.config.ConfigType.OneOf;
import io.redactor.actors.node.config.ConfigType.Restricted;
import io.redactor.actors.node.config.ConfigType.Text;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every parameter Redis 7.0.15 lists for {@code CONFIG GET *} (173 parameters, 192 names with the aliases),
 * plus its four hidden debugging parameters, with Redis's types, ranges and defaults except where Redactor
 * says otherwise ({@link ConfigParameter#redisDefault()}, {@link ConfigParameter#note()}).
 */
public final class ConfigParameters {
    private static final long INT_MAX = Integer.MAX_VALUE;
    private static final long INT_MIN = Integer.MIN_VALUE;
    private static final long UINT_MAX = 0xFFFF_FFFFL;
    private static final long LLONG_MAX = Long.MAX_VALUE;
    private static final String LATER = "stored only";
    /** What Redis answers when it cannot apply TLS settings. */
    public static final String TLS_NOT_APPLIED = "Unable to update TLS configuration. Check server logs.";

    private static final List<ConfigParameter> ALL = List.of(
            oneOf("acl-pubsub-default", "resetchannels", "allchannels", "resetchannels").build(),
            text("aclfile", "").immutable().build(),
            integer("acllog-max-len", 0, LLONG_MAX, 128).build(),
            integer("active-defrag-cycle-max", 1, 99, 25).build(),
            integer("active-defrag-cycle-min", 1, 99, 1).build(),
            memory("active-defrag-ignore-bytes", 1, LLONG_MAX, "100mb").build(),
            integer("active-defrag-max-scan-fields", 1, LLONG_MAX, 1000).build(),
            integer("active-defrag-threshold-lower", 0, 1000, 10).build(),
            integer("active-defrag-threshold-upper", 0, 1000, 100).build(),
            integer("active-expire-effort", 1, 10, 1).build(),
            bool("activedefrag", false).build(),
            bool("activerehashing", true).build(),
            bool("always-show-logo", false).immutable().build(),
            bool("aof-disable-auto-gc", false).build(),
            bool("aof-load-truncated", true).honoured()
                    .note("a torn end of the last AOF file is cut off at start-up instead of stopping it").build(),
            bool("aof-rewrite-incremental-fsync", true).build(),
            bool("aof-timestamp-enabled", false).honoured().note("#TS: annotations in the AOF").build(),
            bool("aof-use-rdb-preamble", true).honoured().note("AOF base files in RDB format").build(),
            text("aof_rewrite_cpulist", "").immutable().build(),
            def("appenddirname", Text.baseName("appenddirname", "dirname"), "appendonlydir").immutable().honoured()
                    .note("the AOF directory, under dir").build(),
            def("appendfilename", Text.baseName("appendfilename", "filename"), "appendonly.aof").immutable()
                    .honoured().note("the AOF files' names").build(),
            oneOf("appendfsync", "everysec", "everysec", "always", "no").honoured()
                    .note("when the AOF is flushed to the disk; always is group commit").build(),
            bool("appendonly", false).honoured().note("the append-only file; turned on at run time with a base first")
                    .build(),
            memory("auto-aof-rewrite-min-size", 0, LLONG_MAX, "64mb").honoured()
                    .note("AOF size under which it is not rewritten automatically").build(),
            integer("auto-aof-rewrite-percentage", 0, INT_MAX, 100).honoured()
                    .note("AOF growth over its last base that triggers a rewrite (0: never)").build(),
            text("bgsave_cpulist", "").immutable().build(),
            def("bind", new BindType(), "127.0.0.1").immutable().honoured()
                    .redactor("* -::*",
                            "start-up only: Redactor binds its listeners once; listens on loopback by default")
                    .build(),
            text("bind-source-addr", "").build(),
            text("bio_cpulist", "").immutable().build(),
            integer("busy-reply-threshold", 0, LLONG_MAX, 5000).alias("lua-time-limit").honoured()
                    .note("milliseconds a script or function runs before other clients get BUSY").build(),
            def("client-output-buffer-limit", new OutputBufferLimitsType(),
                    "normal 0 0 0 slave 256mb 64mb 60 pubsub 32mb 8mb 60").honoured()
                    .note("disconnects clients whose pending output passes the limits").build(),
            memory("client-query-buffer-limit", 1024 * 1024, LLONG_MAX, "1gb").honoured()
                    .note("largest request a client may have buffered").build(),
            bool("cluster-allow-pubsubshard-when-down", true).build(),
            bool("cluster-allow-reads-when-down", false).build(),
            bool("cluster-allow-replica-migration", true).build(),
            integer("cluster-announce-bus-port", 0, 65535, 0).build(),
            def("cluster-announce-hostname", Text.hostname(), "").build(),
            text("cluster-announce-ip", "").build(),
            integer("cluster-announce-port", 0, 65535, 0).build(),
            integer("cluster-announce-tls-port", 0, 65535, 0).build(),
            text("cluster-config-file", "nodes.conf").immutable().build(),
            bool("cluster-enabled", false).immutable().build(),
            def("cluster-link-sendbuf-limit", Numeric.unsignedMemory(), "0").build(),
            integer("cluster-migration-barrier", 0, INT_MAX, 1).build(),
            integer("cluster-node-timeout", 0, LLONG_MAX, 15000).build(),
            integer("cluster-port", 0, 65535, 0).immutable().build(),
            oneOf("cluster-preferred-endpoint-type", "ip", "ip", "hostname", "unknown-endpoint").build(),
            bool("cluster-replica-no-failover", false).alias("cluster-slave-no-failover").build(),
            integer("cluster-replica-validity-factor", 0, INT_MAX, 10).alias("cluster-slave-validity-factor").build(),
            bool("cluster-require-full-coverage", true).build(),
            bool("crash-log-enabled", true).build(),
            bool("crash-memcheck-enabled", true).build(),
            bool("daemonize", false).immutable().build(),
            integer("databases", 16, 16, 16).immutable().honoured()
                    .note("Redactor always has 16 databases: other values are refused (Redis accepts 1..2147483647)")
                    .build(),
            def("dbfilename", Text.baseName("dbfilename", "filename"), "dump.rdb").protectedConfig().honoured()
                    .note("the RDB file's name, under dir").build(),
            def("dir", new DirectoryType(), ".").protectedConfig().honoured()
                    .note("where the RDB file and the AOF directory are (the JVM's working directory does not change)")
                    .build(),
            bool("disable-thp", true).immutable().build(),
            bool("dynamic-hz", true).build(),
            enabling("enable-debug-command").build(),
            enabling("enable-module-command").build(),
            enabling("enable-protected-configs").honoured()
                    .note("whether CONFIG SET may change dir and dbfilename").build(),
            integer("hash-max-listpack-entries", 0, LLONG_MAX, 512).alias("hash-max-ziplist-entries").honoured().note("OBJECT ENCODING threshold of hashes (listpack up to this many fields)").build(),
            memory("hash-max-listpack-value", 0, LLONG_MAX, "64").alias("hash-max-ziplist-value").honoured().note("OBJECT ENCODING threshold of hashes (listpack up to this value length)").build(),
            memory("hll-sparse-max-bytes", 0, LLONG_MAX, "3000").honoured()
                    .note("size past which a sparse HyperLogLog turns dense").build(),
            def("hz", new Clamped(Numeric.integer(0, INT_MAX), 1, 500), "10").honoured()
                    .note("frequency of background tasks; values are forced into 1..500 as Redis does").build(),
            text("ignore-warnings", "").build(),
            integer("io-threads", 1, 128, 1).immutable().build(),
            bool("io-threads-do-reads", false).immutable().build(),
            bool("jemalloc-bg-thread", true).build(),
            integer("key-load-delay", INT_MIN, INT_MAX, 0).hidden().build(),
            integer("latency-monitor-threshold", 0, LLONG_MAX, 0).honoured()
                    .note("the latency monitor's threshold in milliseconds (LATENCY); 0: off").build(),
            bool("latency-tracking", true).honoured()
                    .note("whether commands' latency histograms are kept (INFO latencystats)").build(),
            def("latency-tracking-info-percentiles", new PercentilesType(), "50 99 99.9").honoured()
                    .note("the percentiles INFO latencystats prints").build(),
            bool("lazyfree-lazy-eviction", false).honoured()
                    .note("an evicted key goes to the AOF as UNLINK when yes, as DEL when no").build(),
            bool("lazyfree-lazy-expire", false).honoured()
                    .note("an expired key goes to the AOF as UNLINK when yes, as DEL when no").build(),
            bool("lazyfree-lazy-server-del", false).build(),
            bool("lazyfree-lazy-user-del", false).build(),
            bool("lazyfree-lazy-user-flush", false).honoured()
                    .note("FLUSHALL and FLUSHDB without SYNC or ASYNC flush asynchronously when yes").build(),
            integer("lfu-decay-time", 0, INT_MAX, 1).honoured().note("LFU counter decay, in minutes").build(),
            integer("lfu-log-factor", 0, INT_MAX, 10).honoured().note("LFU counter growth").build(),
            integer("list-compress-depth", 0, INT_MAX, 0).build(),
            integer("list-max-listpack-size", INT_MIN, INT_MAX, -2).alias("list-max-ziplist-size").honoured().note("OBJECT ENCODING threshold of lists (listpack while one node would do)").build(),
            integer("loading-process-events-interval-bytes", 1024, INT_MAX, 2 * 1024 * 1024).hidden().build(),
            text("logfile", "").immutable().build(),
            oneOf("loglevel", "notice", "debug", "verbose", "notice", "warning").build(),
            def("masterauth", Text.binary(), "").build(),
            text("masteruser", "").build(),
            integer("maxclients", 1, UINT_MAX, 10000).honoured()
                    .note("most clients connected at once; limited by the process's open-file limit minus 32")
                    .build(),
            def("maxmemory", Numeric.unsignedMemory(), "0").honoured()
                    .note("memory limit that triggers eviction (0: none)").build(),
            def("maxmemory-clients", new MemoryOrPercent(), "0").build(),
            integer("maxmemory-eviction-tenacity", 0, 100, 10).build(),
            oneOf("maxmemory-policy", "noeviction", "volatile-lru", "volatile-lfu", "volatile-random",
                    "volatile-ttl", "allkeys-lru", "allkeys-lfu", "allkeys-random", "noeviction").honoured()
                    .note("what eviction removes; the lfu policies also switch keys to LFU counters").build(),
            integer("maxmemory-samples", 1, INT_MAX, 5).build(),
            integer("min-replicas-max-lag", 0, INT_MAX, 10).alias("min-slaves-max-lag").build(),
            integer("min-replicas-to-write", 0, INT_MAX, 0).alias("min-slaves-to-write").build(),
            bool("no-appendfsync-on-rewrite", false).honoured()
                    .note("no AOF flushes while a rewrite runs").build(),
            def("notify-keyspace-events", new KeyspaceEventsType(), "").honoured()
                    .note("which keyspace notifications are published").build(),
            def("oom-score-adj", OneOf.of("no", "yes", "relative", "absolute").withSynonym("relative", "yes"), "no")
                    .build(),
            def("oom-score-adj-values", new OomScoreAdjType(), "0 200 800").build(),
            text("pidfile", "").immutable().build(),
            integer("port", 0, 65535, 6379).immutable().honoured()
                    .note("start-up only: Redactor binds its listeners once (Redis rebinds on CONFIG SET)").build(),
            def("proc-title-template", Text.procTitleTemplate(), "{title} {listen-addr} {server-mode}").build(),
            oneOf("propagation-error-behavior", "ignore", "ignore", "panic", "panic-on-replicas").build(),
            bool("protected-mode", true).build(),
            memory("proto-max-bulk-len", 1024 * 1024, LLONG_MAX, "512mb").honoured()
                    .note("largest bulk string a request may carry").build(),
            bool("rdb-del-sync-files", false).build(),
            integer("rdb-key-save-delay", INT_MIN, INT_MAX, 0).hidden().build(),
            bool("rdb-save-incremental-fsync", true).build(),
            bool("rdbchecksum", true).immutable().honoured().note("a CRC-64 at the end of RDB files").build(),
            bool("rdbcompression", true).honoured().note("LZF compression of strings in RDB files and DUMP").build(),
            def("repl-backlog-size", new Clamped(Numeric.memory(1, LLONG_MAX), 16 * 1024, LLONG_MAX), "1mb")
                    .note("values below 16kb become 16kb, as in Redis").build(),
            integer("repl-backlog-ttl", 0, LLONG_MAX, 3600).build(),
            bool("repl-disable-tcp-nodelay", false).build(),
            oneOf("repl-diskless-load", "disabled", "disabled", "on-empty-db", "swapdb").build(),
            bool("repl-diskless-sync", true).build(),
            integer("repl-diskless-sync-delay", 0, INT_MAX, 5).build(),
            integer("repl-diskless-sync-max-replicas", 0, INT_MAX, 0).build(),
            integer("repl-ping-replica-period", 1, INT_MAX, 10).alias("repl-ping-slave-period").build(),
            integer("repl-timeout", 1, INT_MAX, 60).build(),
            text("replica-announce-ip", "").alias("slave-announce-ip").build(),
            integer("replica-announce-port", 0, 65535, 0).alias("slave-announce-port").build(),
            bool("replica-announced", true).build(),
            bool("replica-ignore-disk-write-errors", false).build(),
            bool("replica-ignore-maxmemory", true).alias("slave-ignore-maxmemory").build(),
            bool("replica-lazy-flush", false).alias("slave-lazy-flush").build(),
            integer("replica-priority", 0, INT_MAX, 100).alias("slave-priority").build(),
            bool("replica-read-only", true).alias("slave-read-only").build(),
            bool("replica-serve-stale-data", true).alias("slave-serve-stale-data").build(),
            def("replicaof", new ReplicaOfType(), "").alias("slaveof").immutable().build(),
            def("requirepass", Text.binary(), "").build(),
            oneOf("sanitize-dump-payload", "no", "no", "yes", "clients").build(),
            def("save", new SaveType(), "3600 1 300 100 60 10000").honoured()
                    .note("save points: a BGSAVE after that many changes in that many seconds").build(),
            text("server_cpulist", "").immutable().build(),
            integer("set-max-intset-entries", 0, LLONG_MAX, 512).honoured().note("OBJECT ENCODING threshold of sets (intset up to this many integers)").build(),
            bool("set-proc-title", true).immutable().build(),
            def("shutdown-on-sigint", new ShutdownFlagsType(), "default").build(),
            def("shutdown-on-sigterm", new ShutdownFlagsType(), "default").build(),
            integer("shutdown-timeout", 0, INT_MAX, 10).build(),
            integer("slowlog-log-slower-than", -1, LLONG_MAX, 10000).honoured()
                    .note("microseconds a command must run to enter the slow log (SLOWLOG); -1: none").build(),
            integer("slowlog-max-len", 0, LLONG_MAX, 128).honoured()
                    .note("entries the slow log keeps").build(),
            integer("socket-mark-id", 0, UINT_MAX, 0).immutable().build(),
            bool("stop-writes-on-bgsave-error", true).honoured()
                    .note("writes are refused while the last snapshot failed").build(),
            memory("stream-node-max-bytes", 0, LLONG_MAX, "4kb").honoured()
                    .note("bytes of a stream node (listpack) after which XADD starts a new one").build(),
            integer("stream-node-max-entries", 0, LLONG_MAX, 100).honoured()
                    .note("entries of a stream node after which XADD starts a new one").build(),
            oneOf("supervised", "no", "upstart", "systemd", "auto", "no").immutable().build(),
            bool("syslog-enabled", false).immutable().build(),
            oneOf("syslog-facility", "local0", "user", "local0", "local1", "local2", "local3", "local4", "local5",
                    "local6", "local7").immutable().build(),
            text("syslog-ident", "redis").immutable().build(),
            integer("tcp-backlog", 0, INT_MAX, 511).immutable().build(),
            integer("tcp-keepalive", 0, INT_MAX, 300).honoured()
                    .note("connections accepted afterwards use TCP keep-alive when above 0").build(),
            integer("timeout", 0, INT_MAX, 0).honoured()
                    .note("seconds of inactivity after which a client is disconnected (0: never)").build(),
            oneOf("tls-auth-clients", "yes", "no", "yes", "optional").honoured()
                    .note("whether TLS clients must present a certificate; read as each connection is accepted")
                    .build(),
            tls(text("tls-ca-cert-dir", ""), "a directory of CA certificates (PEM) that client certificates must chain to"),
            tls(text("tls-ca-cert-file", ""), "a PEM file of CA certificates that client certificates must chain to"),
            tls(text("tls-cert-file", ""), "the server's certificate chain (PEM)"),
            tls(text("tls-ciphers", ""), "cipher names for TLSv1.2, colon separated (names, not OpenSSL expressions)"),
            tls(text("tls-ciphersuites", ""), "TLSv1.3 cipher suite names, colon separated"),
            text("tls-client-cert-file", "").build(),
            text("tls-client-key-file", "").build(),
            text("tls-client-key-file-pass", "").build(),
            def("tls-cluster", new Restricted<>(new Bool(), on -> !on, TLS_NOT_APPLIED, "only no"), "no")
                    .note("Redactor has no cluster bus: yes is refused").build(),
            text("tls-dh-params-file", "").build(),
            tls(text("tls-key-file", ""), "the server's private key (PEM, PKCS#8)"),
            tls(text("tls-key-file-pass", ""), "the password of an encrypted private key"),
            integer("tls-port", 0, 65535, 0).immutable().honoured()
                    .note("the TLS listener's port, 0 for none; start-up only, like port").build(),
            tls(bool("tls-prefer-server-ciphers", false), "the server's cipher order wins"),
            tls(text("tls-protocols", ""), "TLSv1.2 and/or TLSv1.3 (empty: both)"),
            def("tls-replication", new Restricted<>(new Bool(), on -> !on, TLS_NOT_APPLIED, "only no"), "no")
                    .note("Redactor has no replication: yes is refused").build(),
            tls(integer("tls-session-cache-size", 0, INT_MAX, 20480), "TLS sessions kept for resumption"),
            tls(integer("tls-session-cache-timeout", 0, INT_MAX, 300), "seconds a cached TLS session stays valid"),
            tls(bool("tls-session-caching", true), "TLS session resumption"),
            integer("tracking-table-max-keys", 0, LLONG_MAX, 1000000).honoured()
                    .note("keys the client-side caching tables hold; past it random keys are invalidated").build(),
            text("unixsocket", "").immutable().build(),
            def("unixsocketperm", new Octal(0777), "0").immutable().build(),
            integer("watchdog-period", 0, INT_MAX, 0).hidden().build(),
            integer("zset-max-listpack-entries", 0, LLONG_MAX, 128).alias("zset-max-ziplist-entries").honoured().note("OBJECT ENCODING threshold of sorted sets (listpack up to this many members)").build(),
            memory("zset-max-listpack-value", 0, LLONG_MAX, "64").alias("zset-max-ziplist-value").honoured().note("OBJECT ENCODING threshold of sorted sets (listpack up to this member length)").build());

    /** Every accepted name, canonical or alias, lower case. */
    private static final Map<String, ConfigParameter> BY_NAME = index();

    private ConfigParameters() {
    }

    /** All parameters, hidden ones included, in canonical-name order. */
    public static List<ConfigParameter> all() {
        return ALL;
    }

    /** The parameter with this canonical name or alias (lower case), or null. */
    public static ConfigParameter byName(String lowerCaseName) {
        return BY_NAME.get(lowerCaseName);
    }

    /** Position of a parameter in {@link #all()}. */
    static int indexOf(ConfigParameter parameter) {
        return Collections.binarySearch(ALL, parameter, (a, b) -> a.name().compareTo(b.name()));
    }

    private static Map<String, ConfigParameter> index() {
        Map<String, ConfigParameter> byName = new HashMap<>();
        String previous = "";
        for (ConfigParameter parameter : ALL) {
            if (parameter.name().compareTo(previous) <= 0) {
                throw new IllegalStateException("parameters out of order at " + parameter.name());
            }
            previous = parameter.name();
            for (String name : parameter.names()) {
                if (byName.put(name, parameter) != null) {
                    throw new IllegalStateException("duplicate parameter name " + name);
                }
            }
        }
        return Map.copyOf(byName);
    }

    // ---- table helpers ----

    private static Def def(String name, ConfigType<?> type, String defaultValue) {
        return new Def(name, type, defaultValue);
    }

    private static Def bool(String name, boolean defaultValue) {
        return def(name, new Bool(), defaultValue ? "yes" : "no");
    }

    private static Def integer(String name, long min, long max, long defaultValue) {
        return def(name, Numeric.integer(min, max), Long.toString(defaultValue));
    }

    private static Def memory(String name, long min, long max, String defaultValue) {
        return def(name, Numeric.memory(min, max), defaultValue);
    }

    private static Def oneOf(String name, String defaultValue, String... values) {
        return def(name, OneOf.of(values), defaultValue);
    }

    private static Def text(String name, String defaultValue) {
        return def(name, Text.any(), defaultValue);
    }

    /** A setting of the TLS listener and HTTPS, which CONFIG SET reloads (refused if the result does not load). */
    private static ConfigParameter tls(Def def, String what) {
        return def.honoured().note(what + "; reloaded on CONFIG SET").build();
    }

    /** {@code enable-*-command} and {@code enable-protected-configs}: no, yes, or local connections only. */
    private static Def enabling(String name) {
        return oneOf(name, "no", "no", "yes", "local").immutable();
    }

    /** A table row under construction. */
    private static final class Def {
        private final String name;
        private final ConfigType<?> type;
        private final String defaultValue;
        private final List<String> aliases = new ArrayList<>();
        private Mutability mutability = Mutability.MUTABLE;
        private boolean honoured;
        private boolean hidden;
        private String redisDefault;
        private String note = "";

        Def(String name, ConfigType<?> type, String defaultValue) {
            this.name = name;
            this.type = type;
            this.defaultValue = defaultValue;
        }

        Def alias(String alias) {
            aliases.add(alias);
            return this;
        }

        Def immutable() {
            mutability = Mutability.IMMUTABLE;
            return this;
        }

        Def protectedConfig() {
            mutability = Mutability.PROTECTED;
            return this;
        }

        Def hidden() {
            hidden = true;
            return this;
        }

        Def honoured() {
            honoured = true;
            return this;
        }

        Def note(String text) {
            note = text;
            return this;
        }

        /** Redactor's default differs from Redis's, which CONFIG GET prints as {@code redisValue}. */
        Def redactor(String redisValue, String why) {
            redisDefault = redisValue;
            note = why;
            return this;
        }

        ConfigParameter build() {
            return new ConfigParameter(name, aliases, type, defaultValue, mutability, honoured, hidden,
                    redisDefault, note.isEmpty() && !honoured ? LATER : note);
        }
    }
}
