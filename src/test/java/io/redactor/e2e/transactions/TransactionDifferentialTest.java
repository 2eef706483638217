package io.redactor.e2e.transactions;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs {@code differential/transactions.txt} against a real Redis 7.0 and against Redactor, three connections
 * to each ({@code [b]} and {@code [c]} prefixes pick the second and third), and compares every reply.
 */
class TransactionDifferentialTest {
    private static final String CORPUS = "/differential/transactions.txt";
    private static final Pattern CLIENT = Pattern.compile("^\\[([abc])]\\s*(.*)$");

    private record Step(String client, CorpusLine line) {
    }

    @Test
    void everyCorpusLineAnswersLikeRedis() throws IOException {
        List<Step> steps = load();
        assertTrue(steps.size() >= 300, "the corpus has only " + steps.size() + " command lines");
        Map<String, RawClient> redis = new LinkedHashMap<>();
        Map<String, RawClient> ours = new LinkedHashMap<>();
        List<String> mismatches = new ArrayList<>();
        try {
            for (String name : List.of("a", "b", "c")) {
                redis.put(name, RealRedis.shared().raw());
                ours.put(name, TestRedactor.shared().raw());
            }
            redis.get("a").call("FLUSHALL");
            ours.get("a").call("FLUSHALL");
            for (Step step : steps) {
                byte[] expected = redis.get(step.client()).call(step.line().argv());
                byte[] actual = ours.get(step.client()).call(step.line().argv());
                if (step.line().markers().contains(CorpusLine.Marker.ANYINT)) {
                    expected = RespBytes.maskIntegers(expected);
                    actual = RespBytes.maskIntegers(actual);
                }
                String shownExpected = RespBytes.show(expected);
                String shownActual = RespBytes.show(actual);
                if (!Objects.equals(shownExpected, shownActual)) {
                    mismatches.add("line " + step.line().number() + ": [" + step.client() + "] " + step.line().text()
                            + "\n    redis:    " + shownExpected + "\n    redactor: " + shownActual);
                }
            }
        } finally {
            redis.values().forEach(RawClient::close);
            ours.values().forEach(RawClient::close);
        }
        assertTrue(mismatches.isEmpty(),
                mismatches.size() + " of " + steps.size() + " lines differ:\n" + String.join("\n", mismatches));
    }

    private static List<Step> load() throws IOException {
        try (InputStream in = TransactionDifferentialTest.class.getResourceAsStream(CORPUS)) {
            Objects.requireNonNull(in, CORPUS + " is missing");
            List<String> texts = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            List<Step> steps = new ArrayList<>();
            for (int n = 0; n < texts.size(); n++) {
                Matcher prefixed = CLIENT.matcher(texts.get(n).strip());
                String client = prefixed.matches() ? prefixed.group(1) : "a";
                CorpusLine line = CorpusLine.parse(n + 1, prefixed.matches() ? prefixed.group(2) : texts.get(n));
                if (line != null) {
                    steps.add(new Step(client, line));
                }
            }
            return steps;
        }
    }
}
