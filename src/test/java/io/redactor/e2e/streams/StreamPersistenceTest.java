package io.redactor.e2e.streams;

import io.redactor.persistence.aof.AofCommandReader;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Streams and their consumer groups through the append-only file (logged as Redis 7.0 logs them: XADD with the ID it
 * got, approximate trims as exact ones, XREADGROUP and the claims as XCLAIMs, ...), restarts, DEBUG RELOAD, and
 * DUMP/RESTORE both ways with a real Redis.
 */
class StreamPersistenceTest {
    /** Writes with explicit IDs (so that both servers log the same), including a blocked read served later. */
    private static final String[][] WRITES = {
            {"XADD", "s", "1-1", "f", "v"},
            {"XADD", "s", "1-*", "f", "v"},
            {"XADD", "s", "2", "g", "w", "h", "x"},
            {"XADD", "s", "MAXLEN", "~", "3", "3", "f", "v"},
            {"XADD", "s", "4", "f", "v"},
            {"XADD", "s", "5", "f", "v"},
            {"XADD", "s", "6", "f", "v"},
            {"XADD", "s", "7", "f", "v"},
            {"XADD", "s", "8", "f", "v"},
            {"XADD", "s", "MINID", "~", "5", "LIMIT", "100", "9", "f", "v"},
            {"XTRIM", "s", "MAXLEN", "~", "5"},
            {"XTRIM", "s", "MAXLEN", "~", "1000"},
            {"XGROUP", "CREATE", "s", "g", "0"},
            {"XGROUP", "CREATE", "s", "other", "$", "ENTRIESREAD", "3"},
            {"XGROUP", "CREATE", "s2", "g", "$", "MKSTREAM"},
            {"XREADGROUP", "GROUP", "g", "alice", "COUNT", "2", "STREAMS", "s", ">"},
            {"XREADGROUP", "GROUP", "g", "bob", "NOACK", "COUNT", "1", "STREAMS", "s", ">"},
            {"XREADGROUP", "GROUP", "g", "alice", "STREAMS", "s", "0"},
            {"XREADGROUP", "GROUP", "g", "carol", "STREAMS", "s", ">"},
            {"XACK", "s", "g", "9-0", "100-0"},
            {"XDEL", "s", "8"},
            {"XCLAIM", "s", "g", "dave", "0", "8", "9"},
            {"XCLAIM", "s", "g", "dave", "0", "7-0", "JUSTID"},
            {"XCLAIM", "s", "g", "dave", "0", "LASTID", "50"},
            {"XAUTOCLAIM", "s", "g", "erin", "0", "0", "COUNT", "2"},
            {"XGROUP", "SETID", "s", "other", "6", "ENTRIESREAD", "2"},
            {"XGROUP", "CREATECONSUMER", "s", "other", "frank"},
            {"XGROUP", "CREATECONSUMER", "s", "other", "gina"},
            {"XGROUP", "DELCONSUMER", "s", "other", "gina"},
            {"XGROUP", "DESTROY", "s2", "g"},
            {"XSETID", "s2", "20-0", "ENTRIESADDED", "5", "MAXDELETEDID", "10-0"},
            {"XREADGROUP", "GROUP", "other", "hank", "STREAMS", "s", ">"},
    };

    @TempDir
    Path redisDir;
    @TempDir
    Path redactorDir;

