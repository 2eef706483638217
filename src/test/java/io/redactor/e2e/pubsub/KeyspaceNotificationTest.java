package io.redactor.e2e.pubsub;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Runs a corpus of commands on Redis and on Redactor, each with a client subscribed to every keyspace and
 * keyevent channel, and compares the notifications each command produced, in order.
 */
class KeyspaceNotificationTest {
    private static final String MARKER = "notification-test-marker";

    @Test
    void everyCommandNotifiesLikeRedis() throws IOException {
        List<String> commands = Files.readAllLines(Path.of("src/test/resources/differential/notifications.txt"))
                .stream().filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        List<String> expected = run(RealRedis.shared().raw(), RealRedis.shared().raw(), commands);
        List<String> actual = run(TestRedactor.shared().raw(), TestRedactor.shared().raw(), commands);
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                mismatches.add(commands.get(i) + "\n  redis:    " + expected.get(i) + "\n  redactor: " + actual.get(i));
            }
        }
        assertEquals(List.of(), mismatches);
    }

    /** The events each command caused, one line per command. */
    private static List<String> run(RawClient client, RawClient subscriber, List<String> commands) {
        try (client; subscriber) {
            client.call("SELECT", "9");
            client.call("FLUSHDB");
            client.call("CONFIG", "SET", "notify-keyspace-events", "KEAnm");
            subscriber.call("PSUBSCRIBE", "__key*@9__:*");
            subscriber.call("SUBSCRIBE", MARKER);
            List<String> events = new ArrayList<>();
            for (String command : commands) {
                client.call(command.split(" ", -1));
                client.call("PUBLISH", MARKER, "end");
                events.add(drain(subscriber));
            }
            client.call("CONFIG", "SET", "notify-keyspace-events", "");
            return events;
        }
    }

    /**
     * The events published before the marker: a publisher's messages reach a subscriber in order, and the
     * marker is published after the command's events.
     */
    private static String drain(RawClient subscriber) {
        StringBuilder events = new StringBuilder();
        while (true) {
            String[] lines = subscriber.readReplyText().split("\r\n");
            if (lines[2].equals("message")) {
                return events.toString().trim();
            }
            // *4 $8 pmessage $n pattern $n channel $n payload
            events.append(lines[6]).append('=').append(lines[8]).append(' ');
        }
    }

}
