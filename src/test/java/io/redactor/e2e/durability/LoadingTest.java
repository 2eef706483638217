package io.redactor.e2e.durability;

import io.redactor.testing.ServerProcess;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.exceptions.JedisDataException;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server process that takes seconds to load its data (Redis's {@code key-load-delay}: microseconds per key of an
 * RDB file, per command of an append-only file): meanwhile commands get {@code -LOADING}, INFO persistence shows
 * the load's progress, the REST API's readiness check says not ready while its liveness check says live; then
 * everything is there and it is ready.
 */
class LoadingTest {
    private static final int KEYS = 10_000;
    private static final String LOADING = "LOADING Redis is loading the dataset in memory";

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"rdb", "aof"})
    void commandsGetLoadingAndTheServerIsNotReadyUntilTheDataIsIn(String from) throws Exception {
        Map<String, String> config = new HashMap<>(Map.of("save", ""));
        if (from.equals("aof")) {
            config.putAll(Map.of("appendonly", "yes", "aof-use-rdb-preamble", "no"));
        }
        try (ServerProcess server = ServerProcess.start(dir, config); Jedis jedis = server.jedis()) {
            Pipeline pipeline = jedis.pipelined();
            for (int i = 0; i < KEYS; i++) {
                pipeline.set("k" + i, "v" + i);
            }
            pipeline.sync();
            if (from.equals("rdb")) {
                assertEquals("OK", jedis.save());
            }
            // a clean stop: under everysec the last millisecond of appends may not be written yet, and a kill
            // would lose them (within everysec's contract, but this test counts every key)
            assertEquals(0, server.terminate());
        }
        config.put("key-load-delay", "250"); // 10,000 keys or commands: 2.5 s
        HttpClient http = HttpClient.newHttpClient();
        try (ServerProcess server = ServerProcess.launch(dir, config); Jedis jedis = server.jedis()) {
            assertEquals(LOADING, assertThrows(JedisDataException.class, () -> jedis.get("k1")).getMessage());
            assertEquals(LOADING, assertThrows(JedisDataException.class, () -> jedis.set("k1", "x")).getMessage());
            Map<String, String> info = fields(jedis.info("persistence"));
            assertEquals("1", info.get("loading"), info.toString());
            assertTrue(Long.parseLong(info.get("loading_start_time")) > 0, info.toString());
            assertTrue(Long.parseLong(info.get("loading_total_bytes")) > 50_000, info.toString());
            assertTrue(Long.parseLong(info.get("loading_loaded_bytes")) < Long.parseLong(
                    info.get("loading_total_bytes")), info.toString());
            assertTrue(Double.parseDouble(info.get("loading_loaded_perc")) < 100, info.toString());
            assertTrue(info.containsKey("loading_eta_seconds"), info.toString());
            assertEquals(503, get(http, server, "/health/ready").statusCode());
            assertEquals(200, get(http, server, "/health/live").statusCode());

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (fields(jedis.info("persistence")).get("loading").equals("1")) {
                assertTrue(System.nanoTime() < deadline, "still loading after 20 s");
                Thread.sleep(50);
            }
            assertEquals(KEYS, jedis.dbSize());
            assertEquals("v1", jedis.get("k1"));
            assertEquals("v" + (KEYS - 1), jedis.get("k" + (KEYS - 1)));
            assertEquals(200, get(http, server, "/health/ready").statusCode());
            if (from.equals("rdb")) {
                assertEquals(Integer.toString(KEYS), fields(jedis.info("persistence")).get("rdb_last_load_keys_loaded"));
            }
        }
    }

    private static HttpResponse<String> get(HttpClient http, ServerProcess server, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, String> fields(String info) {
        Map<String, String> fields = new HashMap<>();
        for (String line : info.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                fields.put(line.substring(0, colon), line.substring(colon + 1));
            }
        }
        return fields;
    }
}
