package io.redactor.e2e.server;

import io.redactor.actors.node.CommandStatistics;
import io.redactor.testing.Eventually;
import io.redactor.testing.InfoFields;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * INFO commandstats and latencystats, and CONFIG RESETSTAT, compared with a real Redis 7 running the same commands
 * (times differ; the lines' shape and every count must match). On a private server, so that the counts are exact.
 */
class CommandStatsTest {
    private static final Pattern COMMANDSTAT = Pattern.compile(
            "calls=(\\d+),usec=(\\d+),usec_per_call=(\\d+\\.\\d\\d),rejected_calls=(\\d+),failed_calls=(\\d+)");
    private static final Pattern LATENCYSTAT = Pattern.compile("p50=\\d+\\.\\d{3},p99=\\d+\\.\\d{3},p99\\.9=\\d+\\.\\d{3}");

    private static TestRedactor server;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** GET, SET, an arity error, a failing INCR, commands from EVAL, MULTI/EXEC, unknown (sub)commands. */
    private static void mixedCommands(RawClient client) {
        client.call("DEL", "cs:k", "cs:s");
        client.call("SET", "cs:k", "1");
        client.call("GET", "cs:k");
        client.call("GET", "cs:k");
        client.call("GET");
        client.call("SET", "cs:s", "abc");
        client.call("INCR", "cs:s");
        client.call("INCR", "cs:k");
        client.call("EVAL", "return redis.call('get', KEYS[1])", "1", "cs:k");
        client.call("EVAL", "return redis.pcall('incr', KEYS[1])", "1", "cs:s");
        client.call("EVAL", "redis.pcall('incr', KEYS[1]) return 1", "1", "cs:s");
        client.call("EVAL", "return redis.pcall('get')", "0");
        client.call("EVAL", "return redis.pcall('config', 'get', 'x')", "0");
        client.call("EVAL", "redis.call('select', '0') return 1", "0");
        client.call("NOSUCHCOMMAND", "x");
        client.call("CONFIG", "GET");
        client.call("CONFIG", "NOSUCH");
        client.call("MULTI");
        client.call("INCR", "cs:k");
        client.call("EXEC");
        client.call("MULTI");
        client.call("INCR", "cs:k");
        client.call("GET");
        client.call("EXEC");
        client.call("MULTI");
        client.call("WATCH", "cs:k");
        client.call("DISCARD");
    }

    @Test
    void commandstatsCountLikeRedis() {
        Map<String, String> ours = run(server.raw(), CommandStatsTest::mixedCommands);
        Map<String, String> redis = run(RealRedis.shared().raw(), CommandStatsTest::mixedCommands);
        assertEquals(counts(redis), counts(ours));
        assertEquals("calls=3,rejected_calls=3,failed_calls=0", counts(ours).get("get"),
                "two GETs, one from a script; an arity error from the client, one in MULTI and one from a script");
        assertEquals("calls=5,rejected_calls=0,failed_calls=3", counts(ours).get("incr"));
        assertEquals("calls=6,rejected_calls=0,failed_calls=3", counts(ours).get("eval"));
        assertEquals("calls=0,rejected_calls=2,failed_calls=0", counts(ours).get("config|get"));
        assertEquals("calls=2,rejected_calls=0,failed_calls=1", counts(ours).get("exec"));
        ours.forEach((name, line) -> assertShape(line, name));
    }

    @Test
    void latencystatsListTheCommandsThatRan() {
        Map<String, String> ours = latency(server.raw(), CommandStatsTest::mixedCommands);
        Map<String, String> redis = latency(RealRedis.shared().raw(), CommandStatsTest::mixedCommands);
        assertEquals(redis.keySet(), ours.keySet());
        ours.forEach((name, line) -> assertTrue(LATENCYSTAT.matcher(line).matches(), name + ":" + line));
    }

    @Test
    void resetstatClearsEverythingButItself() {
        try (RawClient client = server.raw(); RawClient redis = RealRedis.shared().raw()) {
            for (RawClient each : List.of(client, redis)) {
                each.call("SET", "cs:k", "1");
                each.call("GET");
                each.call("CONFIG", "RESETSTAT");
            }
            Map<String, String> ours = counts(commandstats(client));
            assertEquals(counts(commandstats(redis)), ours);
            assertEquals(Map.of("config|resetstat", "calls=1,rejected_calls=0,failed_calls=0"), ours);
            assertEquals(List.of("latency_percentiles_usec_config|resetstat", "latency_percentiles_usec_info"),
                    new ArrayList<>(latencyLines(client.call("INFO", "latencystats")).keySet()),
                    "the INFO commandstats before");
            assertEquals(latencyLines(redis.call("INFO", "latencystats")).keySet(),
                    latencyLines(client.call("INFO", "latencystats")).keySet());
        }
    }

    @Test
    void blockedCommandsCountOnceWhenAnswered() throws Exception {
        Map<String, String> ours = run(server.raw(), client -> blockingCommands(client, server.port()));
        Map<String, String> redis = run(RealRedis.shared().raw(),
                client -> blockingCommands(client, RealRedis.shared().port()));
        assertEquals(counts(redis).get("blpop"), counts(ours).get("blpop"));
        assertEquals("calls=4,rejected_calls=0,failed_calls=2", counts(ours).get("blpop"),
                "timed out, served, CLIENT UNBLOCK (both ways count as failed in Redis 7.0), none while waiting");
    }

    @Test
    void refusalsInSubscriberModeAndInsideMultiAreRejectedCalls() {
        Consumer<RawClient> commands = client -> {
            client.call("SUBSCRIBE", "cs:channel");
            client.call("GET", "cs:k");
            client.call("PING");
            client.call("UNSUBSCRIBE");
            client.call("MULTI");
            client.call("SHUTDOWN");
            client.call("DISCARD");
        };
        Map<String, String> ours = run(server.raw(), commands);
        Map<String, String> redis = run(RealRedis.shared().raw(), commands);
        assertEquals(counts(redis), counts(ours));
        assertEquals("calls=0,rejected_calls=1,failed_calls=0", counts(ours).get("get"));
        assertEquals("calls=0,rejected_calls=1,failed_calls=0", counts(ours).get("shutdown"));
    }

    private static void blockingCommands(RawClient client, int port) {
        client.call("DEL", "cs:list");
        client.call("BLPOP", "cs:list", "0.05");
        try (RawClient blocked = new RawClient("127.0.0.1", port)) {
            blocked.command("BLPOP", "cs:list", "0");
            awaitBlocked(client);
            client.call("RPUSH", "cs:list", "x");
            blocked.readReply();
            for (String how : List.of("ERROR", "TIMEOUT")) {
                String id = blocked.call("CLIENT", "ID").replaceAll("[^0-9]", "");
                blocked.command("BLPOP", "cs:list", "0");
                awaitBlocked(client);
                client.call("CLIENT", "UNBLOCK", id, how);
                blocked.readReply();
            }
        }
    }

    private static void awaitBlocked(RawClient client) {
        Eventually.assertValue(1L, () -> InfoFields.number(bulk(client.call("INFO", "clients")), "blocked_clients"),
                "a client blocked");
    }

    @Test
    void infoAllHasTheStatisticsSectionsInRedisOrder() {
        try (Jedis jedis = server.jedis(); Jedis redis = RealRedis.shared().jedis()) {
            for (String section : List.of("all", "everything")) {
                List<String> ours = new ArrayList<>(titles(jedis.info(section)));
                assertEquals("Scripts", ours.removeLast(), "Redactor's own section comes last");
                assertEquals(titles(redis.info(section)), ours, section);
            }
            assertEquals(titles(redis.info()), titles(jedis.info()));
            assertTrue(!titles(jedis.info()).contains("Commandstats"), "not a default section");
        }
        try (RawClient client = server.raw()) {
            assertEquals(List.of("Commandstats", "Latencystats"),
                    titles(bulk(client.call("INFO", "latencystats", "commandstats"))));
        }
    }

    @Test
    void latencyTrackingOffEmptiesLatencystats() {
        try (RawClient client = server.raw()) {
            client.call("GET", "cs:k");
            try {
                client.call("CONFIG", "SET", "latency-tracking", "no");
                assertEquals("# Latencystats\r\n", bulk(client.call("INFO", "latencystats")));
                client.call("CONFIG", "SET", "latency-tracking", "yes");
                client.call("CONFIG", "SET", "latency-tracking-info-percentiles", "0 50 100 99.99");
                String line = latencyLines(client.call("INFO", "latencystats")).get("latency_percentiles_usec_get");
                assertTrue(line.matches("p0=\\d+\\.\\d{3},p50=\\d+\\.\\d{3},p100=\\d+\\.\\d{3},p99\\.99=\\d+\\.\\d{3}"),
                        line);
            } finally {
                client.call("CONFIG", "SET", "latency-tracking", "yes");
                client.call("CONFIG", "SET", "latency-tracking-info-percentiles", "50 99 99.9");
            }
        }
    }

    @Test
    void snapshotsForMetricsMatchInfo() {
        CommandStatistics stats = server.server().node().services().server().commandStats();
        try (RawClient client = server.raw()) {
            client.call("CONFIG", "RESETSTAT");
            for (int i = 0; i < 5; i++) {
                client.call("SET", "cs:k", "v" + i);
            }
            client.call("SET");
            client.call("HSET", "cs:k", "f", "v");
            Map<String, String> info = commandstats(client);
            Map<String, CommandStatistics.Snapshot> byName = new TreeMap<>();
            stats.snapshots().forEach(snapshot -> byName.put(snapshot.name(), snapshot));
            CommandStatistics.Snapshot set = byName.get("set");
            assertEquals(5, set.calls());
            assertEquals(1, set.rejected());
            assertEquals(5, set.bucketCounts()[CommandStatistics.BUCKET_BOUNDS_MICROS.length]);
            assertEquals(1, byName.get("hset").failed());
            assertTrue(byName.containsKey("info"), "INFO itself is counted once answered");
            for (String name : info.keySet()) {
                Matcher m = COMMANDSTAT.matcher(info.get(name));
                assertTrue(m.matches());
                assertEquals(Long.parseLong(m.group(1)), byName.get(name).calls(), name);
                assertEquals(Long.parseLong(m.group(4)), byName.get(name).rejected(), name);
                assertEquals(Long.parseLong(m.group(5)), byName.get(name).failed(), name);
            }
        }
    }

    // ---- helpers

    /** Runs {@code commands} after CONFIG RESETSTAT, then returns INFO commandstats by command name. */
    private static Map<String, String> run(RawClient client, Consumer<RawClient> commands) {
        try (client) {
            client.call("CONFIG", "RESETSTAT");
            commands.accept(client);
            return commandstats(client);
        }
    }

    private static Map<String, String> latency(RawClient client, Consumer<RawClient> commands) {
        try (client) {
            client.call("CONFIG", "RESETSTAT");
            commands.accept(client);
            return latencyLines(client.call("INFO", "latencystats"));
        }
    }

    /** "cmdstat_get" lines by command name ("get"). */
    private static Map<String, String> commandstats(RawClient client) {
        String text = bulk(client.call("INFO", "commandstats"));
        assertTrue(text.startsWith("# Commandstats\r\n"), text);
        Map<String, String> lines = new TreeMap<>();
        InfoFields.of(text).forEach((field, value) -> {
            assertTrue(field.startsWith("cmdstat_"), field);
            lines.put(field.substring("cmdstat_".length()), value);
        });
        return lines;
    }

    private static Map<String, String> latencyLines(String reply) {
        String text = bulk(reply);
        assertTrue(text.startsWith("# Latencystats\r\n"), text);
        return new TreeMap<>(InfoFields.of(text));
    }

    /** The counts of each command's line, without its times. */
    private static Map<String, String> counts(Map<String, String> lines) {
        Map<String, String> counts = new TreeMap<>();
        lines.forEach((name, line) -> {
            Matcher m = COMMANDSTAT.matcher(line);
            assertTrue(m.matches(), name + ":" + line);
            counts.put(name, "calls=" + m.group(1) + ",rejected_calls=" + m.group(4) + ",failed_calls=" + m.group(5));
        });
        return counts;
    }

    private static void assertShape(String line, String name) {
        Matcher m = COMMANDSTAT.matcher(line);
        assertTrue(m.matches(), name + ":" + line);
        long calls = Long.parseLong(m.group(1));
        long usec = Long.parseLong(m.group(2));
        String perCall = String.format(java.util.Locale.ROOT, "%.2f", calls == 0 ? 0.0 : (double) usec / calls);
        assertEquals(perCall, m.group(3), name + ":" + line);
    }

    /** The text of a bulk string reply. */
    private static String bulk(String reply) {
        assertTrue(reply.startsWith("$"), reply);
        return reply.substring(reply.indexOf("\r\n") + 2, reply.length() - 2);
    }

    private static List<String> titles(String info) {
        List<String> titles = new ArrayList<>();
        for (String line : info.split("\r\n")) {
            if (line.startsWith("# ")) {
                titles.add(line.substring(2));
            }
        }
        return titles;
    }
}
