package io.redactor.e2e.server;

import io.redactor.testing.DebugSideBySideTest;
import io.redactor.testing.RawClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * LATENCY side by side with a real Redis 7.0 (private, with DEBUG enabled): events recorded past
 * {@code latency-monitor-threshold}, LATEST, HISTORY, GRAPH and DOCTOR texts (numbers aside), RESET, HISTOGRAM's
 * buckets, and the replies to hostile input byte for byte.
 */
class LatencyTest extends DebugSideBySideTest {
    @BeforeEach
    void reset() {
        for (RawClient client : List.of(server.raw(), redis.raw())) {
            try (client) {
                client.call("CONFIG", "SET", "latency-monitor-threshold", "0", "slowlog-log-slower-than", "10000");
                client.call("LATENCY", "RESET");
                client.call("CONFIG", "RESETSTAT");
            }
        }
    }

    @Test
    void withoutEventsAnswersAsRedis() {
        List<List<String>> commands = List.of(List.of("LATENCY", "LATEST"), List.of("LATENCY", "HISTORY", "command"),
                List.of("LATENCY", "GRAPH", "command"), List.of("LATENCY", "RESET"),
                List.of("LATENCY", "RESET", "command", "nosuch"), List.of("LATENCY", "DOCTOR"),
                List.of("LATENCY", "HELP"), List.of("LATENCY", "help"), List.of("LATENCY"),
                List.of("LATENCY", "NOSUCH"), List.of("LATENCY", "LATEST", "x"), List.of("LATENCY", "HISTORY"),
                List.of("LATENCY", "HISTORY", "a", "b"), List.of("LATENCY", "GRAPH"), List.of("LATENCY", "DOCTOR", "x"),
                List.of("LATENCY", "HELP", "x"), List.of("LATENCY", "HISTOGRAM", "nosuch"),
                List.of("LATENCY", "HISTOGRAM", ""), List.of("CONFIG", "SET", "latency-monitor-threshold", "-1"),
                List.of("CONFIG", "SET", "latency-monitor-threshold", "abc"),
                List.of("CONFIG", "GET", "latency-monitor-threshold"));
        try (RawClient ours = server.raw(); RawClient theirs = redis.raw()) {
            for (List<String> command : commands) {
                String[] args = command.toArray(String[]::new);
                assertEquals(theirs.call(args), ours.call(args), String.join(" ", command));
            }
            // with the monitor on and nothing slow yet, the doctor has nothing to say
            for (RawClient client : List.of(ours, theirs)) {
                client.call("CONFIG", "SET", "latency-monitor-threshold", "100");
            }
            assertEquals(withoutHugePages(theirs.call("LATENCY", "DOCTOR")),
                    withoutHugePages(ours.call("LATENCY", "DOCTOR")));
        }
    }

    /** Redis's doctor advises against transparent huge pages when the process has some: machine-dependent. */
    private static String withoutHugePages(String doctor) {
        return doctor.replaceAll("(?s)\nI have a few advices for you:\n\n- I detected a non zero amount.*", "");
    }

    /** The numbers of a text (ids, times, latencies, labels), which differ between two servers. */
    private static String numbersOut(String text) {
        return text.replaceAll("\\d+(\\.\\d+)?", "N");
    }

