package io.redactor.actors.node.config;

import io.redactor.actors.data.KeyspaceEvents;

import static io.redactor.actors.node.config.RuntimeConfigSetTest.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.SimpleString;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Start-up overrides, typed accessors, listeners and concurrency. */
class RuntimeConfigTest {

    @Test
    void defaultsOfTheHonouredParameters() {
        RuntimeConfig config = new RuntimeConfig(Map.of(), () -> 20000);
        assertEquals(512L * 1024 * 1024, config.protoMaxBulkLen());
        assertEquals(1024L * 1024 * 1024, config.clientQueryBufferLimit());
        assertEquals(10000, config.maxclients());
        assertEquals(0, config.timeoutSeconds());
        assertEquals("noeviction", config.maxmemoryPolicy());
        assertFalse(config.lfuPolicy());
        assertEquals(10, config.lfuLogFactor());
        assertEquals(1, config.lfuDecayTime());
        assertEquals(10, config.hz());
        assertEquals(0, config.maxmemory());
        assertEquals(5000, config.busyReplyThresholdMs());
        assertEquals(300, config.tcpKeepalive());
        assertEquals("", config.notifyKeyspaceEvents());
        assertEquals(0, config.notifyKeyspaceEventFlags());
        assertFalse(config.lazyfreeLazyUserFlush());
        assertEquals(new OutputBufferLimit(0, 0, 0), config.outputBufferLimit("normal"));
        assertEquals(new OutputBufferLimit(256L << 20, 64L << 20, 60), config.outputBufferLimit("replica"));
        assertEquals(new OutputBufferLimit(256L << 20, 64L << 20, 60), config.outputBufferLimit("slave"));
        assertEquals(new OutputBufferLimit(32L << 20, 8L << 20, 60), config.outputBufferLimit("pubsub"));
        assertThrows(IllegalArgumentException.class, () -> config.outputBufferLimit("master"));
        assertEquals("6379", config.get("port"));
        assertEquals("127.0.0.1", config.get("bind"));
        assertEquals("16", config.get("databases"));
        assertEquals(List.of(), config.warnings());
    }

    @Test
    void accessorsFollowConfigSet() {
        RuntimeConfig config = new RuntimeConfig(Map.of(), () -> 20000);
        assertSame(SimpleString.OK, config.configSet(args("proto-max-bulk-len", "2mb", "client-query-buffer-limit",
                "3mb", "maxclients", "50", "timeout", "7", "maxmemory-policy", "volatile-lfu", "lfu-log-factor", "3",
                "lfu-decay-time", "4", "hz", "1000", "maxmemory", "1gb", "lua-time-limit", "250", "tcp-keepalive",
                "0", "notify-keyspace-events", "KEA", "lazyfree-lazy-user-flush", "yes",
                "client-output-buffer-limit", "pubsub 1k 2k 3 slave 18446744073709551615 0 9")));
        assertEquals(2L << 20, config.protoMaxBulkLen());
        assertEquals(3L << 20, config.clientQueryBufferLimit());
        assertEquals(50, config.maxclients());
        assertEquals(7, config.timeoutSeconds());
        assertEquals("volatile-lfu", config.maxmemoryPolicy());
        assertTrue(config.lfuPolicy());
        assertEquals(3, config.lfuLogFactor());
        assertEquals(4, config.lfuDecayTime());
        assertEquals(500, config.hz());
        assertEquals(1L << 30, config.maxmemory());
        assertEquals(250, config.busyReplyThresholdMs());
        assertEquals(0, config.tcpKeepalive());
        assertEquals("AKE", config.notifyKeyspaceEvents());
        assertEquals(KeyspaceEvents.ALL | KeyspaceEvents.KEYSPACE | KeyspaceEvents.KEYEVENT,
                config.notifyKeyspaceEventFlags());
        assertTrue(config.lazyfreeLazyUserFlush());
        assertEquals(new OutputBufferLimit(1000, 2000, 3), config.outputBufferLimit("pubsub"));
        // byte counts past Long.MAX_VALUE read as Long.MAX_VALUE, print as Redis does
        assertEquals(new OutputBufferLimit(Long.MAX_VALUE, 0, 9), config.outputBufferLimit("replica"));
        assertEquals("normal 0 0 0 slave 18446744073709551615 0 9 pubsub 1000 2000 3",
                config.get("client-output-buffer-limit"));
        assertSame(SimpleString.OK, config.configSet(args("maxmemory-policy", "allkeys-lru")));
        assertFalse(config.lfuPolicy());
    }

