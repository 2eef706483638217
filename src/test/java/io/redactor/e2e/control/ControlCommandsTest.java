package io.redactor.e2e.control;

import io.redactor.testing.DebugSideBySideTest;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CLIENT REPLY, CLIENT NO-EVICT, ROLE, WAIT, DEBUG SLEEP, CONFIG REWRITE and CLIENT LIST's buffer fields, side by
 * side with Redis 7.0.15 where the replies can be compared.
 */
class ControlCommandsTest extends DebugSideBySideTest {
    @Test
    void clientReplySilencesAsRedis() {
        List<List<String>> pipeline = List.of(
                List.of("CLIENT", "REPLY", "OFF"), List.of("PING", "a"), List.of("GET"), List.of("PING", "b"),
                List.of("CLIENT", "REPLY", "ON"), List.of("PING", "c"),
                List.of("CLIENT", "REPLY", "SKIP"), List.of("PING", "d"), List.of("PING", "e"),
                List.of("CLIENT", "REPLY", "SKIP"), List.of("CLIENT", "REPLY", "ON"), List.of("PING", "f"),
                List.of("CLIENT", "REPLY", "maybe"), List.of("CLIENT", "REPLY"),
                List.of("CLIENT", "REPLY", "OFF"), List.of("CLIENT", "REPLY", "SKIP"), List.of("PING", "g"),
                List.of("CLIENT", "REPLY", "ON"),
                List.of("CLIENT", "REPLY", "SKIP"), List.of("RESET"), List.of("PING", "h"),
                List.of("ECHO", "end"));
        assertEquals(allReplies(redis.raw(), pipeline), allReplies(server.raw(), pipeline));
    }

    private static String allReplies(RawClient client, List<List<String>> commands) {
        try (client) {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            for (List<String> command : commands) {
                client.command(command.toArray(String[]::new));
            }
            while (true) {
                byte[] reply = client.readReply();
                all.writeBytes(reply);
                if (new String(reply, StandardCharsets.ISO_8859_1).equals("$3\r\nend\r\n")) {
                    return all.toString(StandardCharsets.ISO_8859_1);
                }
            }
        }
    }

    @Test
    void noEvictIsRememberedAndShown() {
        for (RawClient client : List.of(redis.raw(), server.raw())) {
            try (client) {
                assertEquals("-ERR syntax error\r\n", client.call("CLIENT", "NO-EVICT", "maybe"));
                assertEquals("+OK\r\n", client.call("CLIENT", "NO-EVICT", "on"));
                assertEquals("e", fields(client.call("CLIENT", "INFO")).get("flags"));
                assertEquals("+OK\r\n", client.call("RESET").replace("RESET", "OK"));
                assertEquals("e", fields(client.call("CLIENT", "INFO")).get("flags"), "RESET keeps no-evict");
                assertEquals("+OK\r\n", client.call("CLIENT", "NO-EVICT", "OFF"));
                assertEquals("N", fields(client.call("CLIENT", "INFO")).get("flags"));
            }
        }
    }

    @Test
    void roleAndWaitAnswerAsAMasterWithoutReplicas() {
        List<List<String>> commands = List.of(List.of("ROLE"), List.of("ROLE", "x"), List.of("WAIT", "0", "0"),
                List.of("WAIT", "-1", "0"), List.of("WAIT", "-1", "-1"), List.of("WAIT", "x", "0"),
                List.of("WAIT", "1", "x"), List.of("WAIT", "1", "-5"), List.of("WAIT", "1", "1.5"),
                List.of("WAIT", "1", "99999999999999999999"), List.of("WAIT", "1"),
                List.of("MULTI"), List.of("WAIT", "5", "0"), List.of("EXEC"));
        assertEquals(replies(redis.raw(), commands), replies(server.raw(), commands));
    }

