package io.redactor.e2e.pubsub;

import io.redactor.testing.Eventually;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisShardedPubSub;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.exceptions.JedisDataException;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redis 7's sharded pub/sub through Jedis's {@code ssubscribe}/{@code spublish}, next to a script subscribed to the
 * same channel name with Redactor's {@code SSUBSCRIBE <sha1> channel}: SPUBLISH reaches the client, PUBLISH runs the
 * script, neither reaches the other; and ACL channel rules restrict both forms.
 */
class ShardedPubSubTest {
    private static final ProtocolCommand SPUBLISH = () -> "SPUBLISH".getBytes(StandardCharsets.US_ASCII);
    private static final ProtocolCommand PUBSUB = () -> "PUBSUB".getBytes(StandardCharsets.US_ASCII);

    @Test
    void shardSubscribersAndScriptSubscribersOfOneNameHearTheirOwnPublishes() throws Exception {
        try (Jedis publisher = TestRedactor.shared().jedis(); Jedis subscriber = TestRedactor.shared().jedis()) {
            publisher.del("shard:count");
            String counter = publisher.scriptLoad("redis.call('incr', 'shard:count')");
            assertEquals("OK", new String((byte[]) publisher.sendCommand(() -> "SSUBSCRIBE".getBytes(), counter,
                    "shard:jobs"), StandardCharsets.UTF_8));
            List<String> received = new CopyOnWriteArrayList<>();
            CountDownLatch subscribed = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(2);
            JedisShardedPubSub listener = new JedisShardedPubSub() {
                @Override
                public void onSSubscribe(String channel, int count) {
                    subscribed.countDown();
                }

                @Override
                public void onSMessage(String channel, String message) {
                    received.add(channel + "=" + message);
                    done.countDown();
                }
            };
            // Jedis's sharded pub/sub listener on a plain connection (its ssubscribe methods are JedisCluster's)
            Thread thread = Thread.ofVirtual().start(() -> listener.proceed(subscriber.getConnection(), "shard:jobs"));
            assertTrue(subscribed.await(10, TimeUnit.SECONDS));
            assertEquals(List.of("shard:jobs", 1L), decoded(publisher.sendCommand(PUBSUB, "SHARDNUMSUB", "shard:jobs")));
            assertEquals(1L, spublish(publisher, "shard:jobs", "one"));
            // PUBLISH reaches the script only
            assertEquals(1L, publisher.publish("shard:jobs", "for the script"));
            assertEquals(1L, spublish(publisher, "shard:jobs", "two"));
            assertTrue(done.await(10, TimeUnit.SECONDS));
            Eventually.until("the script ran once", () -> "1".equals(publisher.get("shard:count")));
            assertEquals(List.of("shard:jobs=one", "shard:jobs=two"), received);
            listener.sunsubscribe();
            thread.join(10_000);
            assertEquals(0L, spublish(publisher, "shard:jobs", "nobody"));
            assertEquals(1L, (Long) publisher.sendCommand(() -> "SUNSUBSCRIBE".getBytes(), counter));
            assertEquals("1", publisher.get("shard:count"));
            publisher.del("shard:count");
        }
    }

    private static long spublish(Jedis jedis, String channel, String message) {
        return (Long) jedis.sendCommand(SPUBLISH, channel, message);
    }

    private static List<Object> decoded(Object reply) {
        return ((List<?>) reply).stream()
                .map(item -> item instanceof byte[] bytes ? (Object) new String(bytes, StandardCharsets.UTF_8) : item)
                .toList();
    }

    @Test
    void channelRulesRestrictShardChannels() {
        try (Jedis admin = TestRedactor.shared().jedis()) {
            admin.aclSetUser("shard-user", "on", ">pw", "resetchannels", "&allowed:*", "+@all", "~*");
            try (Jedis user = TestRedactor.shared().jedis()) {
                user.auth("shard-user", "pw");
                assertEquals(0L, spublish(user, "allowed:x", "m"));
                JedisDataException denied = assertThrows(JedisDataException.class,
                        () -> spublish(user, "secret", "m"));
                assertTrue(denied.getMessage().startsWith("NOPERM"), denied.getMessage());
                JedisDataException refused = assertThrows(JedisDataException.class,
                        () -> user.sendCommand(() -> "SSUBSCRIBE".getBytes(), "secret"));
                assertEquals(0L, spublish(user, "allowed:y", "m"));
                assertTrue(refused.getMessage().startsWith("NOPERM"), refused.getMessage());
            } finally {
                admin.aclDelUser("shard-user");
            }
        }
    }
}
