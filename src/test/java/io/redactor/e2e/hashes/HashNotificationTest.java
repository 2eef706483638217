package io.redactor.e2e.hashes;

import io.redactor.actors.pubsub.PubSub;
import io.redactor.actors.pubsub.Subscriber;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.PushReply;
import io.redactor.e2e.keys.RespBytes;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Keyspace notifications of the hash commands, compared with the ones a real Redis publishes for the same
 * commands: event names, classes, order, and "del" when HDEL empties a hash. Redis's events are read by a
 * PSUBSCRIBE connection; Redactor's by a subscriber registered on its pub/sub registry.
 */
class HashNotificationTest {
    private static final String PATTERN = "__key*__:*";
    private static final String PREFIX = "hash-events:";
    private static final String END = PREFIX + "end";
    /** Created before notifications are on (Redactor's SET does not notify yet). */
    private static final String STRING = PREFIX + "s";

    private final Queue<String> redactorEvents = new ConcurrentLinkedQueue<>();
    private final Subscriber subscriber = this::received;
    private RawClient redis;
    private RawClient redisEvents;
    private RawClient redactor;

    @BeforeEach
    void subscribe() {
        redis = RealRedis.shared().raw();
        redactor = TestRedactor.shared().raw();
        redisEvents = RealRedis.shared().raw();
        redisEvents.call("PSUBSCRIBE", PATTERN);
        pubsub().psubscribe(subscriber, bytes(PATTERN));
        for (RawClient client : List.of(redis, redactor)) {
            client.call("DEL", PREFIX + "h", PREFIX + "f", END);
            client.call("SET", STRING, "x");
            client.call("CONFIG", "SET", "notify-keyspace-events", "KEA");
        }
    }

    @AfterEach
    void unsubscribe() {
        pubsub().punsubscribe(subscriber, bytes(PATTERN));
        for (RawClient client : List.of(redis, redactor)) {
            client.call("CONFIG", "SET", "notify-keyspace-events", "");
            client.call("DEL", PREFIX + "h", PREFIX + "f", END, STRING);
            client.close();
        }
        redisEvents.close();
    }

    @Test
    void hashCommandsNotifyAsRedisDoes() {
        String h = PREFIX + "h";
        String[][] script = {
                {"HSET", h, "a", "1"}, {"HSET", h, "a", "1"}, {"HMSET", h, "b", "2", "c", "3"},
                {"HSETNX", h, "a", "9"}, {"HSETNX", h, "d", "4"},
                {"HINCRBY", h, "n", "5"}, {"HINCRBY", h, "a", "x"}, {"HINCRBY", h, "b", "1"},
                {"HINCRBYFLOAT", h, "x", "1.5"}, {"HINCRBYFLOAT", h, "x", "inf"},
                {"HGET", h, "a"}, {"HGETALL", h}, {"HSCAN", h, "0"}, {"HLEN", h},
                {"HDEL", h, "zz"}, {"HDEL", h, "a", "b", "zz"}, {"HDEL", h, "c", "d", "n", "x"},
                {"HDEL", h, "a"}, {"HINCRBY", h, "counter", "1"}, {"HINCRBYFLOAT", PREFIX + "f", "g", "2"},
                {"HDEL", h, "counter"}, {"HSET", h, "big", "x".repeat(100)}, {"HDEL", h, "big"},
                {"HSET", STRING, "f", "v"}, {"HDEL", STRING, "f"}, {"HINCRBY", STRING, "f", "1"},
                {"HSET", END, "f", "v"}};
        for (String[] command : script) {
            assertEquals(redis.call(command), redactor.call(command), String.join(" ", command));
        }
        List<String> expected = redisEventsUntilEnd();
        List<String> actual = new ArrayList<>(redactorEvents);
        assertEquals(expected, actual);
        assertEquals(List.of("__keyspace@0__:hash-events:h hset", "__keyevent@0__:hset hash-events:h"),
                expected.subList(0, 2), "sanity: the expected events are Redis's own");
    }

    private List<String> redisEventsUntilEnd() {
        List<String> events = new ArrayList<>();
        while (true) {
            List<byte[]> message = RespBytes.elements(redisEvents.readReply());
            String event = text(message.get(2)) + " " + text(message.get(3));
            events.add(event);
            if (event.equals("__keyevent@0__:hset " + END)) {
                return events;
            }
        }
    }

    private void received(PushReply message) {
        List<?> items = message.items();
        redactorEvents.add(((BulkString) items.get(2)).asString() + " " + ((BulkString) items.get(3)).asString());
    }

    private static PubSub pubsub() {
        return TestRedactor.shared().server().node().services().server().pubsub();
    }

    private static String text(byte[] bulk) {
        String s = new String(bulk, StandardCharsets.ISO_8859_1);
        return s.substring(s.indexOf("\r\n") + 2, s.length() - 2);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
