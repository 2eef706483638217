package io.redactor.e2e.lists;

import io.redactor.e2e.keys.CorpusLine;
import io.redactor.e2e.keys.RespBytes;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the list corpus ({@code differential/lists.txt}) line by line against a real Redis and against Redactor,
 * each on its own connection, and compares the replies byte for byte (RESP2, then RESP3 after its HELLO 3), or
 * as the line's markers say. Every mismatch is reported, not just the first.
 */
class ListDifferentialTest {
    private static final String CORPUS = "/differential/lists.txt";

    @Test
    void everyCorpusLineAnswersLikeRedis() throws IOException {
        List<CorpusLine> lines = load();
        assertTrue(lines.size() >= 400, "the corpus has only " + lines.size() + " command lines");
        List<String> mismatches = new ArrayList<>();
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            try {
                redis.call("FLUSHALL");
                ours.call("FLUSHALL");
                for (CorpusLine line : lines) {
                    String mismatch = compare(line, redis, ours);
                    if (mismatch != null) {
                        mismatches.add(mismatch);
                    }
                }
            } finally {
                for (RawClient client : List.of(redis, ours)) {
                    client.call("HELLO", "2");
                    client.call("SELECT", "0");
                    client.call("FLUSHALL");
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
        return "line " + line.number() + ": " + line.text() + "\n    redis:    " + expected
                + "\n    redactor: " + actual;
    }

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
        for (int calls = 0; calls < 10_000; calls++) {
            byte[] reply = client.call(argv);
            if (!RespBytes.isAggregate(reply)) {
                return RespBytes.show(reply);
            }
            List<byte[]> parts = RespBytes.elements(reply);
            for (byte[] key : RespBytes.elements(parts.get(1))) {
                keys.add(RespBytes.show(key));
            }
            byte[] cursorBulk = parts.get(0);
            int start = 0;
            while (cursorBulk[start] != '\n') {
                start++;
            }
            byte[] cursor = Arrays.copyOfRange(cursorBulk, start + 1, cursorBulk.length - 2);
            if (Arrays.equals(cursor, new byte[] {'0'})) {
                return "complete scan " + keys;
            }
            argv = argv.clone();
            argv[1] = cursor;
        }
        return "scan did not end";
    }

    private static List<CorpusLine> load() throws IOException {
        try (InputStream in = ListDifferentialTest.class.getResourceAsStream(CORPUS)) {
            Objects.requireNonNull(in, CORPUS + " is missing");
            List<String> texts = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            List<CorpusLine> lines = new ArrayList<>();
            for (int n = 0; n < texts.size(); n++) {
                CorpusLine line = CorpusLine.parse(n + 1, texts.get(n));
                if (line != null) {
                    lines.add(line);
                }
            }
            return lines;
        }
    }
}
