package io.redactor.actors.node.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** CONFIG GET, checked against what Redis 7.0.15 answered. */
class RuntimeConfigGetTest {
    /**
     * Pattern, and the names Redis 7.0.15 returned for {@code CONFIG GET pattern} (sorted, space-separated):
     * case-insensitive glob matching against every visible name, aliases included.
     */
    private static final String[][] REDIS_CONFIG_GET_PATTERNS = {
            {"H?", "hz"},
            {"h[Z-a]", ""},
            {"h[a-Z]", ""},
            {"H[A-Z]", "hz"},
            {"h[\\Z]", ""},
            {"h\\Z*", "hz"},
            {"h\\z*", "hz"},
            {"MAXMEMORY*", "maxmemory maxmemory-clients maxmemory-eviction-tenacity maxmemory-policy maxmemory-samples"},
            {"maxmemory-?olicy", "maxmemory-policy"},
            {"*LFU*", "lfu-decay-time lfu-log-factor"},
            {"[L]FU*", "lfu-decay-time lfu-log-factor"},
            {"lfu-[^d]*", "lfu-log-factor"},
            {"LFU-[^D]*", "lfu-log-factor"},
            {"*SLAVE*", "cluster-slave-no-failover cluster-slave-validity-factor min-slaves-max-lag min-slaves-to-write repl-ping-slave-period slave-announce-ip slave-announce-port slave-ignore-maxmemory slave-lazy-flush slave-priority slave-read-only slave-serve-stale-data slaveof"},
            {"slave-*", "slave-announce-ip slave-announce-port slave-ignore-maxmemory slave-lazy-flush slave-priority slave-read-only slave-serve-stale-data"},
            {"Hash-max-*-Entries", "hash-max-listpack-entries hash-max-ziplist-entries"},
            {"tls-*-file", "tls-ca-cert-file tls-cert-file tls-client-cert-file tls-client-key-file tls-dh-params-file tls-key-file"},
            {"TLS-[c-k]*-FILE", "tls-ca-cert-file tls-cert-file tls-client-cert-file tls-client-key-file tls-dh-params-file tls-key-file"},
            {"*-[0-9]*", ""},
            {"[^a-r]*", "sanitize-dump-payload save server_cpulist set-max-intset-entries set-proc-title shutdown-on-sigint shutdown-on-sigterm shutdown-timeout slave-announce-ip slave-announce-port slave-ignore-maxmemory slave-lazy-flush slave-priority slave-read-only slave-serve-stale-data slaveof slowlog-log-slower-than slowlog-max-len socket-mark-id stop-writes-on-bgsave-error stream-node-max-bytes stream-node-max-entries supervised syslog-enabled syslog-facility syslog-ident tcp-backlog tcp-keepalive timeout tls-auth-clients tls-ca-cert-dir tls-ca-cert-file tls-cert-file tls-ciphers tls-ciphersuites tls-client-cert-file tls-client-key-file tls-client-key-file-pass tls-cluster tls-dh-params-file tls-key-file tls-key-file-pass tls-port tls-prefer-server-ciphers tls-protocols tls-replication tls-session-cache-size tls-session-cache-timeout tls-session-caching tracking-table-max-keys unixsocket unixsocketperm zset-max-listpack-entries zset-max-listpack-value zset-max-ziplist-entries zset-max-ziplist-value"},
            {"zset-max-[lz]*", "zset-max-listpack-entries zset-max-listpack-value zset-max-ziplist-entries zset-max-ziplist-value"},
            {"Z*", "zset-max-listpack-entries zset-max-listpack-value zset-max-ziplist-entries zset-max-ziplist-value"},
            {"*z", "dynamic-hz hz"},
            {"*Z", "dynamic-hz hz"},
            {"[x-z]*", "zset-max-listpack-entries zset-max-listpack-value zset-max-ziplist-entries zset-max-ziplist-value"},
            {"[X-Z]*", "zset-max-listpack-entries zset-max-listpack-value zset-max-ziplist-entries zset-max-ziplist-value"},
            {"ac?", ""},
            {"a*file", "aclfile"},
            {"*-percentiles", "latency-tracking-info-percentiles"},
            {"repl-ping-*-period", "repl-ping-replica-period repl-ping-slave-period"},
            {"appendfilenam?", "appendfilename"},
            {"bind*", "bind bind-source-addr"},
            {"[b]ind", "bind"},
            {"port*", "port"},
            {"*port", "cluster-announce-bus-port cluster-announce-port cluster-announce-tls-port cluster-port port replica-announce-port slave-announce-port tls-port"},
            {"PORT?", ""},
            {"??", "hz"},
            {"???", "dir"},
            {"h*z", "hz"},
            {"d?r", "dir"},
            {"d[I]r", "dir"},
            {"d[^I]r", ""},
            {"cluster-*-port", "cluster-announce-bus-port cluster-announce-port cluster-announce-tls-port"},
            {"client-*-limit", "client-output-buffer-limit client-query-buffer-limit"},
            {"*[", ""},
            {"[", ""},
            {"hz[", ""},
            {"h[z", "hz"},
            {"h[", ""},
            {"io-thread[", ""},
            {"bind[^", ""},
            {"dir[^", ""},
            {"d\\I[r]", "dir"},
            {"ma\\xmemory*", "maxmemory maxmemory-clients maxmemory-eviction-tenacity maxmemory-policy maxmemory-samples"},
            {"*_cpulist", "aof_rewrite_cpulist bgsave_cpulist bio_cpulist server_cpulist"},
            {"*\\-*\\-*\\-*\\-*", "active-defrag-max-scan-fields auto-aof-rewrite-min-size cluster-allow-pubsubshard-when-down cluster-allow-reads-when-down repl-diskless-sync-max-replicas replica-ignore-disk-write-errors stop-writes-on-bgsave-error tls-client-key-file-pass"},
    };

