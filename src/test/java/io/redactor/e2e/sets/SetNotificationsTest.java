package io.redactor.e2e.sets;

import io.redactor.actors.pubsub.PubSub;
import io.redactor.actors.pubsub.Subscriber;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.PushReply;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Keyspace notifications of the set commands, compared with a real Redis: the same commands run on both, and
 * the events each published (keyspace and keyevent channels, in order) must be the same. Redis's events are
 * read by a pattern subscriber; Redactor's by a subscriber registered in-process.
 */
class SetNotificationsTest {
    private static final String PATTERN = "__key*__:*";
    private static final String END = "end-of-events";

    private RawClient redis;
    private RawClient redisSubscriber;
    private RawClient redactor;
    private final ConcurrentLinkedQueue<String> redactorEvents = new ConcurrentLinkedQueue<>();
    private final Subscriber collector = this::collect;

    @BeforeEach
    void subscribe() {
        redis = RealRedis.shared().raw();
        redactor = TestRedactor.shared().raw();
        for (RawClient client : List.of(redis, redactor)) {
            client.call("FLUSHALL");
            client.call("CONFIG", "SET", "notify-keyspace-events", "KEA");
        }
        redisSubscriber = RealRedis.shared().raw();
        redisSubscriber.call("PSUBSCRIBE", PATTERN);
        redisSubscriber.call("SUBSCRIBE", END);
        pubsub().psubscribe(collector, PATTERN.getBytes(StandardCharsets.US_ASCII));
    }

    @AfterEach
    void unsubscribe() {
        pubsub().punsubscribe(collector, PATTERN.getBytes(StandardCharsets.US_ASCII));
        for (RawClient client : List.of(redis, redactor)) {
            client.call("CONFIG", "SET", "notify-keyspace-events", "");
            client.call("FLUSHALL");
            client.close();
        }
        redisSubscriber.close();
    }

    private static PubSub pubsub() {
        return TestRedactor.shared().server().node().services().server().pubsub();
    }

    private void collect(PushReply message) {
        List<String> parts = new ArrayList<>();
        for (var item : message.items()) {
            parts.add(((BulkString) item).asString());
        }
        redactorEvents.add(parts.get(2) + " " + parts.get(3));
    }

    /** Runs the commands on both servers and compares the events they published. */
    private void assertSameEvents(String... commands) {
        for (String command : commands) {
            String[] args = command.split(" ");
            redis.call(args);
            redactor.call(args);
        }
        redis.call("PUBLISH", END, "x");
        List<String> expected = new ArrayList<>();
        while (true) {
            String[] lines = redisSubscriber.readReplyText().split("\r\n");
            if (lines[2].equals("message")) {
                break;
            }
            expected.add(lines[6] + " " + lines[8]);
        }
        assertFalse(expected.isEmpty(), "the commands should publish events");
        assertEquals(expected, new ArrayList<>(redactorEvents), String.join("; ", commands));
    }

    @Test
    void saddAndSrem() {
        assertSameEvents("SADD a 1 2", "SADD a 1", "SREM a 9", "SREM a 1", "SREM a 2 3", "SREM a 1",
                "SADD b x", "SADD b y");
    }

    @Test
    void spopWithAndWithoutCount() {
        assertSameEvents("SADD b x y z", "SPOP b", "SPOP b 0", "SPOP b 1", "SPOP b 5", "SPOP b", "SPOP b 3",
                "SADD h 1 2 3 4 5 6 7 8 9 10", "SPOP h 2", "SPOP h 7", "SPOP h 1", "SPOP h 1");
    }

    @Test
    void smove() {
        assertSameEvents("SADD c 1", "SMOVE c d 1", "SADD c 1", "SMOVE c d 1", "SADD c 2 3", "SMOVE c c 2",
                "SMOVE c d 9", "SMOVE missing d 1", "SMOVE c e 2");
    }

    @Test
    void storeCommands() {
        assertSameEvents("SADD e 1 2", "SADD f 2 3", "SINTERSTORE g e f", "SINTERSTORE g e nokey",
                "SINTERSTORE g e nokey", "SUNIONSTORE g e f", "SDIFFSTORE g e e", "SADD g 1", "SDIFFSTORE g e f",
                "SUNIONSTORE g nokey", "SUNIONSTORE g e", "SDIFFSTORE g e f e");
    }

    @Test
    void readsPublishNothing() {
        assertSameEvents("SADD s 1 2", "SMEMBERS s", "SISMEMBER s 1", "SMISMEMBER s 1 3", "SCARD s",
                "SRANDMEMBER s", "SRANDMEMBER s -5", "SINTER s s", "SUNION s", "SDIFF s", "SINTERCARD 1 s",
                "SSCAN s 0");
    }
}
