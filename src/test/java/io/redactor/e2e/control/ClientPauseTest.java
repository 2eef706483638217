package io.redactor.e2e.control;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CLIENT PAUSE and UNPAUSE side by side with Redis 7.0.15 (private servers: a pause stops everyone): which commands
 * wait, that they run in the order they came once the pause ends, reads going on during a WRITE pause, pipelines,
 * transactions, scripts, the blocked count, and the errors for bad arguments.
 */
class ClientPauseTest {
    private static TestRedactor redactor;
    private static RealRedis redis;

    @BeforeAll
    static void start() throws Exception {
        redactor = TestRedactor.start(Map.of());
        redis = RealRedis.startIn(Files.createTempDirectory("pause-redis"), "--save", "", "--appendonly", "no");
    }

    @AfterAll
    static void stop() {
        redactor.close();
        redis.close();
    }

    @AfterEach
    void unpause() {
        for (RawClient client : List.of(redis.raw(), redactor.raw())) {
            try (client) {
                client.call("CLIENT", "UNPAUSE");
                client.call("FLUSHALL");
            }
        }
    }

    @Test
    void badArgumentsAsRedis() {
        List<List<String>> commands = List.of(
                List.of("CLIENT", "PAUSE"), List.of("CLIENT", "PAUSE", "-1"), List.of("CLIENT", "PAUSE", "abc"),
                List.of("CLIENT", "PAUSE", "1.5"), List.of("CLIENT", "PAUSE", "99999999999999999999"),
                List.of("CLIENT", "PAUSE", "10", "foo"), List.of("CLIENT", "PAUSE", "abc", "foo"),
                List.of("CLIENT", "PAUSE", "10", "write", "extra"), List.of("CLIENT", "UNPAUSE", "x"),
                List.of("CLIENT", "PAUSE", "0", "ALL"), List.of("CLIENT", "PAUSE", "9223372036854775807", "all"),
                List.of("SET", "after", "wrapped-pause"), List.of("CLIENT", "UNPAUSE"), List.of("CLIENT", "UNPAUSE"));
        assertEquals(replies(redis.raw(), commands), replies(redactor.raw(), commands));
    }

    @Test
    void heldWritesRunInArrivalOrderWhileReadsGoOn() {
        assertEquals(heldInOrder(redis), heldInOrder(redactor));
    }

    private static List<String> heldInOrder(Object server) {
        List<String> seen = new ArrayList<>();
        List<RawClient> writers = new ArrayList<>();
        try (RawClient control = raw(server); RawClient reader = raw(server)) {
            seen.add(control.call("CLIENT", "PAUSE", "100000", "WRITE"));
            for (int i = 1; i <= 5; i++) {
                RawClient writer = raw(server);
                writers.add(writer);
                writer.command("RPUSH", "order", Integer.toString(i));
                awaitBlocked(control, i);
                seen.add(reader.call("LRANGE", "order", "0", "-1"));
                seen.add(reader.call("PING"));
            }
            assertTrue(control.call("CLIENT", "LIST").contains("flags=b "), "paused clients are flagged b");
            seen.add(control.call("CLIENT", "UNPAUSE"));
            for (RawClient writer : writers) {
                seen.add(writer.readReplyText());
            }
            seen.add(reader.call("LRANGE", "order", "0", "-1"));
            seen.add(blocked(control));
        } finally {
            writers.forEach(RawClient::close);
        }
        return seen;
    }

    @Test
    void aPipelineStopsAtItsFirstHeldCommand() {
        assertEquals(pipeline(redis), pipeline(redactor));
    }

    private static List<String> pipeline(Object server) {
        List<String> seen = new ArrayList<>();
        try (RawClient control = raw(server); RawClient client = raw(server)) {
            control.call("CLIENT", "PAUSE", "100000", "WRITE");
            client.command("GET", "p");
            client.command("SET", "p", "1");
            client.command("GET", "p");
            seen.add(client.readReplyText());
            awaitBlocked(control, 1);
            seen.add(Boolean.toString(client.hasData(200)));
            control.call("CLIENT", "UNPAUSE");
            seen.add(client.readReplyText());
            seen.add(client.readReplyText());
        }
        return seen;
    }

    @Test
    void writePauseHoldsScriptsAndTransactionsThatMayWrite() {
        assertEquals(scripts(redis), scripts(redactor));
    }

