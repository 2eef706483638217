package io.redactor.e2e.lua;

import io.redactor.core.keys.PartitionMap;
import io.redactor.testing.Eventually;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import io.redactor.testing.corpus.Differential;
import io.redactor.testing.corpus.ReplyForm;
import io.redactor.testing.corpus.RespBytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The escape attempts of {@code sandbox-escapes.txt} (its header says how entries are written), each run through
 * {@code EVAL}, {@code EVALASYNC} and a script subscription, and each refused on every path: EVAL answers as Redis
 * 7.0 does (where Redis can run the attempt), EVALASYNC answers what EVAL answered, a subscribed run fails exactly
 * when EVAL failed and with its error, no reply names Java, and afterwards the server answers on every partition,
 * the globals, libraries and string metatable scripts see are what they were, no key {@code escape:*} exists, no
 * file was made, no async script is left running and no coroutine thread is left behind.
 */
class SandboxEscapeTest {
    private static final String CORPUS = "/sandbox-escapes.txt";
    private static final Pattern HEADER = Pattern.compile("## ([a-z0-9-]+)(?: \\[redactor-only: ([^]]+)])?: (.+)");
    /** What no reply may contain: a Java class or an exception reached, or an internal error. */
    private static final List<String> FORBIDDEN = List.of("java.", "javax.", "org.luaj", "io.redactor", "Exception",
            "internal error", "userdata", "class ");
    /**
     * What scripts see of the shared environment: every global's name, and for each library table its members and
     * their identities, the string metatable's fields, and what a string method gives.
     */
    private static final String PROBE = """
            local out = {}
            local names = {} for k in pairs(_G) do names[#names + 1] = k end table.sort(names)
            for _, name in ipairs(names) do
              local v = rawget(_G, name)
              out[#out + 1] = name .. '=' .. type(v)
              if type(v) == 'table' and name ~= 'KEYS' and name ~= 'ARGV' and name ~= '_G' then
                local members = {} for k, m in pairs(v) do members[#members + 1] = tostring(k) .. ':' .. tostring(m) end
                table.sort(members) out[#out + 1] = '{' .. table.concat(members, ',') .. '}'
              end
            end
            local mt = getmetatable('')
            local fields = {} for k, m in pairs(mt) do fields[#fields + 1] = tostring(k) .. ':' .. tostring(m) end
            table.sort(fields)
            out[#out + 1] = 'string mt {' .. table.concat(fields, ',') .. '} ' .. tostring(mt.__index == string)
            out[#out + 1] = ('abc'):upper() .. ' ' .. type(getmetatable(_G)) .. ' ' .. type(rawget(_G, 'escaped'))
            return table.concat(out, '\\n')""";

    private static final PartitionMap PARTITIONS = new PartitionMap(16);
    private static Path markers;
    private static String probeBaseline;
    private static long coroutineThreadsBefore;

    /** One entry of the corpus. */
    record Attempt(String id, String what, String redactorOnly, String code, int line) {
        @Override
        public String toString() {
            return id + " (line " + line + ")";
        }
    }