    private final RuntimeConfig config = new RuntimeConfig(Map.of(), () -> 20000);

    private List<String> get(String... patterns) {
        List<byte[]> args = new ArrayList<>();
        for (String pattern : patterns) {
            args.add(pattern.getBytes(StandardCharsets.ISO_8859_1));
        }
        Reply reply = config.configGet(args);
        List<String> flat = new ArrayList<>();
        for (Reply item : ((MapReply) reply).keysAndValues()) {
            flat.add(((BulkString) item).asString());
        }
        return flat;
    }

    private List<String> names(String... patterns) {
        List<String> flat = get(patterns);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < flat.size(); i += 2) {
            names.add(flat.get(i));
        }
        return names;
    }

    @Test
    void patternsMatchLikeRedis() {
        for (String[] c : REDIS_CONFIG_GET_PATTERNS) {
            List<String> expected = c[1].isEmpty() ? List.of() : Arrays.asList(c[1].split(" "));
            assertEquals(expected, new ArrayList<>(new TreeSet<>(names(c[0]))), c[0]);
        }
    }

    @Test
    void exactNamesAreAnsweredAsGiven() {
        assertEquals(List.of("HZ", "10"), get("HZ"));
        assertEquals(List.of("MAXMEMORY", "0"), get("MAXMEMORY"));
        assertEquals(List.of("hash-max-ziplist-entries", "512"), get("hash-max-ziplist-entries"));
        assertEquals(List.of("replicaof", "", "slaveof", ""), get("replicaof", "slaveof"));
        assertEquals(List.of("lua-time-limit", "5000", "busy-reply-threshold", "5000"),
                get("lua-time-limit", "busy-reply-threshold"));
    }

    @Test
    void eachNameOnce() {
        assertEquals(List.of("HZ", "10"), get("HZ", "hz", "hZ"));
        assertEquals(List.of("maxmemory", "0"), get("maxmemory", "maxmemory"));
        assertEquals(List.of("maxmemory", "0"), get("maxmemory", "MAXMEMORY"));
        assertEquals(List.of("hz"), names("h?", "hz", "h*z"));
        List<String> both = names("hz", "h*");
        assertEquals("hz", both.get(0));
        assertEquals(6, both.size());
        assertEquals(192, names("*", "*", "h*").size());
    }

    @Test
    void aliasesMatchPatterns() {
        assertEquals(List.of("hash-max-listpack-entries", "hash-max-ziplist-entries"), names("hash-max-*-entries"));
        assertEquals(List.of("hash-max-ziplist-entries", "hash-max-ziplist-value"), names("hash-max-zip*"));
    }

    @Test
    void nothingMatches() {
        assertEquals(List.of(), get("nonexistent"));
        assertEquals(List.of(), get(""));
        assertEquals(List.of(), get("h\\z")); // no wildcard: looked up as the name "h\z"
        assertEquals(List.of(), get("hz]"));
        assertEquals(List.of(), get("a\r\nb"));
        assertEquals(List.of(), get("h\u00e9*"));
        assertEquals(List.of("hz", "10"), get("[h]z"));
    }

    @Test
    void hiddenParametersOnlyByExactName() {
        assertEquals(List.of("watchdog-period", "0", "loading-process-events-interval-bytes", "2097152"),
                get("watchdog-period", "loading-process-events-interval-bytes"));
        assertEquals(List.of(), get("rdb-key*"));
        assertEquals(List.of("RDB-KEY-SAVE-DELAY", "0"), get("RDB-KEY-SAVE-DELAY"));
    }

    @Test
    void starListsEveryVisibleName() {
        List<String> names = names("*");
        assertEquals(192, names.size());
        assertEquals(new ArrayList<>(new TreeSet<>(names)), names);
    }

    @Test
    void noPatternsNoAnswer() {
        assertEquals(new MapReply(List.of()), config.configGet(List.of()));
    }

    @Test
    void hostilePatterns() {
        assertEquals(List.of(), names("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b"));
        assertEquals(List.of(), names("*".repeat(100_000) + "x" + "?".repeat(100_000)));
        assertEquals(List.of(), names("[" + "a-".repeat(100_000)));
    }
}