    /** A server that splits stream nodes every 4 entries, so that the writes make several nodes and trim some. */
    private TestRedactor redactor(Map<String, String> redis) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("redactor.redis.dir", redactorDir.toString());
        settings.put("redactor.redis.enable-debug-command", "yes");
        settings.put("redactor.redis.stream-node-max-entries", "4");
        redis.forEach((name, value) -> settings.put("redactor.redis." + name, value));
        return TestRedactor.start(settings);
    }

    @Test
    void writesAreLoggedAsRedisLogsThem() throws Exception {
        List<String> redisLog;
        try (RealRedis redis = RealRedis.startIn(redisDir, "--save", "", "--appendonly", "yes",
                "--stream-node-max-entries", "4");
             RawClient client = redis.raw(); RawClient reader = redis.raw()) {
            writeAll(client, reader);
            redisLog = logged(redisDir);
        }
        List<String> ourLog;
        try (TestRedactor server = redactor(Map.of("appendonly", "yes", "appendfsync", "always"));
             RawClient client = server.raw(); RawClient reader = server.raw()) {
            writeAll(client, reader);
            ourLog = logged(redactorDir);
        }
        assertTrue(ourLog.contains("XADD s 1-2 f v"), ourLog.toString());
        assertTrue(ourLog.stream().anyMatch(c -> c.startsWith("XCLAIM s g alice 0 4-0 TIME <time> RETRYCOUNT 1 FORCE")),
                ourLog.toString());
        assertEquals(redisLog, ourLog);
    }

    /**
     * DEBUG RELOAD keeps everything; a restart replays the log, which does not hold everything (Redis does not log a
     * history read's delivery, nor the read counter an XCLAIM's LASTID leaves): what Redis loads from the same log.
     */
    @Test
    void aReloadKeepsEverythingAndARestartLoadsWhatRedisLoadsFromTheLog() throws Exception {
        Map<String, String> settings = Map.of("appendonly", "yes");
        try (TestRedactor server = redactor(settings); RawClient client = server.raw();
             RawClient reader = server.raw()) {
            writeAll(client, reader);
            client.call("XADD", "auto", "*", "f", "v");
            String written = state(client, true);
            assertEquals("+OK\r\n", client.call("DEBUG", "RELOAD"));
            assertEquals(written, state(client, true));
        }
        String restarted;
        try (TestRedactor server = redactor(settings); RawClient client = server.raw()) {
            restarted = state(client, false);
        }
        copyTree(redactorDir.resolve("appendonlydir"), redisDir.resolve("appendonlydir"));
        try (RealRedis redis = RealRedis.startIn(redisDir, "--save", "", "--appendonly", "yes",
                "--stream-node-max-entries", "4"); RawClient client = redis.raw()) {
            assertEquals(state(client, false), restarted);
        }
    }

    private static void copyTree(Path from, Path to) throws java.io.IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        }
    }

    @Test
    void dumpsOfStreamsWithGroupsRestoreBothWaysToTheSameBytes() {
        try (RealRedis redis = RealRedis.startIn(redisDir, "--save", "", "--stream-node-max-entries", "4");
             TestRedactor server = redactor(Map.of());
             RawClient theirs = redis.raw(); RawClient theirReader = redis.raw();
             RawClient ours = server.raw(); RawClient ourReader = server.raw()) {
            writeAll(theirs, theirReader);
            writeAll(ours, ourReader);
            for (String key : List.of("s", "s2")) {
                byte[] redisDump = dump(theirs, key);
                byte[] ourDump = dump(ours, key);
                assertEquals("+OK\r\n", text(ours.call(bytes("RESTORE"), bytes(key + ":theirs"), bytes("0"),
                        redisDump)));
                assertEquals("+OK\r\n", text(theirs.call(bytes("RESTORE"), bytes(key + ":ours"), bytes("0"),
                        ourDump)));
                assertEquals(text(redisDump), text(dump(ours, key + ":theirs")));
                assertEquals(text(ourDump), text(dump(theirs, key + ":ours")));
                assertEquals(theirs.call("XINFO", "STREAM", key, "FULL"),
                        ours.call("XINFO", "STREAM", key + ":theirs", "FULL"));
                assertEquals(ours.call("XINFO", "STREAM", key, "FULL"),
                        theirs.call("XINFO", "STREAM", key + ":ours", "FULL"));
            }
            // the same writes, with different clocks: only times differ
            assertNotEquals(text(dump(theirs, "s")), text(dump(ours, "s")));
            assertEquals(theirs.call("XRANGE", "s", "-", "+"), ours.call("XRANGE", "s", "-", "+"));
        }
    }

    /** Runs {@link #WRITES}, with a blocked XREADGROUP on {@code reader} served by one of them. */
    private static void writeAll(RawClient client, RawClient reader) {
        for (String[] command : WRITES) {
            String reply = client.call(command);
            assertTrue(!reply.startsWith("-"), String.join(" ", command) + ": " + reply);
        }
        reader.command("XREADGROUP", "GROUP", "other", "ivan", "BLOCK", "0", "STREAMS", "s", ">");
        awaitBlocked(client);
        client.call("XADD", "s", "30", "f", "v");
        assertTrue(reader.readReplyText().contains("30-0"));
    }

    private static void awaitBlocked(RawClient client) {
        long deadline = System.currentTimeMillis() + 10_000;
        while (!client.call("INFO", "clients").contains("blocked_clients:1")) {
            assertTrue(System.currentTimeMillis() < deadline, "the reader did not block");
            Thread.onSpinWait();
        }
    }

    /** Every stream's XINFO STREAM FULL; consumers' seen times only when {@code seenTimes}. */
    private static String state(RawClient client, boolean seenTimes) {
        StringBuilder out = new StringBuilder();
        for (String key : List.of("s", "s2", "auto")) {
            String full = client.call("XINFO", "STREAM", key, "FULL", "COUNT", "0");
            out.append(seenTimes ? full : full.replaceAll("seen-time\r\n:\\d+", "seen-time\r\n:?")).append('\n');
        }
        return out.toString();
    }

    /** The commands of the last incremental AOF file in {@code dir}, without SELECTs, delivery times masked. */
    private static List<String> logged(Path dir) throws Exception {
        Path incr;
        try (Stream<Path> files = Files.list(dir.resolve("appendonlydir"))) {
            incr = files.filter(f -> f.getFileName().toString().endsWith(".incr.aof")).sorted()
                    .reduce((a, b) -> b).orElseThrow();
        }
        byte[] content = Files.readAllBytes(incr);
        AofCommandReader log = new AofCommandReader(new ByteArrayInputStream(content), 0, content.length);
        List<String> commands = new ArrayList<>();
        AofCommandReader.Entry entry;
        while ((entry = log.next()) != null) {
            for (byte[][] command : entry.commands()) {
                StringBuilder line = new StringBuilder(new String(command[0], StandardCharsets.UTF_8).toUpperCase());
                for (int i = 1; i < command.length; i++) {
                    boolean time = new String(command[i - 1], StandardCharsets.UTF_8).equals("TIME");
                    line.append(' ').append(time ? "<time>" : new String(command[i], StandardCharsets.UTF_8));
                }
                if (!line.toString().startsWith("SELECT")) {
                    commands.add(line.toString());
                }
            }
        }
        return commands;
    }

    private static byte[] dump(RawClient client, String key) {
        byte[] reply = client.call(bytes("DUMP"), bytes(key));
        int start = text(reply).indexOf("\r\n") + 2;
        return java.util.Arrays.copyOfRange(reply, start, reply.length - 2);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
