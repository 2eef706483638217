package io.redactor.e2e.lists;

import io.redactor.actors.pubsub.PubSub;
import io.redactor.actors.pubsub.Subscriber;
import io.redactor.core.reply.BulkString;
import io.redactor.e2e.keys.RespBytes;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keyspace notifications of the list commands, compared with a real Redis: the same script runs on both with
 * notify-keyspace-events KEA, and the (channel, message) sequences must be equal. Redis's are read from a
 * PSUBSCRIBEd connection; Redactor's from a subscriber registered in-process. (Only list commands run with
 * notifications on: the string and keyspace families do not notify yet.)
 */
class ListNotificationsTest {
    private static final String PATTERN = "__key*__:*";
    private static final String DONE = "ln-done";

    private static final String[][] SCRIPT = {
            {"RPUSH", "ln:a", "1", "2", "3"},
            {"LPUSH", "ln:a", "0"},
            {"LPUSHX", "ln:a", "x"},
            {"RPUSHX", "ln:a", "y"},
            {"LPUSHX", "ln:missing", "x"},
            {"RPUSH", "ln:missing"},
            {"LPOP", "ln:a"},
            {"RPOP", "ln:a", "2"},
            {"LPOP", "ln:a", "0"},
            {"LPOP", "ln:missing"},
            {"LINSERT", "ln:a", "BEFORE", "1", "z"},
            {"LINSERT", "ln:a", "BEFORE", "nope", "z"},
            {"LSET", "ln:a", "0", "q"},
            {"LSET", "ln:a", "100", "q"},
            {"LREM", "ln:a", "0", "nope"},
            {"LREM", "ln:a", "1", "z"},
            {"LTRIM", "ln:a", "0", "-1"},
            {"LRANGE", "ln:a", "0", "-1"},
            {"LPOS", "ln:a", "q"},
            {"RPUSH", "ln:b", "b1", "b2"},
            {"LMOVE", "ln:b", "ln:c", "LEFT", "RIGHT"},
            {"LMOVE", "ln:b", "ln:c", "RIGHT", "LEFT"},
            {"LMOVE", "ln:c", "ln:c", "LEFT", "RIGHT"},
            {"LMOVE", "ln:missing", "ln:c", "LEFT", "RIGHT"},
            {"RPOPLPUSH", "ln:c", "ln:d"},
            {"LMPOP", "2", "ln:missing", "ln:c", "LEFT", "COUNT", "5"},
            {"LMPOP", "1", "ln:missing", "LEFT"},
            {"LREM", "ln:d", "0", "b1"},
            {"LREM", "ln:d", "0", "b2"},
            {"LTRIM", "ln:a", "5", "1"},
            {"RPUSH", "ln:e", "1"},
            {"RPOP", "ln:e"},
            {"RPUSH", "ln:f", "1", "2"},
            {"LPOP", "ln:f", "5"},
            {"LPUSH", "ln:s", "x"},
            {"LMOVE", "ln:g", "ln:s", "LEFT", "LEFT"},
            {"RPUSH", "ln:g", "1"},
            {"LMOVE", "ln:g", "ln:s", "LEFT", "LEFT"},
    };

    @Test
    void listCommandsNotifyLikeRedis() {
        List<String> expected = redisEvents();
        List<String> actual = redactorEvents();
        assertTrue(expected.size() > 40, "the script should produce events: " + expected);
        assertEquals(String.join("\n", expected), String.join("\n", actual));
    }

    private static List<String> redisEvents() {
        try (RawClient subscriber = RealRedis.shared().raw(); RawClient client = RealRedis.shared().raw()) {
            String previous = configure(client);
            try {
                subscriber.call("PSUBSCRIBE", PATTERN);
                subscriber.call("SUBSCRIBE", DONE);
                runScript(client);
                client.call("PUBLISH", DONE, "x");
                List<String> events = new ArrayList<>();
                while (true) {
                    List<byte[]> parts = RespBytes.elements(subscriber.readReply());
                    if (parts.size() == 3) {
                        return events;
                    }
                    record(events, text(parts.get(2)) + " " + text(parts.get(3)));
                }
            } finally {
                client.call("CONFIG", "SET", "notify-keyspace-events", previous);
            }
        }
    }

    private static List<String> redactorEvents() {
        PubSub pubsub = TestRedactor.shared().server().node().services().server().pubsub();
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        Subscriber subscriber = message -> record(events, ((BulkString) message.items().get(2)).asString() + " "
                + ((BulkString) message.items().get(3)).asString());
        byte[] pattern = PATTERN.getBytes(StandardCharsets.UTF_8);
        try (RawClient client = TestRedactor.shared().raw()) {
            String previous = configure(client);
            pubsub.psubscribe(subscriber, pattern);
            try {
                runScript(client);
            } finally {
                pubsub.punsubscribe(subscriber, pattern);
                client.call("CONFIG", "SET", "notify-keyspace-events", previous);
            }
        }
        synchronized (events) {
            return new ArrayList<>(events);
        }
    }

    /** Keeps the events of this test's keys (other tests may use the servers too). */
    private static void record(List<String> events, String event) {
        if (event.contains("ln:")) {
            events.add(event);
        }
    }

    /** Turns every notification on; returns the setting to restore. */
    private static String configure(RawClient client) {
        List<byte[]> reply = RespBytes.elements(client.call("CONFIG", "GET", "notify-keyspace-events")
                .getBytes(StandardCharsets.ISO_8859_1));
        String previous = text(reply.get(1));
        client.call("CONFIG", "SET", "notify-keyspace-events", "KEA");
        return previous;
    }

    private static void runScript(RawClient client) {
        List<String> keys = new ArrayList<>(List.of("DEL", "ln:a", "ln:b", "ln:c", "ln:d", "ln:e", "ln:f", "ln:g",
                "ln:s", "ln:missing"));
        client.call("CONFIG", "SET", "notify-keyspace-events", "");
        client.call(keys.toArray(String[]::new));
        client.call("SET", "ln:s", "v");
        client.call("CONFIG", "SET", "notify-keyspace-events", "KEA");
        for (String[] command : SCRIPT) {
            client.call(command);
        }
    }

    /** The content of a raw bulk string reply. */
    private static String text(byte[] bulk) {
        int start = 0;
        while (bulk[start] != '\n') {
            start++;
        }
        return new String(bulk, start + 1, bulk.length - start - 3, StandardCharsets.ISO_8859_1);
    }
}
