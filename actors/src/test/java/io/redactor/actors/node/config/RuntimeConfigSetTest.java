package io.redactor.actors.node.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** CONFIG SET replies, checked against what Redis 7.0.15 answered to the same commands. */
class RuntimeConfigSetTest {
    private final RuntimeConfig config = new RuntimeConfig(Map.of(), () -> 20000);

    static List<byte[]> args(String... args) {
        List<byte[]> out = new ArrayList<>();
        for (String arg : args) {
            out.add(arg.getBytes(StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    private Reply set(String... args) {
        return config.configSet(args(args));
    }

    private void ok(String... args) {
        assertSame(SimpleString.OK, set(args), String.join(" ", args));
    }

    private void error(String message, String... args) {
        assertEquals(new ErrorReply(message), set(args), String.join(" ", args));
    }

    private static String failed(String name, String reason) {
        return "ERR CONFIG SET failed (possibly related to argument '" + name + "') - " + reason;
    }

    private String get(String name) {
        return config.get(name);
    }

    @Test
    void setsAndPrints() {
        ok("maxmemory", "1GB");
        assertEquals("1073741824", get("maxmemory"));
        ok("maxmemory", "1g");
        assertEquals("1000000000", get("maxmemory"));
        ok("maxmemory-policy", "ALLKEYS-LFU");
        assertEquals("allkeys-lfu", get("maxmemory-policy"));
        ok("notify-keyspace-events", "KEA");
        assertEquals("AKE", get("notify-keyspace-events"));
        ok("save", "+5 05");
        assertEquals("5 5", get("save"));
        ok("hz", "0");
        assertEquals("1", get("hz"));
        ok("repl-backlog-size", "1");
        assertEquals("16384", get("repl-backlog-size"));
    }

    @Test
    void unknownParameter() {
        error("ERR Unknown option or number of arguments for CONFIG SET - 'foo'", "foo", "1");
        error("ERR Unknown option or number of arguments for CONFIG SET - ''", "", "1");
        error("ERR Unknown option or number of arguments for CONFIG SET - 'foo'", "hz", "12", "foo", "1");
        error("ERR Unknown option or number of arguments for CONFIG SET - 'foo'", "hz", "x", "foo", "1");
        error("ERR Unknown option or number of arguments for CONFIG SET - 'foo'", "foo", "1", "hz", "x");
        // Redis replaces CR and LF in error texts with spaces
        error("ERR Unknown option or number of arguments for CONFIG SET - 'a  b'", "a\r\nb", "1");
        assertEquals("10", get("hz"));
    }

    @Test
    void nonAsciiNamesAreUnknown() {
        byte[] name = "h\u00e9llo".getBytes(StandardCharsets.UTF_8);
        Reply reply = config.configSet(List.of(name, "1".getBytes(StandardCharsets.UTF_8)));
        assertEquals(new ErrorReply("ERR Unknown option or number of arguments for CONFIG SET - 'h\u00e9llo'"), reply);
        Reply binary = config.configSet(List.of(new byte[] {(byte) 0xff, 0, 'x'}, new byte[] {'1'}));
        assertEquals("ERR", ((ErrorReply) binary).code());
    }

    @Test
    void namesAreCaseInsensitiveAndErrorsNameTheArgument() {
        ok("MaxMemory", "5mb");
        assertEquals("5242880", get("maxmemory"));
        // value errors name the parameter in lower case, name errors as given
        error(failed("hz", "argument couldn't be parsed into an integer"), "HZ", "x");
        error(failed("maxmemory-policy", "argument(s) must be one of the following: volatile-lru, volatile-lfu, "
                + "volatile-random, volatile-ttl, allkeys-lru, allkeys-lfu, allkeys-random, noeviction"),
                "Maxmemory-Policy", "x");
        error(failed("DAEMONIZE", "can't set immutable config"), "DAEMONIZE", "yes");
        error(failed("Dir", "can't set protected config"), "Dir", "x");
        error(failed("HZ", "duplicate parameter"), "hz", "10", "HZ", "11");
        error(failed("Hz", "duplicate parameter"), "hz", "1", "Hz", "2");
    }

    @Test
    void duplicates() {
        error(failed("hz", "duplicate parameter"), "hz", "10", "hz", "11");
        error(failed("hz", "duplicate parameter"), "hz", "1", "hz", "x", "foo", "1");
        // a name and its alias are not duplicates: the later one wins
        ok("hash-max-ziplist-entries", "1", "hash-max-listpack-entries", "2");
        assertEquals("2", get("hash-max-listpack-entries"));
        ok("hash-max-listpack-entries", "3", "hash-max-ziplist-entries", "4");
        assertEquals("4", get("hash-max-ziplist-entries"));
    }

    @Test
    void immutableAndProtected() {
        error(failed("daemonize", "can't set immutable config"), "daemonize", "yes");
        error(failed("daemonize", "can't set immutable config"), "daemonize", "yes", "foo", "1");
        error(failed("daemonize", "can't set immutable config"), "daemonize", "yes", "daemonize", "yes");
        error(failed("daemonize", "can't set immutable config"), "hz", "1", "daemonize", "1", "hz", "2");
        error(failed("hz", "duplicate parameter"), "hz", "1", "hz", "2", "daemonize", "1");
        error(failed("dir", "can't set protected config"), "hz", "1", "dir", "/tmp");
        error(failed("dir", "can't set protected config"), "dir", "x", "dir", "x");
        error(failed("dbfilename", "can't set protected config"), "dbfilename", "");
        for (String name : new String[] {"aclfile", "always-show-logo", "aof_rewrite_cpulist", "appenddirname",
            "appendfilename", "bgsave_cpulist", "bio_cpulist", "cluster-config-file", "cluster-enabled",
            "cluster-port", "daemonize", "databases", "disable-thp", "enable-debug-command", "enable-module-command",
            "enable-protected-configs", "io-threads", "io-threads-do-reads", "logfile", "pidfile", "rdbchecksum",
            "replicaof", "server_cpulist", "set-proc-title", "slaveof", "socket-mark-id", "supervised",
            "syslog-enabled", "syslog-facility", "syslog-ident", "tcp-backlog", "unixsocket", "unixsocketperm",
            // immutable in Redactor only: listeners are bound once
            "port", "bind"}) {
            error(failed(name, "can't set immutable config"), name, "junk!");
        }
        assertEquals("16", get("databases"));
    }

    @Test
    void protectedConfigsWhenEnabled() {
        RuntimeConfig open = new RuntimeConfig(Map.of("enable-protected-configs", "yes"), () -> 20000);
        assertSame(SimpleString.OK, open.configSet(args("dbfilename", "x.rdb")));
        assertEquals("x.rdb", open.get("dbfilename"));
        assertEquals(new ErrorReply(failed("dbfilename", "dbfilename can't be a path, just a filename")),
                open.configSet(args("dbfilename", "a/b")));
        assertEquals(new ErrorReply(failed("dir", "No such file or directory")),
                open.configSet(args("dir", "/nonexistent-redactor-dir")));
        assertEquals(new ErrorReply(failed("dir", "No such file or directory")), open.configSet(args("dir", "")));
        assertEquals(new ErrorReply(failed("dir", "Not a directory")), open.configSet(args("dir", "/etc/passwd")));
        assertSame(SimpleString.OK, open.configSet(args("dir", "/tmp/..")));
        assertEquals("/", open.get("dir"));

        RuntimeConfig local = new RuntimeConfig(Map.of("enable-protected-configs", "local"), () -> 20000);
        assertEquals(new ErrorReply(failed("dbfilename", "can't set protected config")),
                local.configSet(args("dbfilename", "x.rdb")));
        assertSame(SimpleString.OK, local.configSet(args("dbfilename", "x.rdb"), true));
    }

    @Test
    void valueErrorsOfEveryType() {
        error(failed("maxclients", "argument couldn't be parsed into an integer"), "maxclients", "junk!");
        error(failed("maxclients", "argument must be between 1 and 4294967295 inclusive"), "maxclients", "0");
        error(failed("maxmemory", "argument must be a memory value"), "maxmemory", "junk!");
        error(failed("maxmemory", "argument must be a memory value"), "maxmemory", "1.5mb");
        error(failed("maxmemory", "argument must be a memory value"), "maxmemory", "-1");
        error(failed("activerehashing", "argument must be 'yes' or 'no'"), "activerehashing", "junk!");
        error(failed("appendfsync", "argument(s) must be one of the following: everysec, always, no"),
                "appendfsync", "junk!");
        error(failed("client-output-buffer-limit", "Wrong number of arguments in buffer limit configuration."),
                "client-output-buffer-limit", "junk!");
        error(failed("notify-keyspace-events", "Invalid event class character. Use 'Ag$lshzxeKEtmdn'."),
                "notify-keyspace-events", "junk!");
        error(failed("save", "Invalid save parameters"), "save", "junk!");
        error(failed("oom-score-adj-values", "wrong number of arguments"), "oom-score-adj-values", "junk!");
        error(failed("latency-tracking-info-percentiles", "Invalid latency-tracking-info-percentiles parameters"),
                "latency-tracking-info-percentiles", "junk!");
        error(failed("maxmemory-clients", "argument must be a memory or percent value"), "maxmemory-clients", "junk!");
        error(failed("cluster-announce-hostname",
                "Hostnames may only contain alphanumeric characters, hyphens or dots"), "cluster-announce-hostname",
                "junk!");
        error(failed("proc-title-template", "template format is invalid or contains unknown variables"),
                "proc-title-template", "{title}");
        error(failed("shutdown-on-sigint", "argument(s) must be one of the following: default, save, nosave, now, "
                + "force"), "shutdown-on-sigint", "junk!");
        error(failed("active-defrag-cycle-max", "argument must be between 1 and 99 inclusive"),
                "active-defrag-cycle-max", "100");
        error(failed("client-query-buffer-limit", "argument must be between 1048576 and 9223372036854775807 inclusive"),
                "client-query-buffer-limit", "1kb");
        error(failed("lua-time-limit", "argument couldn't be parsed into an integer"), "lua-time-limit", "x");
        error(failed("hash-max-ziplist-entries", "argument couldn't be parsed into an integer"),
                "hash-max-ziplist-entries", "x");
        ok("bind-source-addr", "junk!");
        ok("cluster-announce-ip", "junk!");
        ok("tls-ciphers", "junk!");
        assertEquals("junk!", get("tls-ciphers"));
    }

    @Test
    void everythingOrNothing() {
        ok("hz", "20", "maxmemory", "1mb");
        error(failed("maxmemory", "argument must be a memory value"), "hz", "21", "maxmemory", "x");
        assertEquals("20", get("hz"));
        assertEquals("1048576", get("maxmemory"));
        error(failed("save", "Invalid save parameters"), "hz", "22", "save", "x");
        assertEquals("20", get("hz"));
        error(failed("hz", "argument couldn't be parsed into an integer"), "hz", "x", "maxclients", "y");
        error(failed("maxclients", "argument couldn't be parsed into an integer"), "maxclients", "y", "hz", "x");
        error(failed("client-output-buffer-limit", "Invalid client class specified in buffer limit configuration."),
                "client-output-buffer-limit", "normal 5 5 5 foo 1 2 3");
        assertEquals("normal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60",
                get("client-output-buffer-limit"));
        ok("client-output-buffer-limit", "normal 1 2 3", "maxmemory-policy", "allkeys-lru", "timeout", "30");
        assertEquals(new OutputBufferLimit(1, 2, 3), config.outputBufferLimit("normal"));
        assertEquals("allkeys-lru", config.maxmemoryPolicy());
        assertEquals(30, config.timeoutSeconds());
    }

    @Test
    void maxclientsIsLimitedByOpenFiles() {
        String tooMany = "The operating system is not able to handle the specified number of clients, try with 19968";
        error(failed("maxclients", tooMany), "maxclients", "100000");
        error(failed("maxclients", tooMany), "maxclients", "19969");
        error(failed("maxclients", tooMany), "maxclients", "4294967295");
        error(failed("maxclients", tooMany), "hz", "5", "maxclients", "100000");
        assertEquals("10", get("hz"));
        ok("maxclients", "19968");
        assertEquals(19968, config.maxclients());
        ok("maxclients", "10000");
        assertEquals(10000, config.maxclients());
    }

    @Test
    void maxclientsUnlimitedWhenTheLimitIsUnknown() {
        RuntimeConfig unknown = new RuntimeConfig(Map.of(), () -> -1);
        assertSame(SimpleString.OK, unknown.configSet(args("maxclients", "4294967295")));
        assertEquals("4294967295", unknown.get("maxclients"));
        assertEquals(Integer.MAX_VALUE, unknown.maxclients());
    }

    @Test
    void argumentCounts() {
        assertEquals(new ErrorReply("ERR wrong number of arguments for 'config|set' command"),
                config.configSet(List.of()));
        assertEquals(new ErrorReply("ERR syntax error"), config.configSet(args("a", "b", "c")));
        assertEquals(new ErrorReply("ERR syntax error"), config.configSet(args("a", "b", "c", "d", "e")));
    }

    @Test
    void hostileValues() {
        // Redis 7.0.15 wraps this to 18446744072635809792; Redactor saturates at 2^64-1
        ok("maxmemory", "99999999999999999999999gb");
        assertEquals("18446744073709551615", get("maxmemory"));
        assertEquals(Long.MAX_VALUE, config.maxmemory());
        ok("maxmemory", "0");
        error(failed("proto-max-bulk-len", "argument must be between 1048576 and 9223372036854775807 inclusive"),
                "proto-max-bulk-len", "99999999999999999999999gb");
        String huge = "x".repeat(10_000_000);
        error(failed("hz", "argument couldn't be parsed into an integer"), "hz", huge);
        error(failed("maxmemory", "argument must be a memory value"), "maxmemory", huge);
        error(failed("maxmemory", "argument must be a memory value"), "maxmemory", "9".repeat(1_000_000) + "x");
        ok("maxmemory", "9".repeat(1_000_000));
        assertEquals("18446744073709551615", get("maxmemory"));
        ok("requirepass", huge);
        assertEquals(huge.length(), get("requirepass").length());
        error(failed("notify-keyspace-events", "Invalid event class character. Use 'Ag$lshzxeKEtmdn'."),
                "notify-keyspace-events", "K".repeat(1_000_000) + " ");
        ok("notify-keyspace-events", "K".repeat(1_000_000));
        assertEquals("K", config.notifyKeyspaceEvents());
    }

    @Test
    void binaryValuesRoundTrip() {
        byte[] value = {0, (byte) 0xff, (byte) 0xc3, (byte) 0xa9, '\r', '\n', 'x'};
        assertSame(SimpleString.OK, config.configSet(List.of("masterauth".getBytes(StandardCharsets.US_ASCII), value)));
        Reply reply = config.configGet(List.of("masterauth".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(new io.redactor.core.reply.MapReply(List.of(io.redactor.core.reply.BulkString.of("masterauth"),
                new io.redactor.core.reply.BulkString(value))), reply);
    }

    @Test
    void tlsClusterAndReplicationCannotBeEnabled() {
        String noTls = "Unable to update TLS configuration. Check server logs.";
        error(failed("tls-port", "can't set immutable config"), "tls-port", "6380");
        error(failed("tls-cluster", noTls), "tls-cluster", "yes");
        error(failed("tls-replication", noTls), "tls-replication", "YES");
        ok("tls-cluster", "no", "tls-replication", "no", "tls-cert-file", "/x.pem", "tls-auth-clients", "optional");
        assertEquals("/x.pem", get("tls-cert-file"));
        assertEquals("optional", get("tls-auth-clients"));
    }

    @Test
    void aGuardRefusesASetWithoutChangingAnything() {
        java.util.List<String> seen = new java.util.ArrayList<>();
        config.guard(List.of("tls-cert-file", "tls-key-file"), value -> {
            seen.add(value.apply("tls-cert-file") + "|" + value.apply("tls-key-file"));
            return value.apply("tls-cert-file").equals("/bad.pem") ? "Unable to load" : null;
        });
        ok("tls-cert-file", "/good.pem", "tls-key-file", "/k.pem");
        error(failed("tls-key-file", "Unable to load"), "maxmemory", "10mb", "tls-key-file", "/k2.pem",
                "tls-cert-file", "/bad.pem");
        assertEquals("/good.pem", get("tls-cert-file"));
        assertEquals("/k.pem", get("tls-key-file"));
        assertEquals("0", get("maxmemory"), "nothing of a refused set is applied");
        ok("maxmemory", "10mb");
        assertEquals(List.of("/good.pem|/k.pem", "/bad.pem|/k2.pem"), seen, "the guard runs only for its parameters");
    }

    @Test
    void synonymsPrintAsRedisPrintsThem() {
        ok("oom-score-adj", "relative");
        assertEquals("yes", get("oom-score-adj"));
        ok("oom-score-adj", "ABSOLUTE");
        assertEquals("absolute", get("oom-score-adj"));
        error(failed("oom-score-adj", "argument(s) must be one of the following: no, yes, relative, absolute"),
                "oom-score-adj", "junk!");
    }

    @Test
    void multiValuedEnumAndSpecialTypes() {
        ok("shutdown-on-sigterm", "now nosave");
        assertEquals("nosave now", get("shutdown-on-sigterm"));
        error(failed("shutdown-on-sigterm", "shutdown options SAVE and NOSAVE can't be used simultaneously"),
                "shutdown-on-sigterm", "save nosave");
        ok("maxmemory-clients", "10%");
        assertEquals("10%", get("maxmemory-clients"));
        error(failed("maxmemory-clients", "percentage argument must be less or equal to 100"), "maxmemory-clients",
                "101%");
        ok("latency-tracking-info-percentiles", "33.333333333333");
        assertEquals("33.333333", get("latency-tracking-info-percentiles"));
        ok("oom-score-adj-values", "+1 02 3");
        assertEquals("1 2 3", get("oom-score-adj-values"));
    }
}
