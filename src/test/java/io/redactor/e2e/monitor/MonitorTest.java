package io.redactor.e2e.monitor;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MONITOR side by side with Redis 7.0.15: the lines a monitor gets for the same commands (timestamps and client ports
 * aside), redaction, transactions, scripts, refused commands, and what the monitor itself may still do.
 */
class MonitorTest {
    private static final Pattern LINE = Pattern.compile("^\\+(\\d+)\\.(\\d{6}) \\[(\\d+) ([^\\]]+)\\] (.*)$");

    private static TestRedactor redactor;
    private static RealRedis redis;

    @BeforeAll
    static void start() {
        redactor = TestRedactor.start(Map.of("redactor.http.port", -1));
        redis = RealRedis.shared();
    }

    @AfterAll
    static void stop() {
        redactor.close();
    }

    /** Commands sent one at a time, each answered before the next. */
    private static final List<List<String>> SEQUENCE = List.of(
            List.of("SET", "k", "a b\u0001\n\"q\\\t\r\u0007\b\u007f"),
            List.of("GET", "k"),
            List.of("MULTI"), List.of("SET", "foo", "bar"), List.of("INCR", "n"), List.of("EXEC"),
            List.of("MULTI"), List.of("NOSUCHCOMMAND"), List.of("EXEC"),
            List.of("EXEC"),
            List.of("GET"),
            List.of("AUTH", "secret"), List.of("AUTH", "user", "secret"),
            List.of("HELLO", "2", "AUTH", "user", "secret"), List.of("HELLO", "9", "AUTH", "user", "secret"),
            List.of("HELLO", "2", "SETNAME", "me", "AUTH", "user", "secret"),
            List.of("CONFIG", "SET", "maxmemory-samples", "5"), List.of("CLIENT", "LIST"), List.of("MONITOR2"),
            List.of("EVAL", "redis.call('set', KEYS[1], ARGV[1]) return redis.call('get', KEYS[1])", "1", "s", "v"),
            List.of("EVALSHA", "0000000000000000000000000000000000000000", "0"),
            List.of("SELECT", "3"), List.of("SET", "a", "b"), List.of("SELECT", "0"),
            List.of("MULTI"), List.of("MULTI"), List.of("GET", "a"), List.of("WATCH", "a"), List.of("DISCARD"),
            List.of("MULTI"), List.of("PING"), List.of("EXEC", "extra"),
            List.of("BLPOP", "empty-list", "0.01"),
            List.of("MSET", "k1", "1", "k2", "2", "k3", "3"),
            List.of("DEL", "k", "foo", "n", "s", "k1", "k2", "k3"),
            List.of("ECHO", "end of sequence"));

    @Test
    void linesAreRedisLines() {
        List<String> expected = monitored(redis.raw(), redis.raw());
        List<String> actual = monitored(redactor.raw(), redactor.raw());
        assertEquals(expected, actual);
        assertTrue(actual.contains("[0 lua] \"set\" \"s\" \"v\""), actual.toString());
        assertTrue(actual.contains("[0 127.0.0.1:port] \"AUTH\" \"(redacted)\" \"(redacted)\""), actual.toString());
    }

    /** The monitor's own commands: shown after their reply; keyspace commands refused; RESET leaves the mode. */
    @Test
    void theMonitorItselfAsRedis() {
        assertEquals(ownSession(redis.raw()), ownSession(redactor.raw()));
    }

    @Test
    void monitorInsideExecIsRefused() {
        for (RawClient client : List.of(redis.raw(), redactor.raw())) {
            try (client) {
                client.call("MULTI");
                assertEquals("+QUEUED", client.call("MONITOR").strip());
                assertEquals("*1\r\n-ERR MONITOR isn't allowed for DENY BLOCKING client\r\n", client.call("EXEC"));
                assertEquals("$-1", client.call("GET", "never-set").strip());
            }
        }
    }