    private static List<String> scripts(Object server) {
        List<String> seen = new ArrayList<>();
        try (RawClient control = raw(server); RawClient reads = raw(server); RawClient writes = raw(server);
             RawClient transaction = raw(server)) {
            control.call("CLIENT", "PAUSE", "100000", "WRITE");
            seen.add(reads.call("EVAL", "#!lua flags=no-writes\nreturn 1", "0"));
            seen.add(reads.call("EVAL_RO", "return 2", "0"));
            seen.add(reads.call("MULTI"));
            seen.add(reads.call("GET", "x"));
            seen.add(reads.call("EXEC"));
            seen.add(transaction.call("MULTI"));
            writes.command("EVAL", "return redis.call('set', 'x', 'y')", "0");
            awaitBlocked(control, 1);
            transaction.command("SET", "x", "z");
            awaitBlocked(control, 2);
            writes.command("PUBLISH", "ch", "m");
            seen.add(blocked(control));
            control.call("CLIENT", "UNPAUSE");
            seen.add(writes.readReplyText());
            seen.add(writes.readReplyText());
            seen.add(transaction.readReplyText());
            seen.add(transaction.call("EXEC"));
            seen.add(reads.call("GET", "x"));
        }
        return seen;
    }

    private static String blocked(RawClient control) {
        String info = control.call("INFO", "clients");
        int at = info.indexOf("blocked_clients:");
        return info.substring(at, info.indexOf('\r', at));
    }

    @Test
    void allHoldsReadsUntilItsTimeIsUp() {
        for (Object server : List.of(redis, redactor)) {
            try (RawClient control = raw(server); RawClient reader = raw(server)) {
                control.call("CLIENT", "PAUSE", "300", "ALL");
                long start = System.nanoTime();
                assertEquals("+PONG\r\n", reader.call("PING"));
                long waitedMs = (System.nanoTime() - start) / 1_000_000;
                assertTrue(waitedMs >= 150 && waitedMs < 5_000, server + " answered after " + waitedMs + " ms");
            }
        }
    }

    @Test
    void expiryWaitsForTheEndOfThePause() {
        assertEquals(expiry(redis), expiry(redactor));
    }

    private static List<String> expiry(Object server) {
        List<String> seen = new ArrayList<>();
        try (RawClient client = raw(server)) {
            client.call("SET", "short", "v", "PX", "20");
            client.call("CLIENT", "PAUSE", "100000", "WRITE");
            long deadline = System.currentTimeMillis() + 5_000;
            while (!client.call("GET", "short").equals("$-1\r\n")) {
                assertTrue(System.currentTimeMillis() < deadline, "never expired");
                Thread.onSpinWait();
            }
            String before = expired(client);
            seen.add(Boolean.toString(before.equals(expired(client))));
            seen.add(client.call("CLIENT", "UNPAUSE"));
            seen.add(client.call("GET", "short"));
            seen.add(Boolean.toString(!before.equals(expired(client))));
        }
        return seen;
    }

    private static String expired(RawClient client) {
        String info = client.call("INFO", "stats");
        int at = info.indexOf("expired_keys:");
        return info.substring(at, info.indexOf('\r', at));
    }

    @Test
    void monitorsAreNeverPaused() {
        try (RawClient control = redactor.raw(); RawClient monitor = redactor.raw(); RawClient writer = redactor.raw()) {
            monitor.call("MONITOR");
            control.call("CLIENT", "PAUSE", "100000", "ALL");
            writer.command("SET", "m", "1");
            assertEquals("+PONG\r\n", monitor.call("PING"));
            assertTrue(monitor.readLineReply().endsWith("\"PING\""));
            assertFalse(writer.hasData(100));
            // nobody else could end a pause of everything
            assertEquals("+OK\r\n", monitor.call("CLIENT", "UNPAUSE"));
            assertEquals("+OK\r\n", writer.readReplyText());
        }
    }

    private static void awaitBlocked(RawClient control, int count) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!blocked(control).equals("blocked_clients:" + count)) {
            assertTrue(System.nanoTime() < deadline, blocked(control) + ", waiting for " + count);
            Thread.onSpinWait();
        }
    }

    private static RawClient raw(Object server) {
        return server instanceof RealRedis real ? real.raw() : ((TestRedactor) server).raw();
    }

    private static List<String> replies(RawClient client, List<List<String>> commands) {
        try (client) {
            return commands.stream().map(command -> client.call(command.toArray(String[]::new)))
                    .map(Function.identity()).toList();
        }
    }
}