    @Test
    void overridesAcceptAliasesAnyCaseAndImmutableParameters() {
        Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put("port", "7000");
        overrides.put("bind", "0.0.0.0 ::");
        overrides.put("Daemonize", "yes");
        overrides.put("lua-time-limit", "100");
        overrides.put("SLAVE-READ-ONLY", "no");
        overrides.put("save", "900 1");
        overrides.put("client-output-buffer-limit", "normal 1mb 512kb 10");
        overrides.put("replicaof", "10.0.0.1 6380");
        overrides.put("requirepass", "p\u00e4ss");
        overrides.put("maxmemory", "2gb");
        RuntimeConfig config = new RuntimeConfig(overrides, () -> 20000);
        assertEquals("7000", config.get("port"));
        assertEquals("0.0.0.0 ::", config.get("bind"));
        assertEquals("yes", config.get("daemonize"));
        assertEquals(100, config.busyReplyThresholdMs());
        assertEquals("no", config.get("replica-read-only"));
        assertEquals("900 1", config.get("save"));
        assertEquals(new OutputBufferLimit(1 << 20, 512 << 10, 10), config.outputBufferLimit("normal"));
        assertEquals(new OutputBufferLimit(256L << 20, 64L << 20, 60), config.outputBufferLimit("replica"));
        assertEquals(new OutputBufferLimit(32L << 20, 8L << 20, 60), config.outputBufferLimit("pubsub"));
        assertEquals("10.0.0.1 6380", config.get("slaveof"));
        assertEquals("p\u00e4ss", config.get("requirepass"));
        // a start-up value in Unicode is the UTF-8 a client would send
        MapReply reply = (MapReply) config.configGet(args("requirepass"));
        assertEquals(BulkString.of("p\u00e4ss"), reply.keysAndValues().get(1));
        assertEquals(2L << 30, config.maxmemory());
    }

    @Test
    void invalidOverridesNameTheParameter() {
        assertEquals("Unknown configuration parameter 'maxmemroy'",
                startupError(Map.of("maxmemroy", "1gb")));
        assertEquals("Invalid value 'lots' for configuration parameter 'maxclients': "
                + "argument couldn't be parsed into an integer", startupError(Map.of("maxclients", "lots")));
        assertEquals("Invalid value '32' for configuration parameter 'databases': "
                + "argument must be between 16 and 16 inclusive", startupError(Map.of("databases", "32")));
        assertEquals("Invalid value '999' for configuration parameter 'io-threads': "
                + "argument must be between 1 and 128 inclusive", startupError(Map.of("io-threads", "999")));
        assertEquals("Invalid value 'x' for configuration parameter 'replicaof': wrong number of arguments",
                startupError(Map.of("replicaof", "x")));
        assertEquals("Invalid value 'x' for configuration parameter 'supervised': argument(s) must be one of the "
                + "following: upstart, systemd, auto, no", startupError(Map.of("supervised", "x")));
        assertEquals("Invalid value '8' for configuration parameter 'unixsocketperm': argument couldn't be parsed "
                + "as an octal number", startupError(Map.of("unixsocketperm", "8")));
        Map<String, String> twice = new LinkedHashMap<>();
        twice.put("lua-time-limit", "1");
        twice.put("busy-reply-threshold", "2");
        assertEquals("Configuration parameter 'busy-reply-threshold' is given twice, as 'lua-time-limit' and as "
                + "'busy-reply-threshold'", startupError(twice));
        Map<String, String> nullValue = new LinkedHashMap<>();
        nullValue.put("hz", null);
        assertEquals("No value for configuration parameter 'hz'", startupError(nullValue));
        assertEquals("Unknown configuration parameter ''", startupError(Map.of("", "1")));
        assertEquals("Invalid value 'yes' for configuration parameter 'tls-replication': Unable to update TLS "
                + "configuration. Check server logs.", startupError(Map.of("tls-replication", "yes")));
    }

    private static String startupError(Map<String, String> overrides) {
        return assertThrows(IllegalArgumentException.class, () -> new RuntimeConfig(overrides, () -> 20000))
                .getMessage();
    }

    @Test
    void startupReducesMaxclientsToTheOpenFileLimit() {
        RuntimeConfig config = new RuntimeConfig(Map.of("maxclients", "100000"), () -> 20000);
        assertEquals(19968, config.maxclients());
        assertEquals("19968", config.get("maxclients"));
        assertEquals(List.of("maxclients 100000 needs 100032 open files but the process may open 20000: "
                + "maxclients reduced to 19968"), config.warnings());
    }