    @Test
    void waitWithReplicasAskedForWaitsItsTimeoutOrAnUnblock() {
        for (Object target : List.of(redis, server)) {
            try (RawClient client = raw(target); RawClient other = raw(target)) {
                long start = System.nanoTime();
                assertEquals(":0\r\n", client.call("WAIT", "1", "150"));
                long waitedMs = (System.nanoTime() - start) / 1_000_000;
                assertTrue(waitedMs >= 140, target + " answered WAIT after " + waitedMs + " ms");

                long id = Long.parseLong(client.call("CLIENT", "ID").substring(1).strip());
                client.command("WAIT", "3", "0");
                awaitBlocked(other, 1);
                assertTrue(other.call("CLIENT", "LIST", "ID", Long.toString(id)).contains(" flags=b "));
                assertEquals(":1\r\n", other.call("CLIENT", "UNBLOCK", Long.toString(id)));
                assertEquals(":0\r\n", client.readReplyText());
                client.command("WAIT", "3", "0");
                awaitBlocked(other, 1);
                assertEquals(":1\r\n", other.call("CLIENT", "UNBLOCK", Long.toString(id), "ERROR"));
                assertEquals("-UNBLOCKED client unblocked via CLIENT UNBLOCK\r\n", client.readReplyText());
                awaitBlocked(other, 0);
                client.command("WAIT", "1", "9223372036854775807");
                awaitBlocked(other, 1);
                assertEquals(":1\r\n", other.call("CLIENT", "UNBLOCK", Long.toString(id)));
                assertEquals(":0\r\n", client.readReplyText());
            }
        }
    }

    @Test
    void debugSleepHoldsTheKeyspace() {
        List<List<String>> commands = List.of(List.of("DEBUG", "SLEEP", "0"), List.of("DEBUG", "SLEEP", "abc"),
                List.of("DEBUG", "SLEEP", "-1"), List.of("DEBUG", "SLEEP"), List.of("DEBUG", "SLEEP", "0", "x"),
                List.of("DEBUG", "sleep", "0.0001x"), List.of("DEBUG", "NOSUCH"));
        assertEquals(replies(redis.raw(), commands), replies(server.raw(), commands));
        try (RawClient sleeper = server.raw(); RawClient reader = server.raw()) {
            long start = System.nanoTime();
            sleeper.command("DEBUG", "SLEEP", "0.3");
            assertEquals("+PONG\r\n", reader.call("PING"));
            long beforeGet = System.nanoTime();
            assertEquals("$-1\r\n", reader.call("GET", "sleep-test"));
            assertEquals("+OK\r\n", sleeper.readReplyText());
            long sleptMs = (System.nanoTime() - start) / 1_000_000;
            long getWaitedMs = (System.nanoTime() - beforeGet) / 1_000_000;
            assertTrue(sleptMs >= 290, "slept " + sleptMs + " ms");
            assertTrue(getWaitedMs >= 150, "a GET during DEBUG SLEEP waited " + getWaitedMs + " ms");
        }
    }

    @Test
    void configRewriteWithoutAFileIsRefusedAsInRedis() {
        List<List<String>> commands = List.of(List.of("CONFIG", "REWRITE"), List.of("CONFIG", "REWRITE", "x"));
        assertEquals(replies(redis.raw(), commands), replies(server.raw(), commands));
    }