    @Test
    void everyMonitorSeesEveryClientsCommandsInItsOrder() {
        try (RawClient first = redactor.raw(); RawClient second = redactor.raw();
             RawClient a = redactor.raw(); RawClient b = redactor.raw()) {
            assertEquals("+OK", first.call("MONITOR").strip());
            assertEquals("+OK", second.call("MONITOR").strip());
            for (int i = 0; i < 50; i++) {
                a.command("SET", "ka" + (i % 7), Integer.toString(i));
                b.command("INCR", "kb" + (i % 5));
            }
            for (int i = 0; i < 50; i++) {
                a.readReply();
                b.readReply();
            }
            a.call("ECHO", "a done");
            b.call("ECHO", "b done");
            for (RawClient monitor : List.of(first, second)) {
                List<String> fromA = new ArrayList<>();
                List<String> fromB = new ArrayList<>();
                int done = 0;
                while (done < 2) {
                    Matcher line = parse(monitor.readLineReply());
                    String command = line.group(5);
                    if (command.startsWith("\"ECHO\"")) {
                        done++;
                    } else if (command.startsWith("\"SET\"")) {
                        fromA.add(command);
                    } else {
                        fromB.add(command);
                    }
                }
                for (int i = 0; i < 50; i++) {
                    assertEquals("\"SET\" \"ka" + (i % 7) + "\" \"" + i + "\"", fromA.get(i));
                    assertEquals("\"INCR\" \"kb" + (i % 5) + "\"", fromB.get(i));
                }
            }
            a.call("DEL", "ka0", "ka1", "ka2", "ka3", "ka4", "ka5", "ka6");
            b.call("DEL", "kb0", "kb1", "kb2", "kb3", "kb4");
        }
    }

    @Test
    void timestampIsNowInMicroseconds() {
        try (RawClient monitor = redactor.raw(); RawClient client = redactor.raw()) {
            monitor.call("MONITOR");
            long before = System.currentTimeMillis();
            client.call("PING");
            Matcher line = parse(monitor.readLineReply());
            long micros = Long.parseLong(line.group(1)) * 1_000_000 + Long.parseLong(line.group(2));
            assertTrue(Math.abs(micros / 1000 - before) < 5_000, line.group());
            assertEquals("0", line.group(3));
            assertTrue(line.group(4).startsWith("127.0.0.1:"), line.group());
        }
    }

    /** HTTP requests' commands are shown with the HTTP client's address; an HTTP request cannot monitor. */
    @Test
    void httpCommandsAreShownAndHttpCannotMonitor() throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI commands = URI.create("http://127.0.0.1:" + redactor.httpPort() + "/v1/commands");
        try (RawClient monitor = redactor.raw()) {
            monitor.call("MONITOR");
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(commands)
                    .POST(HttpRequest.BodyPublishers.ofString("[[\"SET\",\"via-http\",\"1\"],[\"DEL\",\"via-http\"]]"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response.body());
            Matcher set = parse(monitor.readLineReply());
            assertTrue(set.group(4).startsWith("127.0.0.1:"), set.group());
            assertEquals("\"SET\" \"via-http\" \"1\"", set.group(5));
            assertEquals("\"DEL\" \"via-http\"", parse(monitor.readLineReply()).group(5));
            HttpResponse<String> refused = http.send(HttpRequest.newBuilder(commands)
                    .POST(HttpRequest.BodyPublishers.ofString("[\"MONITOR\"]")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(400, refused.statusCode(), refused.body());
        }
    }

    private static List<String> ownSession(RawClient monitor) {
        try (monitor) {
            List<String> replies = new ArrayList<>();
            replies.add(monitor.call("MONITOR"));
            monitor.command("PING");
            monitor.command("GET", "a");
            monitor.command("MONITOR");
            monitor.command("PUBLISH", "ch", "m");
            monitor.command("CLIENT", "INFO");
            monitor.command("RESET");
            monitor.command("GET", "a");
            for (int i = 0; i < 8; i++) {
                String reply = monitor.readReplyText();
                if (reply.startsWith("=") || reply.startsWith("$")) {
                    reply = reply.contains("flags=O ") ? "client info flags=O" : reply;
                }
                replies.add(normalized(reply.strip()));
            }
            return replies;
        }
    }

    /** What {@code monitor} shows while {@code client} runs {@link #SEQUENCE}, without times and the client's port. */
    private static List<String> monitored(RawClient monitor, RawClient client) {
        try (monitor; client) {
            assertEquals("+OK", monitor.call("MONITOR").strip());
            for (List<String> command : SEQUENCE) {
                client.call(command.toArray(String[]::new));
            }
            List<String> lines = new ArrayList<>();
            while (true) {
                String line = normalized(monitor.readLineReply());
                lines.add(line);
                if (line.contains("end of sequence")) {
                    return lines;
                }
            }
        }
    }

    private static Matcher parse(String line) {
        Matcher matcher = LINE.matcher(line);
        assertTrue(matcher.matches(), line);
        return matcher;
    }

    private static String normalized(String reply) {
        Matcher line = LINE.matcher(reply);
        if (!line.matches()) {
            return reply;
        }
        String origin = line.group(4).equals("lua") ? "lua" : line.group(4).replaceAll(":\\d+$", ":port");
        return "[" + line.group(3) + " " + origin + "] " + line.group(5);
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
