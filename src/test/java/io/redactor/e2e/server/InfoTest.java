package io.redactor.e2e.server;

import io.redactor.testing.Eventually;
import io.redactor.testing.InfoFields;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * INFO's sections and figures, on a private server so that the counters and the client count are this test's
 * alone.
 */
class InfoTest {
    private static TestRedactor server;
    private Jedis jedis;

    @BeforeAll
    static void start() {
        server = TestRedactor.start(Map.of());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void connect() {
        jedis = server.jedis();
        jedis.flushAll();
        jedis.configResetStat();
    }

    @AfterEach
    void close() {
        jedis.close();
    }

    @Test
    void defaultSectionsAreRedisOnesInRedisOrder() {
        List<String> titles = titles(jedis.info());
        try (Jedis redis = RealRedis.shared().jedis()) {
            assertEquals(titles(redis.info()), titles);
            assertEquals(titles(redis.info("default")), titles(jedis.info("default")));
        }
        assertEquals(List.of("Server", "Clients"), titles(info("server", "CLIENTS")));
        assertEquals(List.of("Server", "Keyspace"), titles(info("keyspace", "server")),
                "Redis's order, not the asked one");
        assertEquals("", jedis.info("nosuchsection"));
        assertEquals(List.of("Modules"), titles(jedis.info("modules")));
    }

    @Test
    void serverSectionDescribesThisServer() {
        Map<String, String> fields = InfoFields.of(jedis.info("server"));
        assertEquals("7.0.15", fields.get("redis_version"));
        assertEquals("standalone", fields.get("redis_mode"));
        assertEquals(Long.toString(ProcessHandle.current().pid()), fields.get("process_id"));
        assertEquals(40, fields.get("run_id").length());
        long micros = Long.parseLong(fields.get("server_time_usec"));
        assertTrue(Math.abs(micros / 1000 - System.currentTimeMillis()) < 5000, "server_time_usec " + micros);
        assertTrue(Long.parseLong(fields.get("uptime_in_seconds")) >= 0);
    }

    @Test
    void tcpPortIsTheListeningPort() {
        assertEquals(Integer.toString(server.port()), InfoFields.of(jedis.info("server")).get("tcp_port"));
    }

    @Test
    void connectedClientsCountsOpenConnections() {
        // Connections of earlier tests may take a moment to be gone.
        Eventually.assertValue(1, () -> stat("clients", "connected_clients"), "connected_clients with one connection");
        List<Jedis> more = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            more.add(server.jedis());
        }
        assertEquals(4, stat("clients", "connected_clients"));
        more.forEach(Jedis::close);
        Eventually.assertValue(1, () -> stat("clients", "connected_clients"), "connected_clients after closing 3");
    }

    @Test
    void totalCommandsProcessedCountsEveryCommandButTheInfoBeingAnswered() {
        long before = stat("stats", "total_commands_processed");
        for (int i = 0; i < 10; i++) {
            jedis.ping();
        }
        assertEquals(before + 11, stat("stats", "total_commands_processed"), "10 PINGs and the first INFO");
    }

    @Test
    void keyspaceHitsAndMissesFollowReads() {
        jedis.set("present", "v");
        for (int i = 0; i < 3; i++) {
            jedis.get("present");
        }
        jedis.get("absent");
        jedis.exists("present", "absent");
        jedis.set("written", "v");
        jedis.del("absent");
        assertEquals(4, stat("stats", "keyspace_hits"));
        assertEquals(2, stat("stats", "keyspace_misses"), "writes and deletes are neither");
        jedis.configResetStat();
        assertEquals(0, stat("stats", "keyspace_hits"));
        assertEquals(0, stat("stats", "keyspace_misses"));
    }

    @Test
    void keyspaceSectionCountsKeysAndVolatileKeysPerDatabase() {
        assertEquals("# Keyspace\r\n", jedis.info("keyspace"));
        for (int i = 0; i < 50; i++) {
            jedis.set("k" + i, "v");
        }
        for (int i = 0; i < 20; i++) {
            jedis.expire("k" + i, 1000);
        }
        jedis.select(3);
        jedis.set("three", "v");
        Map<String, String> keyspace = InfoFields.of(jedis.info("keyspace"));
        assertTrue(keyspace.get("db0").startsWith("keys=50,expires=20,avg_ttl="), keyspace.toString());
        long avgTtl = Long.parseLong(keyspace.get("db0").replaceAll(".*avg_ttl=", ""));
        assertTrue(avgTtl > 900_000 && avgTtl <= 1_000_000, "avg_ttl " + avgTtl);
        assertEquals("keys=1,expires=0,avg_ttl=0", keyspace.get("db3"));
        assertEquals(List.of("db0", "db3"), List.copyOf(keyspace.keySet()));
    }

    @Test
    void errorstatsCountErrorRepliesByCode() {
        try (RawClient raw = server.raw()) {
            raw.call("NOSUCHCOMMAND");
            raw.call("GET");
            raw.call("HELLO", "9");
            raw.call("SET", "s", "v");
            raw.call("INCR", "s");
        }
        Map<String, String> errors = InfoFields.of(jedis.info("errorstats"));
        assertEquals(Map.of("errorstat_ERR", "count=3", "errorstat_NOPROTO", "count=1"), errors);
        assertEquals(4, stat("stats", "total_error_replies"));
        jedis.configResetStat();
        assertEquals("# Errorstats\r\n", jedis.info("errorstats"));
    }

    @Test
    void memorySectionHasRealFigures() {
        Map<String, String> memory = InfoFields.of(jedis.info("memory"));
        assertTrue(Long.parseLong(memory.get("used_memory")) > 0);
        assertTrue(Long.parseLong(memory.get("used_memory_rss")) > 0);
        assertEquals("noeviction", memory.get("maxmemory_policy"));
        assertEquals("0", memory.get("maxmemory"));
    }

    private String info(String... sections) {
        try (RawClient raw = server.raw()) {
            List<String> args = new ArrayList<>(List.of("INFO"));
            args.addAll(List.of(sections));
            String reply = raw.call(args.toArray(String[]::new));
            return reply.substring(reply.indexOf("\r\n") + 2);
        }
    }

    private long stat(String section, String field) {
        return InfoFields.number(jedis.info(section), field);
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