    @Test
    void configRewriteEditsTheHoconFileInPlace() throws Exception {
        Path dir = Files.createTempDirectory("rewrite");
        Path file = dir.resolve("redactor.conf");
        String original = """
                # operators' settings
                redactor {
                  redis {
                    maxmemory = 100mb  // a limit
                    hz: 10, timeout = 0
                    "maxmemory-policy" = "allkeys-lru"   # quoted key
                  }
                  unknown-setting = "kept"
                }
                """;
        Files.writeString(file, original);
        try (TestRedactor server = TestRedactor.startWithConfigFile(file, Map.of()); RawClient client = server.raw()) {
            assertEquals("+OK\r\n", client.call("CONFIG", "REWRITE"));
            assertEquals(original, Files.readString(file), "nothing changed, nothing rewritten");
            client.call("CONFIG", "SET", "maxmemory", "200mb", "hz", "20", "maxclients", "500",
                    "notify-keyspace-events", "KEA");
            assertEquals("+OK\r\n", client.call("CONFIG", "REWRITE"));
        }
        String rewritten = Files.readString(file);
        assertEquals("""
                # operators' settings
                redactor {
                  redis {
                    maxmemory = "200mb"  // a limit
                    hz: "20", timeout = 0
                    "maxmemory-policy" = "allkeys-lru"   # quoted key
                  }
                  unknown-setting = "kept"
                }
                # Generated by CONFIG REWRITE
                redactor.redis.maxclients = "500"
                redactor.redis.notify-keyspace-events = "AKE"
                """, rewritten);
        try (TestRedactor server = TestRedactor.startWithConfigFile(file, Map.of()); RawClient client = server.raw()) {
            assertEquals("*2\r\n$9\r\nmaxmemory\r\n$9\r\n209715200\r\n", client.call("CONFIG", "GET", "maxmemory"));
            assertEquals("*2\r\n$10\r\nmaxclients\r\n$3\r\n500\r\n", client.call("CONFIG", "GET", "maxclients"));
            client.call("CONFIG", "SET", "maxclients", "600", "maxmemory", "100mb");
            assertEquals("+OK\r\n", client.call("CONFIG", "REWRITE"));
        }
        String again = Files.readString(file);
        assertTrue(again.contains("redactor.redis.maxclients = \"600\"\n"), again);
        assertTrue(again.contains("maxmemory = \"100mb\"  // a limit"), again);
        assertEquals(1, again.split("# Generated by CONFIG REWRITE", -1).length - 1, again);
        assertFalse(Files.list(dir).anyMatch(path -> path.getFileName().toString().contains(".rewrite-")));
    }

    @Test
    void clientListMeasuresTheClientsBuffersAsRedisCountsThem() {
        for (RawClient client : List.of(redis.raw(), server.raw())) {
            try (client) {
                Map<String, String> info = fields(client.call("CLIENT", "INFO"));
                assertEquals("26", info.get("qbuf"), info.toString());
                assertEquals("10", info.get("argv-mem"), info.toString());
                assertEquals("0", info.get("multi-mem"));
                assertEquals("0", info.get("obl"));
                assertEquals("0", info.get("oll"));
                assertEquals("0", info.get("omem"));
                assertEquals("client|info", info.get("cmd"));
                Map<String, String> after = fields(client.call("CLIENT", "INFO"));
                assertTrue(Long.parseLong(after.get("tot-mem")) >= 26 + 10, after.toString());
            }
        }
        for (Object target : List.of(redis, server)) {
            try (RawClient queueing = raw(target); RawClient observer = raw(target)) {
                String id = queueing.call("CLIENT", "ID").substring(1).strip();
                queueing.call("MULTI");
                queueing.call("SET", "k", "a-value-queued-in-multi");
                Map<String, String> seen = fields(observer.call("CLIENT", "LIST", "ID", id));
                assertEquals("1", seen.get("multi"));
                assertTrue(Long.parseLong(seen.get("multi-mem")) > 0, target + ": " + seen);
                queueing.call("DISCARD");
            }
        }
    }

    private static void awaitBlocked(RawClient control, int count) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (true) {
            String info = control.call("INFO", "clients");
            if (info.contains("blocked_clients:" + count + "\r\n")) {
                return;
            }
            assertTrue(System.nanoTime() < deadline, info);
            Thread.onSpinWait();
        }
    }

    private static RawClient raw(Object server) {
        return server instanceof RealRedis real ? real.raw() : ((TestRedactor) server).raw();
    }

    private static List<String> replies(RawClient client, List<List<String>> commands) {
        try (client) {
            List<String> replies = new ArrayList<>();
            for (List<String> command : commands) {
                replies.add(client.call(command.toArray(String[]::new)));
            }
            return replies;
        }
    }

    /** The fields of a CLIENT INFO reply (a bulk string). */
    private static Map<String, String> fields(String reply) {
        Map<String, String> fields = new LinkedHashMap<>();
        int start = reply.indexOf("\r\n");
        if (start < 0) {
            return fields;
        }
        for (String field : reply.substring(start + 2).strip().split(" ")) {
            int equals = field.indexOf('=');
            if (equals > 0) {
                fields.put(field.substring(0, equals), field.substring(equals + 1));
            }
        }
        return fields;
    }
}
