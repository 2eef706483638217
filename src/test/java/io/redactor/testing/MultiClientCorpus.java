package io.redactor.testing;

import io.redactor.e2e.keys.CorpusLine;
import io.redactor.e2e.keys.RespBytes;

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

/**
 * A differential corpus played by three connections to a real Redis 7.0 and three to Redactor, every reply
 * compared. A line may start with a connection prefix: {@code [b]} or {@code [c]} runs it on the second or
 * third connection (default a); {@code [b>]} only sends it and waits until the server reports that connection
 * blocked (a blocking command), {@code [b<]} (no command) reads one more reply or pushed message without sending
 * anything. Markers: {@code @anyint} masks integers, {@code @sorted} compares an aggregate's elements sorted. See
 * {@link CorpusLine} for the rest of the syntax.
 */
public final class MultiClientCorpus {
    private static final Pattern PREFIX = Pattern.compile("^\\[([abc])([<>]?)]\\s*(.*)$");
    private static final Pattern BLOCKED = Pattern.compile(" flags=[a-zA-Z]*b");
    private static final long BLOCK_WAIT_NANOS = 5_000_000_000L;

    private enum Mode { CALL, SEND_AND_BLOCK, RECEIVE }

    private record Step(String client, Mode mode, int number, String text, CorpusLine line) {
    }

    private MultiClientCorpus() {
    }

    /** Plays the corpus on both servers (after FLUSHALL); the mismatches, empty when every reply matches. */
    public static List<String> play(String resource, int minimumLines) throws IOException {
        List<Step> steps = load(resource);
        if (steps.size() < minimumLines) {
            throw new IllegalStateException(resource + " has only " + steps.size() + " command lines");
        }
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
                byte[] expected = run(step, redis, "redis");
                byte[] actual = run(step, ours, "redactor");
                if (expected == null) {
                    continue;
                }
                if (step.line() != null && step.line().markers().contains(CorpusLine.Marker.ANYINT)) {
                    expected = RespBytes.maskIntegers(expected);
                    actual = RespBytes.maskIntegers(actual);
                }
                boolean sorted = step.line() != null && step.line().markers().contains(CorpusLine.Marker.SORTED);
                String shownExpected = sorted ? showSorted(expected) : RespBytes.show(expected);
                String shownActual = sorted ? showSorted(actual) : RespBytes.show(actual);
                if (!Objects.equals(shownExpected, shownActual)) {
                    mismatches.add("line " + step.number() + ": " + step.text()
                            + "\n    redis:    " + shownExpected + "\n    redactor: " + shownActual);
                }
            }
        } finally {
            redis.values().forEach(RawClient::close);
            ours.values().forEach(RawClient::close);
        }
        return mismatches;
    }

    /** An aggregate as its type and its elements in sorted order (for @sorted lines); anything else as it is. */
    private static String showSorted(byte[] reply) {
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

    /** The step's reply, or null for a blocking send (its reply is compared when received). */
    private static byte[] run(Step step, Map<String, RawClient> clients, String server) {
        try {
            return run(step, clients);
        } catch (RuntimeException e) {
            throw new IllegalStateException(server + " failed at line " + step.number() + ": " + step.text(), e);
        }
    }

    private static byte[] run(Step step, Map<String, RawClient> clients) {
        RawClient client = clients.get(step.client());
        return switch (step.mode()) {
            case CALL -> client.call(step.line().argv());
            case RECEIVE -> client.readReply();
            case SEND_AND_BLOCK -> {
                String id = client.call("CLIENT", "ID").substring(1).strip();
                client.command(step.line().argv());
                awaitBlocked(clients.get(step.client().equals("c") ? "a" : "c"), id);
                yield null;
            }
        };
    }

    /** Polls CLIENT LIST from {@code observer} until the client with this id shows flag b. */
    private static void awaitBlocked(RawClient observer, String id) {
        long deadline = System.nanoTime() + BLOCK_WAIT_NANOS;
        while (System.nanoTime() < deadline) {
            if (BLOCKED.matcher(observer.call("CLIENT", "LIST", "ID", id)).find()) {
                return;
            }
            Thread.onSpinWait();
        }
        throw new IllegalStateException("client " + id + " did not block");
    }

    private static List<Step> load(String resource) throws IOException {
        try (InputStream in = MultiClientCorpus.class.getResourceAsStream(resource)) {
            Objects.requireNonNull(in, resource + " is missing");
            List<String> texts = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            List<Step> steps = new ArrayList<>();
            for (int n = 0; n < texts.size(); n++) {
                String text = texts.get(n).strip();
                Matcher prefixed = PREFIX.matcher(text);
                String client = prefixed.matches() ? prefixed.group(1) : "a";
                Mode mode = !prefixed.matches() || prefixed.group(2).isEmpty() ? Mode.CALL
                        : prefixed.group(2).equals(">") ? Mode.SEND_AND_BLOCK : Mode.RECEIVE;
                if (mode == Mode.RECEIVE) {
                    steps.add(new Step(client, mode, n + 1, text, null));
                    continue;
                }
                CorpusLine line = CorpusLine.parse(n + 1, prefixed.matches() ? prefixed.group(3) : text);
                if (line != null) {
                    steps.add(new Step(client, mode, n + 1, text, line));
                }
            }
            return steps;
        }
    }
}
