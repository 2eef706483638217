package io.redactor.e2e.pubsub;

import io.redactor.testing.Eventually;
import io.redactor.e2e.pubsub.RecordingSubscriber.Message;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.Jedis;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Keyspace notifications as a Jedis PSUBSCRIBE client sees them, on Redis 7.0 and on Redactor: each event on
 * {@code __keyspace@<db>__:<key>} then on {@code __keyevent@<db>__:<event>}, in the order the commands ran.
 */
class KeyspaceSubscriberTest {
    private static final int DB = 5;
    private static final String KEYSPACE = "__keyspace@" + DB + "__:kn:*";
    private static final String KEYEVENT = "__keyevent@" + DB + "__:*";

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.redactor.e2e.pubsub.Servers#both")
    void aPatternSubscriberReceivesTheEventsOfEveryCommand(Servers server) {
        server.awaitNoSubscriptions();
        try (Jedis client = server.jedis().get()) {
            client.select(DB);
            client.flushDB();
            String original = client.configGet("notify-keyspace-events").get("notify-keyspace-events");
            client.configSet("notify-keyspace-events", "KEA");
            try (RecordingSubscriber subscriber = RecordingSubscriber.toPatterns(server.jedis().get(),
                    KEYSPACE, KEYEVENT, "kn:end")) {
                client.set("kn:a", "1");
                client.incrBy("kn:a", 5);
                client.expire("kn:a", 100);
                client.rpush("kn:l", "x", "y");
                client.hset("kn:h", "f", "v");
                client.rename("kn:a", "kn:b");
                client.del("kn:b", "kn:l", "kn:none");
                client.pexpire("kn:h", 1);
                Eventually.until("kn:h expired", () -> !client.exists("kn:h"));
                client.publish("kn:end", "end");

                List<Message> received = subscriber.awaitMessages(23);
                assertEquals(List.of(
                        keyspace("kn:a", "set"), keyevent("set", "kn:a"),
                        keyspace("kn:a", "incrby"), keyevent("incrby", "kn:a"),
                        keyspace("kn:a", "expire"), keyevent("expire", "kn:a"),
                        keyspace("kn:l", "rpush"), keyevent("rpush", "kn:l"),
                        keyspace("kn:h", "hset"), keyevent("hset", "kn:h"),
                        keyspace("kn:a", "rename_from"), keyevent("rename_from", "kn:a"),
                        keyspace("kn:b", "rename_to"), keyevent("rename_to", "kn:b"),
                        keyspace("kn:b", "del"), keyevent("del", "kn:b"),
                        keyspace("kn:l", "del"), keyevent("del", "kn:l"),
                        keyspace("kn:h", "expire"), keyevent("expire", "kn:h"),
                        keyspace("kn:h", "expired"), keyevent("expired", "kn:h"),
                        new Message("kn:end", "kn:end", "end")), received);
            } finally {
                client.configSet("notify-keyspace-events", original);
            }
        }
    }

    private static Message keyspace(String key, String event) {
        return new Message(KEYSPACE, "__keyspace@" + DB + "__:" + key, event);
    }

    private static Message keyevent(String event, String key) {
        return new Message(KEYEVENT, "__keyevent@" + DB + "__:" + event, key);
    }
}
