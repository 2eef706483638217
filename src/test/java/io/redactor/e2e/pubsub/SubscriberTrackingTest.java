package io.redactor.e2e.pubsub;

import io.redactor.testing.Eventually;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientType;
import redis.clients.jedis.params.ClientKillParams;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the server knows about its subscribers (PUBSUB NUMSUB/NUMPAT/CHANNELS, CLIENT LIST, INFO) while they come
 * and go. Every scenario runs on Redis 7.0 and on Redactor with the same expectations.
 */
class SubscriberTrackingTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.redactor.e2e.pubsub.Servers#both")
    void pubsubCountsFollowSubscribersComingAndGoing(Servers server) {
        server.awaitNoSubscriptions();
        try (Jedis admin = server.jedis().get()) {
            RecordingSubscriber first = RecordingSubscriber.toChannels(server.jedis().get(), "t:c1", "t:c2");
            assertEquals(Map.of("t:c1", 1L, "t:c2", 1L, "t:c3", 0L), admin.pubsubNumSub("t:c1", "t:c2", "t:c3"));
            assertEquals(0, admin.pubsubNumPat());
            assertEquals(Set.of("t:c1", "t:c2"), Set.copyOf(admin.pubsubChannels()));

            RecordingSubscriber second = RecordingSubscriber.toPatterns(server.jedis().get(), "t:p1*", "t:p2*");
            RecordingSubscriber third = RecordingSubscriber.toPatterns(server.jedis().get(), "t:p1*");
            assertEquals(2, admin.pubsubNumPat(), "distinct patterns");
            assertEquals(Set.of("t:c1", "t:c2"), Set.copyOf(admin.pubsubChannels()), "patterns are not channels");

            second.addChannels("t:c1", "t:c3");
            assertEquals(Map.of("t:c1", 2L, "t:c3", 1L), admin.pubsubNumSub("t:c1", "t:c3"));
            assertEquals(List.of("t:c3"), admin.pubsubChannels("*3"));
            first.removeChannels("t:c1");
            assertEquals(Map.of("t:c1", 1L, "t:c2", 1L), admin.pubsubNumSub("t:c1", "t:c2"));
            assertEquals(3, admin.publish("t:c1", "x") + admin.publish("t:p1x", "y"), "c1 once, t:p1* twice");

            third.close();
            assertEquals(2, admin.pubsubNumPat(), "t:p1* is still second's");
            second.close();
            assertEquals(0, admin.pubsubNumPat());
            assertEquals(Map.of("t:c1", 0L, "t:c2", 1L, "t:c3", 0L), admin.pubsubNumSub("t:c1", "t:c2", "t:c3"));
            first.close();
            assertEquals(List.of(), admin.pubsubChannels());
        }
    }

    /** A subscriber whose connection drops is forgotten: NUMSUB and NUMPAT fall back, PUBLISH reaches nobody. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.redactor.e2e.pubsub.Servers#both")
    void aDisconnectedSubscriberIsRemoved(Servers server) {
        server.awaitNoSubscriptions();
        try (Jedis admin = server.jedis().get()) {
            RawClient subscriber = server.raw().get();
            subscriber.call("SUBSCRIBE", "t:gone");
            subscriber.call("PSUBSCRIBE", "t:gone*");
            assertEquals(2, admin.publish("t:gone", "hello"));
            assertEquals(Map.of("t:gone", 1L), admin.pubsubNumSub("t:gone"));
            assertEquals(1, admin.pubsubNumPat());

            subscriber.close();

            Eventually.equal("NUMSUB t:gone", Map.of("t:gone", 0L), () -> admin.pubsubNumSub("t:gone"));
            Eventually.equal("NUMPAT", 0L, admin::pubsubNumPat);
            assertEquals(0, admin.publish("t:gone", "anyone?"));
            assertEquals(List.of(), admin.pubsubChannels());
        }
    }

    /** CLIENT LIST shows a subscriber with flag P and its sub= and psub= counts, in RESP2 and RESP3. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.redactor.e2e.pubsub.Servers#both")
    void clientListShowsSubscriptions(Servers server) {
        server.awaitNoSubscriptions();
        try (Jedis admin = server.jedis().get(); RawClient resp2 = server.raw().get();
             RawClient resp3 = server.raw().get()) {
            long id2 = id(resp2);
            long id3 = id(resp3);
            resp3.call("HELLO", "3");
            Map<String, String> idle = Map.of("flags", "N", "sub", "0", "psub", "0", "ssub", "0");
            assertEquals(idle, subscriptionFields(admin, id2));

            resp2.call("SUBSCRIBE", "t:a");
            resp2.call("SUBSCRIBE", "t:b", "t:a");
            resp2.readReply();
            resp2.call("PSUBSCRIBE", "t:*");
            resp3.call("PSUBSCRIBE", "t:x*");
            assertEquals(Map.of("flags", "P", "sub", "2", "psub", "1", "ssub", "0"), subscriptionFields(admin, id2));
            assertEquals(Map.of("flags", "P", "sub", "0", "psub", "1", "ssub", "0"), subscriptionFields(admin, id3));
            assertEquals("psubscribe", clientField(admin, id2, "cmd"));

            resp2.call("UNSUBSCRIBE");
            resp2.readReply();
            assertEquals(Map.of("flags", "P", "sub", "0", "psub", "1", "ssub", "0"), subscriptionFields(admin, id2));
            resp2.call("PUNSUBSCRIBE");
            resp3.call("RESET");
            assertEquals(idle, subscriptionFields(admin, id2));
            assertEquals(idle, subscriptionFields(admin, id3));
        }
    }

    /** CLIENT LIST TYPE pubsub and CLIENT KILL TYPE pubsub pick the subscribers, whatever their protocol. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.redactor.e2e.pubsub.Servers#both")
    void clientTypePubsubSelectsSubscribers(Servers server) {
        server.awaitNoSubscriptions();
        try (Jedis admin = server.jedis().get(); RawClient resp2 = server.raw().get();
             RawClient resp3 = server.raw().get(); RawClient normal = server.raw().get()) {
            Set<Long> subscribers = Set.of(id(resp2), id(resp3));
            long normalId = id(normal);
            resp3.call("HELLO", "3");
            resp2.call("SUBSCRIBE", "t:k");
            resp3.call("PSUBSCRIBE", "t:k*");

            assertEquals(subscribers, ids(admin.clientList(ClientType.PUBSUB)));
            Set<Long> normals = ids(admin.clientList(ClientType.NORMAL));
            assertTrue(normals.contains(normalId), "normal clients: " + normals);
            assertTrue(normals.stream().noneMatch(subscribers::contains), "normal clients: " + normals);

            assertEquals(2, admin.clientKill(new ClientKillParams()
                    .type(ClientType.PUBSUB)));
            assertTrue(resp2.isClosedByServer(10_000));
            assertTrue(resp3.isClosedByServer(10_000));
            Eventually.equal("NUMPAT", 0L, admin::pubsubNumPat);
            assertEquals("+PONG\r\n", normal.call("PING"), "normal clients are left alone");
        }
    }

    private static Set<Long> ids(String clientList) {
        Set<Long> ids = new HashSet<>();
        for (String line : clientList.split("\n")) {
            if (line.startsWith("id=")) {
                ids.add(Long.parseLong(line.substring(3, line.indexOf(' '))));
            }
        }
        return ids;
    }

    private static long id(RawClient client) {
        return Long.parseLong(client.call("CLIENT", "ID").substring(1).strip());
    }

    private static Map<String, String> subscriptionFields(Jedis admin, long id) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String field : List.of("flags", "sub", "psub", "ssub")) {
            fields.put(field, clientField(admin, id, field));
        }
        return fields;
    }

    private static String clientField(Jedis admin, long id, String field) {
        String line = admin.clientList(id).strip();
        for (String pair : line.split(" ")) {
            if (pair.startsWith(field + "=")) {
                return pair.substring(field.length() + 1);
            }
        }
        throw new AssertionError("no field " + field + " in " + line);
    }

    /** INFO stats counts channels with subscribers and distinct patterns, under Redis 7.0's field names. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.redactor.e2e.pubsub.Servers#both")
    void infoStatsCountChannelsAndPatterns(Servers server) {
        server.awaitNoSubscriptions();
        try (Jedis admin = server.jedis().get(); RawClient one = server.raw().get(); RawClient two = server.raw().get()) {
            assertEquals(List.of("0", "0"), pubsubStats(admin));
            one.call("SUBSCRIBE", "t:i1");
            one.call("SUBSCRIBE", "t:i2");
            two.call("SUBSCRIBE", "t:i2");
            one.call("PSUBSCRIBE", "t:i*");
            two.call("PSUBSCRIBE", "t:i*");
            two.call("PSUBSCRIBE", "t:j*");
            assertEquals(List.of("2", "2"), pubsubStats(admin));
            one.call("UNSUBSCRIBE", "t:i1");
            two.call("PUNSUBSCRIBE", "t:j*");
            assertEquals(List.of("1", "1"), pubsubStats(admin));
        }
    }

    /** pubsub_channels and pubsub_patterns from INFO stats. */
    private static List<String> pubsubStats(Jedis admin) {
        Map<String, String> stats = new LinkedHashMap<>();
        for (String line : admin.info("stats").split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                stats.put(line.substring(0, colon), line.substring(colon + 1));
            }
        }
        List<String> values = new ArrayList<>();
        for (String field : List.of("pubsub_channels", "pubsub_patterns")) {
            assertTrue(stats.containsKey(field), field + " in " + stats.keySet());
            values.add(stats.get(field));
        }
        return values;
    }

    /** PUBSUB HELP: Redis's text, line for line, sharded subcommands included. */
    @Test
    void pubsubHelpIsRedisText() {
        assertEquals(help(RealRedis.shared()::raw), help(TestRedactor.shared()::raw));
    }

    private static List<String> help(Supplier<RawClient> connect) {
        try (RawClient client = connect.get()) {
            List<String> lines = new ArrayList<>(List.of(client.call("PUBSUB", "HELP").split("\r\n")));
            lines.remove(0);
            return lines;
        }
    }
}
