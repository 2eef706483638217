package io.redactor.e2e.zsets;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the sorted set corpus ({@code differential/zsets.txt}) line by line against a real Redis and against
 * Redactor, each on its own connection, and compares the replies byte for byte (or as the line's marker says:
 * see {@link CorpusLine.Marker}), in RESP2 and, where the corpus switches with HELLO 3, RESP3. Every mismatch is
 * reported, not just the first.
 */
class SortedSetDifferentialTest {
    private static final String CORPUS = "/differential/zsets.txt";
    private static final int MAX_SCAN_CALLS = 10_000;

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        assertMatchesRedis(1);
    }

    /** The same corpus sent in pipelined batches, so that commands for many partitions are in flight at once. */
    @Test
    void pipelinedCorpusAnswersLikeRedis() {
        assertMatchesRedis(50);
    }

    private static void assertMatchesRedis(int batchSize) {
        List<CorpusLine> lines = CorpusLine.load(CORPUS);
        assertTrue(lines.size() >= 400, "the corpus has only " + lines.size() + " command lines");
        List<String> mismatches = new ArrayList<>();
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            try {
                int i = 0;
                while (i < lines.size()) {
                    if (!lines.get(i).markers().isEmpty() || batchSize == 1) {
                        CorpusLine line = lines.get(i++);
                        record(mismatches, line, compare(line, redis, ours));
                        continue;
                    }
                    List<CorpusLine> batch = new ArrayList<>();
                    while (i < lines.size() && batch.size() < batchSize && lines.get(i).markers().isEmpty()) {
                        batch.add(lines.get(i++));
                    }
                    for (CorpusLine line : batch) {
                        redis.command(line.argv());
                        ours.command(line.argv());
                    }
                    for (CorpusLine line : batch) {
                        record(mismatches, line, differ(Resp.show(redis.readReply()), Resp.show(ours.readReply())));
                    }
                }
            } finally {
                for (RawClient client : List.of(redis, ours)) {
                    client.call("HELLO", "2");
                    client.call("CONFIG", "SET", "zset-max-listpack-entries", "128");
                    client.call("CONFIG", "SET", "zset-max-listpack-value", "64");
                    client.call("FLUSHALL");
                }
            }
        }
        assertTrue(mismatches.isEmpty(),
                mismatches.size() + " of " + lines.size() + " lines differ:\n" + String.join("\n", mismatches));
    }

    private static void record(List<String> mismatches, CorpusLine line, String difference) {
        if (difference != null) {
            mismatches.add("line " + line.number() + ": " + line.text() + difference);
        }
    }

    private static String compare(CorpusLine line, RawClient redis, RawClient ours) {
        if (line.markers().contains(CorpusLine.Marker.ZSCAN)) {
            return differ(scanAll(line, redis), scanAll(line, ours));
        }
        byte[] expected = redis.call(line.argv());
        byte[] actual = ours.call(line.argv());
        if (line.markers().contains(CorpusLine.Marker.ANYINT)) {
            return differ(Resp.show(Resp.maskIntegers(expected)), Resp.show(Resp.maskIntegers(actual)));
        }
        if (line.markers().contains(CorpusLine.Marker.SORTED)) {
            return differ(sorted(expected), sorted(actual));
        }
        return differ(Resp.show(expected), Resp.show(actual));
    }

    private static String differ(String expected, String actual) {
        if (Objects.equals(expected, actual)) {
            return null;
        }
        return "\n    redis:    " + expected + "\n    redactor: " + actual;
    }

    /** An aggregate's type and its elements in sorted order; anything else as it is. */
    private static String sorted(byte[] reply) {
        if (!Resp.isAggregate(reply)) {
            return Resp.show(reply);
        }
        List<String> elements = new ArrayList<>();
        for (byte[] element : Resp.elements(reply)) {
            elements.add(Resp.show(element));
        }
        elements.sort(null);
        return (char) reply[0] + "" + elements;
    }

    /** Iterates a ZSCAN from the line's cursor to the end; the (member, score) pairs seen, or the first error. */
    static String scanAll(CorpusLine line, RawClient client) {
        byte[][] argv = line.argv().clone();
        TreeSet<String> pairs = new TreeSet<>();
        for (int calls = 0; calls < MAX_SCAN_CALLS; calls++) {
            byte[] reply = client.call(argv);
            if (!Resp.isAggregate(reply)) {
                return Resp.show(reply);
            }
            List<byte[]> parts = Resp.elements(reply);
            List<byte[]> items = Resp.elements(parts.get(1));
            for (int i = 0; i + 1 < items.size(); i += 2) {
                pairs.add(Resp.show(items.get(i)) + " " + Resp.show(items.get(i + 1)));
            }
            byte[] cursor = Resp.bulk(parts.get(0));
            if (Arrays.equals(cursor, "0".getBytes(StandardCharsets.US_ASCII))) {
                return "complete scan " + pairs;
            }
            argv[2] = cursor;
        }
        return "scan did not end after " + MAX_SCAN_CALLS + " calls";
    }
}