    @Test
    void aSlowCommandIsAnEvent() {
        Map<String, String> texts = new TreeMap<>();
        for (RawClient client : List.of(server.raw(), redis.raw())) {
            try (client) {
                client.call("CONFIG", "SET", "latency-monitor-threshold", "100");
                client.call("PING");
                assertEquals("*0\r\n", client.call("LATENCY", "LATEST"), "nothing under the threshold");
                client.call("DEBUG", "SLEEP", "0.15");
                List<Object> latest = RespValue.list(RespValue.parse(client.call("LATENCY", "LATEST")));
                assertEquals(1, latest.size(), latest.toString());
                List<Object> event = RespValue.list(latest.get(0));
                assertEquals("command", event.get(0));
                assertTrue(Math.abs((Long) event.get(1) - System.currentTimeMillis() / 1000) <= 5, event.toString());
                assertTrue((Long) event.get(2) >= 150 && (Long) event.get(2) < 1500, event.toString());
                assertEquals(event.get(2), event.get(3), "the all-time high of a single sample is the sample");
                List<Object> history = RespValue.list(RespValue.parse(client.call("LATENCY", "HISTORY", "command")));
                assertEquals(List.of(List.of(event.get(1), event.get(2))), history);
                assertEquals(":0\r\n", client.call("LATENCY", "RESET", "nosuch"));
                String key = client.call("INFO", "server").contains("redactor") ? "ours" : "redis";
                texts.put(key + " graph", numbersOut(client.call("LATENCY", "GRAPH", "command")));
                texts.put(key + " doctor", numbersOut(withoutHugePages(client.call("LATENCY", "DOCTOR"))));
                client.call("CONFIG", "SET", "slowlog-log-slower-than", "-1");
                texts.put(key + " doctor with slowlog off", numbersOut(withoutHugePages(
                        client.call("LATENCY", "DOCTOR"))));
                assertEquals(":1\r\n", client.call("LATENCY", "RESET", "COMMAND"), "names are case-insensitive");
                assertEquals("*0\r\n", client.call("LATENCY", "LATEST"));
            }
        }
        assertEquals(texts.get("redis graph"), texts.get("ours graph"));
        assertEquals(texts.get("redis doctor"), texts.get("ours doctor"));
        assertEquals(texts.get("redis doctor with slowlog off"), texts.get("ours doctor with slowlog off"));
    }

    /** A command's histogram buckets: Redis's powers of two nanoseconds, read in microseconds. */
    private static final Set<Long> BUCKETS = bucketBounds();

    private static Set<Long> bucketBounds() {
        Set<Long> bounds = new java.util.HashSet<>();
        for (long level = 1024; level <= 1L << 30; level *= 2) {
            long unit = Long.highestOneBit(level) >> 7;
            bounds.add((level + Math.max(1, unit) - 1) / 1000);
        }
        return bounds;
    }

    /** LATENCY HISTOGRAM's reply as command -> calls, each bucket checked. */
    private static Map<String, Long> histogram(RawClient client, String... commands) {
        List<String> args = new ArrayList<>(List.of("LATENCY", "HISTOGRAM"));
        args.addAll(List.of(commands));
        List<Object> map = RespValue.list(RespValue.parse(client.call(args.toArray(String[]::new))));
        Map<String, Long> calls = new TreeMap<>();
        for (int i = 0; i < map.size(); i += 2) {
            List<Object> entry = RespValue.list(map.get(i + 1));
            assertEquals("calls", entry.get(0));
            assertEquals("histogram_usec", entry.get(2));
            List<Object> buckets = RespValue.list(entry.get(3));
            long previous = 0;
            for (int b = 0; b < buckets.size(); b += 2) {
                assertTrue(BUCKETS.contains((Long) buckets.get(b)), "bucket " + buckets.get(b) + " of " + map);
                assertTrue((Long) buckets.get(b + 1) > previous, "cumulative, growing: " + buckets);
                previous = (Long) buckets.get(b + 1);
            }
            assertEquals(entry.get(1), previous, "the last bucket holds every call");
            calls.put((String) map.get(i), (Long) entry.get(1));
        }
        return calls;
    }

    @Test
    void histogramsAsRedis() {
        List<Map<String, Long>> seen = new ArrayList<>();
        for (RawClient client : List.of(server.raw(), redis.raw())) {
            try (client) {
                client.call("CONFIG", "RESETSTAT");
                for (int i = 0; i < 5; i++) {
                    client.call("SET", "h" + i, "v");
                }
                client.call("GET", "h1");
                client.call("CONFIG", "GET", "hz");
                client.call("CLIENT", "ID");
                Map<String, Long> all = histogram(client);
                all.remove("latency|histogram");
                seen.add(all);
                seen.add(histogram(client, "set", "CONFIG", "nosuch", "client|id", "client|nosuch"));
                client.call("CONFIG", "SET", "latency-tracking", "no");
                client.call("CONFIG", "RESETSTAT");
                client.call("SET", "h", "v");
                seen.add(histogram(client));
                client.call("CONFIG", "SET", "latency-tracking", "yes");
            }
        }
        assertEquals(seen.subList(3, 6), seen.subList(0, 3));
        assertEquals(Map.of("client|id", 1L, "config|get", 1L, "config|resetstat", 1L, "get", 1L, "set", 5L),
                seen.get(0));
        assertEquals(Map.of(), seen.get(2), "no histograms while latency-tracking is no");
    }
}
