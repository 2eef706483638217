package io.redactor.e2e.pubsub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redactor.testing.Eventually;
import io.redactor.testing.NodeScripts;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Redis 7's sharded pub/sub through node-redis's {@code sSubscribe}/{@code sPublish}/{@code sUnsubscribe}
 * ({@code src/test/node/sharded-pubsub.mjs}), on Redis 7.0 and on Redactor, and next to a script subscribed to the
 * same channel names with Redactor's {@code SSUBSCRIBE <sha1> channel ...}: SPUBLISH reaches node-redis and not the
 * script, PUBLISH runs the script and does not reach node-redis.
 */
class NodeRedisShardedPubSubTest {
    private static final ProtocolCommand SSUBSCRIBE = () -> "SSUBSCRIBE".getBytes(StandardCharsets.US_ASCII);
    private static final ProtocolCommand SUNSUBSCRIBE = () -> "SUNSUBSCRIBE".getBytes(StandardCharsets.US_ASCII);
    private static final ProtocolCommand SPUBLISH = () -> "SPUBLISH".getBytes(StandardCharsets.US_ASCII);
    private static final String ORDERS = "noderedis:orders";
    private static final String ALERTS = "noderedis:alerts";
    /** Appends each message it is run with to the list "noderedis:log:" + channel. */
    private static final String LOGGER = "redis.call('rpush', 'noderedis:log:' .. ARGV[1], ARGV[2])";
    /** The script exits by itself within 20 s whatever the server does; this only catches a broken runtime. */
    private static final Duration TIMEOUT = Duration.ofSeconds(40);
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What the script reports when the server behaves as Redis 7.0 does, {@code publishReceivers} being what PUBLISH
     * to the name of a shard channel answers (0 in Redis: shard subscribers are not channel subscribers).
     */
    private static JsonNode expected(int publishReceivers) {
        return json("""
                {"subscribed": {"shardChannels": ["noderedis:alerts", "noderedis:orders"],
                                "shardNumSub": ["noderedis:orders", 1, "noderedis:alerts", 1]},
                 "spublish": [1, 1, 1, 0, 1],
                 "publishToShardChannelName": %d,
                 "unsubscribed": {"shardChannels": ["noderedis:alerts"],
                                  "shardNumSub": ["noderedis:orders", 0, "noderedis:alerts", 1]},
                 "received": [["noderedis:orders", "order 1"], ["noderedis:alerts", "alert 1"],
                              ["noderedis:orders", "order 2"], ["noderedis:alerts", "alert 2"]],
                 "afterAll": {"shardChannels": []}}
                """.formatted(publishReceivers));
    }

    @Test
    void nodeRedisGetsFromRedactorWhatItGetsFromRedis() {
        JsonNode redis = run(RealRedis.shared().port());
        assertEquals(expected(0), redis, "Redis 7.0 itself");
        assertEquals(redis, run(TestRedactor.shared().port()), "Redactor, compared with Redis 7.0");
    }

    @Test
    void aScriptSubscribedToTheSameNamesRunsOnPublishOnly() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            jedis.del("noderedis:log:" + ORDERS, "noderedis:log:" + ALERTS);
            String sha = jedis.scriptLoad(LOGGER);
            assertEquals("OK", string(jedis.sendCommand(SSUBSCRIBE, sha, ORDERS, ALERTS)));
            try {
                // the one PUBLISH counts the script as its receiver; everything else is as in Redis
                assertEquals(expected(1), run(TestRedactor.shared().port()));
                assertEquals(1L, jedis.publish(ORDERS, "after node"));
                assertEquals(1L, jedis.publish(ALERTS, "after node"));
                // a subscription runs a channel's messages in publish order: once these ran, any earlier run had
                Eventually.equal("the script ran on PUBLISH to " + ORDERS + ", never on SPUBLISH",
                        List.of("plain publish", "after node"), () -> jedis.lrange("noderedis:log:" + ORDERS, 0, -1));
                Eventually.equal("the script ran on PUBLISH to " + ALERTS + ", never on SPUBLISH",
                        List.of("after node"), () -> jedis.lrange("noderedis:log:" + ALERTS, 0, -1));
                assertEquals(0L, (Long) jedis.sendCommand(SPUBLISH, ORDERS, "no shard subscriber left"));
            } finally {
                assertEquals(2L, (Long) jedis.sendCommand(SUNSUBSCRIBE, sha));
                jedis.del("noderedis:log:" + ORDERS, "noderedis:log:" + ALERTS);
            }
        }
    }

    private static JsonNode run(int port) {
        return json(NodeScripts.result("sharded-pubsub.mjs", TIMEOUT, Integer.toString(port)));
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + text, e);
        }
    }

    private static String string(Object reply) {
        return new String((byte[]) reply, StandardCharsets.UTF_8);
    }
}