    static List<Attempt> attempts() {
        List<Attempt> attempts = new ArrayList<>();
        try (InputStream in = SandboxEscapeTest.class.getResourceAsStream(CORPUS)) {
            Objects.requireNonNull(in, CORPUS + " is missing");
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            String id = null;
            String what = null;
            String redactorOnly = null;
            int start = 0;
            StringBuilder code = new StringBuilder();
            for (int i = 0; i <= lines.size(); i++) {
                String line = i < lines.size() ? lines.get(i) : "## end: end";
                if (line.startsWith("## ")) {
                    if (id != null) {
                        assertFalse(code.isEmpty(), "no code for " + id);
                        attempts.add(new Attempt(id, what, redactorOnly, code.toString().strip(), start));
                    }
                    Matcher header = HEADER.matcher(line);
                    assertTrue(header.matches(), CORPUS + ":" + (i + 1) + ": not an entry header: " + line);
                    id = header.group(1);
                    redactorOnly = header.group(2);
                    what = header.group(3);
                    start = i + 1;
                    code.setLength(0);
                } else if (!line.isBlank() && !line.startsWith("# ") && !line.equals("#")) {
                    if (id == null) {
                        fail(CORPUS + ":" + (i + 1) + ": code before the first entry");
                    }
                    code.append(line).append('\n');
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return attempts;
    }

    @BeforeAll
    static void baseline() throws IOException {
        markers = Files.createTempDirectory("sandbox-escapes");
        try (RawClient ours = TestRedactor.shared().raw(); RawClient redis = RealRedis.shared().raw()) {
            ours.call("FLUSHALL");
            ours.call("SCRIPT", "FLUSH");
            redis.call("FLUSHALL");
            redis.call("SCRIPT", "FLUSH");
            probeBaseline = RespBytes.text(ours.call(utf8("EVAL"), utf8(PROBE), utf8("0")));
        }
        coroutineThreadsBefore = coroutineThreads();
    }

    @AfterAll
    static void cleanUp() throws IOException {
        try (RawClient ours = TestRedactor.shared().raw(); RawClient redis = RealRedis.shared().raw()) {
            ours.call("FLUSHALL");
            ours.call("SCRIPT", "FLUSH");
            redis.call("FLUSHALL");
        }
        try (Stream<Path> left = Files.list(markers)) {
            left.forEach(p -> p.toFile().delete());
        }
        Files.deleteIfExists(markers);
    }

    /** The corpus covers every kind of attempt the sandbox must refuse. */
    @Test
    void theCorpusHasEveryKindOfAttempt() {
        List<Attempt> attempts = attempts();
        assertTrue(attempts.size() >= 30, "only " + attempts.size() + " attempts");
        assertEquals(attempts.size(), attempts.stream().map(Attempt::id).distinct().count(), "ids are unique");
        String all = String.join("\n", attempts.stream().map(a -> a.code).toList());
        for (String kind : List.of("luajava", "os.", "io.", "loadstring(", "load(", "string.dump", "debug.",
                "getmetatable(\"\")", "_G", "getfenv", "setfenv", "package.", "require(", "coroutine.", "collectgarbage",
                "__gc", "__tostring", "error(", "string.rep", "string.format", "string.char", "table.concat", "unpack")) {
            assertTrue(all.contains(kind), "no attempt uses " + kind);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyAttemptIsRefusedThroughEveryPath() {
        Stream<DynamicTest> each = attempts().stream()
                .map(attempt -> DynamicTest.dynamicTest(attempt.toString(), () -> refused(attempt)));
        return Stream.concat(each, Stream.of(DynamicTest.dynamicTest("no coroutine thread is left",
                () -> Eventually.until("coroutine threads back to " + coroutineThreadsBefore,
                        () -> coroutineThreads() <= coroutineThreadsBefore))));
    }

    private static void refused(Attempt attempt) throws IOException {
        Path marker = markers.resolve(attempt.id());
        byte[] code = utf8(attempt.code().replace("$MARKER", marker.toString()));
        try (RawClient ours = TestRedactor.shared().raw()) {
            byte[] eval = ours.call(utf8("EVAL"), code, utf8("0"));
            assertHarmless(attempt, "EVAL", eval, marker);
            if (attempt.redactorOnly() == null) {
                try (RawClient redis = RealRedis.shared().raw()) {
                    byte[] theirs = redis.call(utf8("EVAL"), code, utf8("0"));
                    assertNull(Differential.difference(ReplyForm.exact(theirs), ReplyForm.exact(eval)),
                            attempt + ": EVAL answers otherwise than Redis 7.0");
                    assertEquals("+PONG\r\n", redis.call("PING"), attempt + ": Redis did not survive it");
                }
            }

            byte[] async = ours.call(utf8("EVALASYNC"), code, utf8("0"));
            assertEquals(ReplyForm.exact(eval), ReplyForm.exact(async), attempt + ": EVALASYNC answers otherwise than EVAL");
            assertHarmless(attempt, "EVALASYNC", async, marker);

            String subscribed = subscribedRun(ours, code, "escape:" + attempt.id());
            if (RespBytes.isError(eval)) {
                assertEquals(ReplyForm.exact(eval), subscribed == null ? "(the run did not fail)"
                        : ReplyForm.exact(utf8("-" + subscribed + "\r\n")), attempt + ": the subscribed run's error");
            } else {
                assertNull(subscribed, attempt + ": the subscribed run failed where EVAL did not");
            }
            assertHarmless(attempt, "a subscription", utf8(subscribed == null ? "" : subscribed), marker);
        }
    }

    /**
     * Loads the attempt, subscribes it to {@code channel}, publishes one message and waits for the run: its error,
     * or null when it did not fail.
     */
    private static String subscribedRun(RawClient client, byte[] code, String channel) {
        String sha = RespBytes.text(client.call(utf8("SCRIPT"), utf8("LOAD"), code));
        assertEquals("+OK\r\n", client.call("SSUBSCRIBE", sha, channel), "SSUBSCRIBE");
        assertEquals(":1\r\n", client.call("PUBLISH", channel, "go"), "the script receives the message");
        Eventually.until("the subscribed run of " + channel, () -> "1".equals(subscription(client, sha).get("processed")));
        Map<String, String> fields = subscription(client, sha);
        assertEquals(":1\r\n", client.call("SUNSUBSCRIBE", sha, channel), "SUNSUBSCRIBE");
        return "1".equals(fields.get("failed")) ? fields.get("last-error") : null;
    }

    /** The SCRIPT SUBSCRIPTIONS entry of {@code sha}, fields by name. */
    private static Map<String, String> subscription(RawClient client, String sha) {
        for (byte[] entry : RespBytes.elements(client.call(utf8("SCRIPT"), utf8("SUBSCRIPTIONS")))) {
            List<byte[]> elements = RespBytes.elements(entry);
            Map<String, String> fields = new LinkedHashMap<>();
            for (int i = 0; i + 1 < elements.size(); i += 2) {
                fields.put(scalar(elements.get(i)), scalar(elements.get(i + 1)));
            }
            if (sha.equals(fields.get("sha"))) {
                return fields;
            }
        }
        return Map.of();
    }

    private static String scalar(byte[] reply) {
        return switch (reply[0]) {
            case '$' -> reply[1] == '-' ? null : RespBytes.text(reply);
            case ':', '+' -> new String(reply, 1, reply.length - 3, StandardCharsets.ISO_8859_1);
            default -> null;
        };
    }

    /** The reply leaks nothing, and the attempt left nothing behind. */
    private static void assertHarmless(Attempt attempt, String path, byte[] reply, Path marker) {
        String where = attempt + " through " + path;
        String shown = RespBytes.show(reply);
        for (String forbidden : FORBIDDEN) {
            assertFalse(shown.contains(forbidden), where + ": the reply shows " + forbidden + ": " + shown);
        }
        assertFalse(Files.exists(marker), where + ": made " + marker);
        try (RawClient client = TestRedactor.shared().raw()) {
            assertEquals("+PONG\r\n", client.call("PING"), where + ": PING");
            for (Map.Entry<Integer, String> key : partitionKeys().entrySet()) {
                assertEquals("+OK\r\n", client.call("SET", key.getValue(), "ok"), where + ": SET in partition " + key.getKey());
                assertEquals("$2\r\nok\r\n", client.call("GET", key.getValue()), where + ": GET in partition " + key.getKey());
            }
            assertEquals("*0\r\n", client.call("KEYS", "escape:*"), where + ": keys an escaped piece of code wrote");
            byte[] probe = client.call(utf8("EVAL"), utf8(PROBE), utf8("0"));
            assertEquals(probeBaseline, RespBytes.isError(probe) ? RespBytes.show(probe) : RespBytes.text(probe),
                    where + ": the environment the next script sees changed");
            Eventually.until(where + ": no async script left", () -> "*0\r\n".equals(client.call("SCRIPT", "ASYNC", "LIST")));
        }
        Eventually.until(where + ": coroutine threads back to " + coroutineThreadsBefore,
                Duration.ofSeconds(5), () -> coroutineThreads() <= coroutineThreadsBefore);
    }

    private static Map<Integer, String> partitionKeys;

    /** One key in each of the test server's 16 partitions. */
    private static synchronized Map<Integer, String> partitionKeys() {
        if (partitionKeys == null) {
            Map<Integer, String> keys = new HashMap<>();
            for (int i = 0; keys.size() < PARTITIONS.count(); i++) {
                String key = "health:" + i;
                keys.putIfAbsent(PARTITIONS.partitionOf(utf8(key)), key);
            }
            partitionKeys = Map.copyOf(keys);
        }
        return partitionKeys;
    }

    /** LuaJ's coroutine threads alive in this JVM, where the test server runs (their names, not their stacks). */
    private static long coroutineThreads() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return Arrays.stream(threads.getThreadInfo(threads.getAllThreadIds(), 0))
                .filter(info -> info != null && info.getThreadName().startsWith("Coroutine-")).count();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