    @Test
    void theRealProcessLimitIsUsed() {
        RuntimeConfig config = new RuntimeConfig(Map.of());
        assertTrue(config.maxclients() >= 1);
        assertEquals(177, config.parameters().size());
    }

    @Test
    void listenersRunAfterSuccessfulSets() {
        RuntimeConfig config = new RuntimeConfig(Map.of(), () -> 20000);
        List<String> hz = new ArrayList<>();
        List<String> timeout = new ArrayList<>();
        AtomicReference<Integer> hzSeenByListener = new AtomicReference<>();
        config.onChange("hz", value -> {
            hz.add(value);
            hzSeenByListener.set(config.hz());
        });
        config.onChange("timeout", timeout::add);
        List<String> busy = new ArrayList<>();
        config.onChange("lua-time-limit", busy::add);
        assertSame(SimpleString.OK, config.configSet(args("hz", "700")));
        assertEquals(List.of("500"), hz);
        assertEquals(500, hzSeenByListener.get());
        config.configSet(args("hz", "x"));
        config.configSet(args("hz", "5", "timeout", "x"));
        assertEquals(List.of("500"), hz);
        config.configSet(args("hz", "500", "timeout", "3"));
        assertEquals(List.of("500", "500"), hz);
        assertEquals(List.of("3"), timeout);
        config.configSet(args("busy-reply-threshold", "9"));
        assertEquals(List.of("9"), busy);
        assertThrows(IllegalArgumentException.class, () -> config.onChange("no-such", value -> { }));
    }

    @Test
    void aThrowingListenerDoesNotUndoTheSet() {
        RuntimeConfig config = new RuntimeConfig(Map.of(), () -> 20000);
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        List<String> later = new ArrayList<>();
        config.onChange("hz", value -> {
            throw new IllegalStateException("boom");
        });
        config.onChange("hz", later::add);
        Thread thread = Thread.currentThread();
        Thread.UncaughtExceptionHandler previous = thread.getUncaughtExceptionHandler();
        thread.setUncaughtExceptionHandler((t, e) -> reported.add(e));
        try {
            assertSame(SimpleString.OK, config.configSet(args("hz", "42")));
        } finally {
            thread.setUncaughtExceptionHandler(previous);
        }
        assertEquals(42, config.hz());
        assertEquals(List.of("42"), later);
        assertEquals("boom", reported.get(0).getMessage());
    }

    @Test
    void readersNeverSeeHalfASet() throws InterruptedException {
        RuntimeConfig config = new RuntimeConfig(Map.of("timeout", "10"), () -> 20000);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<String> failure = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            while (!stop.get()) {
                MapReply reply = (MapReply) config.configGet(args("hz", "timeout"));
                String hz = ((BulkString) reply.keysAndValues().get(1)).asString();
                String timeout = ((BulkString) reply.keysAndValues().get(3)).asString();
                if (!hz.equals(timeout)) {
                    failure.set(hz + " != " + timeout);
                }
            }
        });
        reader.start();
        List<Thread> writers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            Thread writer = new Thread(() -> {
                for (int i = 1; i <= 2000; i++) {
                    String value = Integer.toString(1 + i % 400);
                    config.configSet(args("hz", value, "timeout", value));
                }
            });
            writers.add(writer);
            writer.start();
        }
        for (Thread writer : writers) {
            writer.join();
        }
        stop.set(true);
        reader.join();
        assertEquals(null, failure.get());
        assertEquals(config.hz(), config.timeoutSeconds());
    }

    @Test
    void parametersAreDocumented() {
        RuntimeConfig config = new RuntimeConfig(Map.of(), () -> 20000);
        ConfigParameter maxmemory = config.parameters().stream().filter(p -> p.name().equals("maxmemory"))
                .findFirst().orElseThrow();
        assertTrue(maxmemory.honoured());
        assertEquals("memory 0..18446744073709551615", maxmemory.type().describe());
        ConfigParameter save = ConfigParameters.byName("save");
        assertTrue(save.honoured());
        assertEquals("3600 1 300 100 60 10000", save.defaultValue());
        assertEquals(List.of("busy-reply-threshold", "lua-time-limit"),
                ConfigParameters.byName("lua-time-limit").names());
    }
}
