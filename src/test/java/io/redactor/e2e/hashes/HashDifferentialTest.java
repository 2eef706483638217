package io.redactor.e2e.hashes;

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
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the hash corpus ({@code differential/hashes.txt}) line by line against a real Redis and against Redactor
 * and compares the replies byte for byte, or as the line's markers say (see the corpus header). Every mismatch
 * is reported, not just the first.
 */
class HashDifferentialTest {
    private static final String CORPUS = "/differential/hashes.txt";
    private static final Pattern REPEAT = Pattern.compile("\\{(\\d+)\\*([^}]*)}");
    private static final int MAX_SCAN_CALLS = 10_000;

    /** How a line's replies are compared when not byte for byte. */
    enum Marker { SORTED, PAIRS, SCAN, SHAPE, ANYINT }

    record Line(CorpusLine command, Set<Marker> markers) {
    }

    @Test
    void everyCorpusLineAnswersLikeRedis() throws IOException {
        List<Line> lines = load();
        assertTrue(lines.size() >= 400, "the corpus has only " + lines.size() + " command lines");
        List<String> mismatches = new ArrayList<>();
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            Thresholds redisThresholds = Thresholds.of(redis);
            Thresholds ourThresholds = Thresholds.of(ours);
            try {
                for (Line line : lines) {
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
                redisThresholds.restore(redis);
                ourThresholds.restore(ours);
            }
        }
        assertTrue(mismatches.isEmpty(),
                mismatches.size() + " of " + lines.size() + " lines differ:\n" + String.join("\n", mismatches));
    }

    @Test
    void markersAndRepeatsAreRead() {
        Line line = parse(1, "@pairs @shape HSET h {3*ab} \"x\\x00\"");
        assertEquals(EnumSet.of(Marker.PAIRS, Marker.SHAPE), line.markers());
        assertEquals(List.of("HSET", "h", "ababab", "x\0"), Arrays.stream(line.command().argv())
                .map(arg -> new String(arg, StandardCharsets.ISO_8859_1)).toList());
    }

    private static String compare(Line line, RawClient redis, RawClient ours) {
        Set<Marker> markers = line.markers();
        if (markers.contains(Marker.SCAN)) {
            return differ(line, scanAll(line, redis), scanAll(line, ours));
        }
        byte[] expected = redis.call(line.command().argv());
        byte[] actual = ours.call(line.command().argv());
        if (markers.contains(Marker.ANYINT)) {
            expected = RespBytes.maskIntegers(expected);
            actual = RespBytes.maskIntegers(actual);
        }
        if (markers.contains(Marker.SHAPE)) {
            return differ(line, shape(expected), shape(actual));
        }
        if (markers.contains(Marker.PAIRS)) {
            return differ(line, pairs(expected), pairs(actual));
        }
        if (markers.contains(Marker.SORTED)) {
            return differ(line, sorted(expected), sorted(actual));
        }
        return differ(line, RespBytes.show(expected), RespBytes.show(actual));
    }

    private static String differ(Line line, String expected, String actual) {
        if (Objects.equals(expected, actual)) {
            return null;
        }
        return "line " + line.command().number() + ": " + line.command().text()
                + "\n    redis:    " + expected + "\n    redactor: " + actual;
    }

    /** An aggregate's type and its elements in sorted order; anything else as it is. */
    static String sorted(byte[] reply) {
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

    /**
     * Field-value pairs in sorted order: a map or a flat array taken two by two, or an array of [field, value]
     * arrays (RESP3 HRANDFIELD WITHVALUES).
     */
    static String pairs(byte[] reply) {
        if (!RespBytes.isAggregate(reply)) {
            return RespBytes.show(reply);
        }
        List<byte[]> elements = RespBytes.elements(reply);
        if (!elements.isEmpty() && RespBytes.isAggregate(elements.get(0))) {
            return sorted(reply);
        }
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i + 1 < elements.size(); i += 2) {
            pairs.add(RespBytes.show(elements.get(i)) + " => " + RespBytes.show(elements.get(i + 1)));
        }
        pairs.sort(null);
        return (char) reply[0] + "" + elements.size() + pairs;
    }

    /** The reply's types and element counts, with the contents of strings left out. */
    static String shape(byte[] reply) {
        if (RespBytes.isAggregate(reply)) {
            StringBuilder out = new StringBuilder().append((char) reply[0]).append('[');
            for (byte[] element : RespBytes.elements(reply)) {
                out.append(shape(element)).append(' ');
            }
            return out.append(']').toString();
        }
        return reply.length > 0 && reply[0] == '$' ? "$" : RespBytes.show(reply);
    }

    /** Iterates an HSCAN from the line's cursor to the end; the set of pairs seen, or the first error. */
    private static String scanAll(Line line, RawClient client) {
        byte[][] argv = line.command().argv();
        TreeSet<String> seen = new TreeSet<>();
        for (int calls = 0; calls < MAX_SCAN_CALLS; calls++) {
            byte[] reply = client.call(argv);
            if (!RespBytes.isAggregate(reply)) {
                return RespBytes.show(reply);
            }
            List<byte[]> parts = RespBytes.elements(reply);
            List<byte[]> elements = RespBytes.elements(parts.get(1));
            for (int i = 0; i + 1 < elements.size(); i += 2) {
                seen.add(RespBytes.show(elements.get(i)) + " => " + RespBytes.show(elements.get(i + 1)));
            }
            byte[] cursor = bulkContent(parts.get(0));
            if (Arrays.equals(cursor, "0".getBytes(StandardCharsets.US_ASCII))) {
                return "complete scan of " + seen.size() + " " + seen;
            }
            argv = argv.clone();
            argv[2] = cursor;
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

    private static List<Line> load() throws IOException {
        try (InputStream in = HashDifferentialTest.class.getResourceAsStream(CORPUS)) {
            Objects.requireNonNull(in, CORPUS + " is missing");
            List<String> texts = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            List<Line> lines = new ArrayList<>();
            for (int i = 0; i < texts.size(); i++) {
                String text = texts.get(i).strip();
                if (!text.isEmpty() && !text.startsWith("#")) {
                    lines.add(parse(i + 1, text));
                }
            }
            return lines;
        }
    }

    /** Takes this corpus's markers off the front and expands {N*text}; CorpusLine splits the rest. */
    static Line parse(int number, String text) {
        Set<Marker> markers = EnumSet.noneOf(Marker.class);
        String rest = text;
        while (rest.startsWith("@")) {
            int end = rest.indexOf(' ');
            markers.add(Marker.valueOf(rest.substring(1, end).toUpperCase(Locale.ROOT)));
            rest = rest.substring(end + 1).strip();
        }
        Matcher repeat = REPEAT.matcher(rest);
        StringBuilder expanded = new StringBuilder();
        while (repeat.find()) {
            repeat.appendReplacement(expanded,
                    Matcher.quoteReplacement(repeat.group(2).repeat(Integer.parseInt(repeat.group(1)))));
        }
        repeat.appendTail(expanded);
        return new Line(CorpusLine.parse(number, expanded.toString()), markers);
    }
}
