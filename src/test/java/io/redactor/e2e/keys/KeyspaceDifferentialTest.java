package io.redactor.e2e.keys;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the keyspace, server and connection corpus ({@code differential/keys.txt}) line by line against a real
 * Redis and against Redactor, each on its own connection, and compares the replies byte for byte (or as the
 * line's marker says: see {@link CorpusLine.Marker}). Every mismatch is reported, not just the first.
 */
class KeyspaceDifferentialTest {
    private static final String CORPUS = "/differential/keys.txt";
    private static final int MAX_SCAN_CALLS = 10_000;

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        List<CorpusLine> lines = load();
        assertTrue(lines.size() >= 250, "the corpus has only " + lines.size() + " command lines");
        List<String> mismatches = new ArrayList<>();
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            redis.call("FLUSHALL");
            ours.call("FLUSHALL");
            for (CorpusLine line : lines) {
                String mismatch = compare(line, redis, ours);
                if (mismatch != null) {
                    mismatches.add(mismatch);
                }
            }
        }
        assertTrue(mismatches.isEmpty(),
                mismatches.size() + " of " + lines.size() + " lines differ:\n" + String.join("\n", mismatches));
    }

    private static String compare(CorpusLine line, RawClient redis, RawClient ours) {
        if (line.markers().contains(CorpusLine.Marker.SCAN)) {
            return differ(line, scanAll(line, redis), scanAll(line, ours));
        }
        byte[] expected = redis.call(line.argv());
        byte[] actual = ours.call(line.argv());
        if (line.markers().contains(CorpusLine.Marker.ANYINT)) {
            return differ(line, RespBytes.show(RespBytes.maskIntegers(expected)),
                    RespBytes.show(RespBytes.maskIntegers(actual)));
        }
        if (line.markers().contains(CorpusLine.Marker.SORTED)) {
            return differ(line, sorted(expected), sorted(actual));
        }
        return differ(line, RespBytes.show(expected), RespBytes.show(actual));
    }

    private static String differ(CorpusLine line, String expected, String actual) {
        if (Objects.equals(expected, actual)) {
            return null;
        }
        return "line " + line.number() + ": " + line.text()
                + "\n    redis:    " + expected + "\n    redactor: " + actual;
    }

    /** An aggregate's type and its elements in sorted order; anything else as it is. */
    private static String sorted(byte[] reply) {
        if (!RespBytes.isAggregate(reply)) {
            return RespBytes.show(reply);
        }
        List<String> elements = new ArrayList<>();
        for (byte[] element : RespBytes.elements(reply)) {
            elements.add(RespBytes.show(element));
        }
        elements.sort(null);
        return (char) reply[0] + "" + elements;
    }

    /** Iterates a SCAN from the line's cursor to the end; the set of keys seen, or the first error. */
    private static String scanAll(CorpusLine line, RawClient client) {
        byte[][] argv = line.argv();
        TreeSet<String> keys = new TreeSet<>();
        for (int calls = 0; calls < MAX_SCAN_CALLS; calls++) {
            byte[] reply = client.call(argv);
            if (!RespBytes.isAggregate(reply)) {
                return RespBytes.show(reply);
            }
            List<byte[]> parts = RespBytes.elements(reply);
            for (byte[] key : RespBytes.elements(parts.get(1))) {
                keys.add(RespBytes.show(key));
            }
            byte[] cursor = bulkContent(parts.get(0));
            if (Arrays.equals(cursor, "0".getBytes(StandardCharsets.US_ASCII))) {
                return "complete scan " + keys;
            }
            argv = argv.clone();
            argv[1] = cursor;
        }
        return "scan did not end after " + MAX_SCAN_CALLS + " calls";
    }

    private static byte[] bulkContent(byte[] bulk) {
        int start = 0;
        while (bulk[start] != '\n') {
            start++;
        }
        return Arrays.copyOfRange(bulk, start + 1, bulk.length - 2);
    }

    private static List<CorpusLine> load() {
        List<CorpusLine> lines = new ArrayList<>();
        try (InputStream in = KeyspaceDifferentialTest.class.getResourceAsStream(CORPUS)) {
            Objects.requireNonNull(in, CORPUS + " is missing");
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String text;
            int number = 0;
            while ((text = reader.readLine()) != null) {
                CorpusLine line = CorpusLine.parse(++number, text);
                if (line != null) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }
}
