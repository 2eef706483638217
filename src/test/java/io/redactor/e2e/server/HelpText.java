package io.redactor.e2e.server;

import io.redactor.testing.RawClient;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A container command's HELP reply as lines, and the check that ours is Redis's minus what we lack. */
public final class HelpText {
    private HelpText() {
    }

    /** The status lines of a HELP reply ("*N" then "+line" each). */
    public static List<String> lines(RawClient client, String container) {
        String reply = client.call(container, "HELP");
        assertTrue(reply.startsWith("*"), reply);
        List<String> lines = new ArrayList<>();
        for (String line : reply.split("\r\n")) {
            if (line.startsWith("+")) {
                lines.add(line.substring(1));
            }
        }
        return lines;
    }

    /** Every line of {@code ours} appears in {@code redis}, in the same order. */
    public static void assertRedisLinesInOrder(List<String> redis, List<String> ours) {
        int at = 0;
        for (String line : ours) {
            int found = redis.subList(at, redis.size()).indexOf(line);
            assertTrue(found >= 0, "'" + line + "' is not in Redis's help after line " + at + ": " + redis);
            at += found + 1;
        }
    }
}
