package io.redactor.e2e.sets;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the set corpus ({@code differential/sets.txt}) line by line against a real Redis 7.0 and against
 * Redactor and compares the replies byte for byte, or as the line's markers say (see {@link SetCorpus.Marker}).
 * Every mismatch is reported, not just the first.
 */
class SetDifferentialTest {
    private static final String CORPUS = "/differential/sets.txt";
    private static final int MAX_SCAN_CALLS = 10_000;

    @Test
    void everyCorpusLineAnswersLikeRedis() {
        List<SetCorpus.Line> lines = SetCorpus.load(CORPUS);
        assertTrue(lines.size() >= 400, "the corpus has only " + lines.size() + " command lines");
        List<String> mismatches = new ArrayList<>();
        try (RawClient redis = RealRedis.shared().raw(); RawClient ours = TestRedactor.shared().raw()) {
            try {
                for (SetCorpus.Line line : lines) {
                    String mismatch = compare(line, redis, ours);
                    if (mismatch != null) {
                        mismatches.add(mismatch);
                    }
                }
            } finally {
                for (RawClient client : List.of(redis, ours)) {
                    client.call("CONFIG", "SET", "set-max-intset-entries", "512");
                    client.call("FLUSHALL");
                }
            }
        }
        assertTrue(mismatches.isEmpty(),
                mismatches.size() + " of " + lines.size() + " lines differ:\n" + String.join("\n", mismatches));
    }

    private static String compare(SetCorpus.Line line, RawClient redis, RawClient ours) {
        if (line.markers().contains(SetCorpus.Marker.SCAN)) {
            return differ(line, scanAll(line, redis), scanAll(line, ours));
        }
        Resp expected = Resp.parse(redis.call(line.args()));
        Resp actual = Resp.parse(ours.call(line.args()));
        if (line.markers().contains(SetCorpus.Marker.IGNORE)) {
            return null;
        }
        if (line.markers().contains(SetCorpus.Marker.SHAPE)) {
            return differ(line, expected.shape(), actual.shape());
        }
        if (line.markers().contains(SetCorpus.Marker.SORTED)) {
            return differ(line, expected.sorted(), actual.sorted());
        }
        return differ(line, expected.exact(), actual.exact());
    }

    private static String differ(SetCorpus.Line line, String expected, String actual) {
        if (Objects.equals(expected, actual)) {
            return null;
        }
        return "line " + line.number() + ": " + line.text() + "\n    redis:    " + expected + "\n    redactor: " + actual;
    }

    /** SSCAN from the line's cursor (argument 2) until cursor 0: the members seen, or the first error. */
    private static String scanAll(SetCorpus.Line line, RawClient client) {
        byte[][] args = line.args().clone();
        TreeSet<String> members = new TreeSet<>();
        for (int calls = 0; calls < MAX_SCAN_CALLS; calls++) {
            Resp reply = Resp.parse(client.call(args));
            if (!reply.isAggregate()) {
                return reply.exact();
            }
            reply.children().get(1).children().forEach(member -> members.add(member.exact()));
            String cursor = reply.children().get(0).text();
            if (cursor.equals("0")) {
                return "complete scan " + members;
            }
            args[2] = reply.children().get(0).bytes();
        }
        return "scan did not end after " + MAX_SCAN_CALLS + " calls";
    }
}
