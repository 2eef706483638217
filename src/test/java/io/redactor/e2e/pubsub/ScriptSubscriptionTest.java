package io.redactor.e2e.pubsub;

import io.redactor.testing.Eventually;
import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.exceptions.JedisDataException;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SSUBSCRIBE, SUNSUBSCRIBE and SCRIPT SUBSCRIPTIONS: scripts run by published messages. */
class ScriptSubscriptionTest {
    private static final ProtocolCommand SSUBSCRIBE = () -> "SSUBSCRIBE".getBytes(StandardCharsets.US_ASCII);
    private static final ProtocolCommand SUNSUBSCRIBE = () -> "SUNSUBSCRIBE".getBytes(StandardCharsets.US_ASCII);
    private static final ProtocolCommand SCRIPT = () -> "SCRIPT".getBytes(StandardCharsets.US_ASCII);
    /** Appends "channel|message|number of KEYS" to the list named "log:" + channel. */
    private static final String LOGGER =
            "redis.call('rpush', 'log:' .. ARGV[1], ARGV[1] .. '|' .. ARGV[2] .. '|' .. #KEYS)";

    @BeforeEach
    void flush() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            jedis.flushAll();
            jedis.scriptFlush();
        }
    }

    private static String ssubscribe(Jedis jedis, String sha, String... channels) {
        return decode(jedis.sendCommand(SSUBSCRIBE, concat(sha, channels)));
    }

    private static long sunsubscribe(Jedis jedis, String sha, String... channels) {
        return (Long) jedis.sendCommand(SUNSUBSCRIBE, concat(sha, channels));
    }

    private static String[] concat(String first, String... rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(rest));
        return all.toArray(String[]::new);
    }

    private static String decode(Object reply) {
        return reply instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : String.valueOf(reply);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, String>> subscriptions(Jedis jedis) {
        List<Map<String, String>> result = new ArrayList<>();
        for (Object entry : (List<Object>) jedis.sendCommand(SCRIPT, "SUBSCRIPTIONS")) {
            List<Object> fields = (List<Object>) entry;
            Map<String, String> map = new java.util.LinkedHashMap<>();
            for (int i = 0; i < fields.size(); i += 2) {
                map.put(decode(fields.get(i)), fields.get(i + 1) == null ? null : decode(fields.get(i + 1)));
            }
            result.add(map);
        }
        return result;
    }

    @Test
    void eachMessageRunsTheScriptWithTheChannelAndMessageAsArguments() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            String sha = jedis.scriptLoad(LOGGER);
            assertEquals("OK", ssubscribe(jedis, sha, "news", "sport"));
            assertEquals(1, jedis.publish("news", "hello"), "the script subscriber counts as a receiver");
            assertEquals(1, jedis.publish("sport", "goal"));
            assertEquals(0, jedis.publish("weather", "rain"));
            Eventually.equal("news runs", List.of("news|hello|0"), () -> jedis.lrange("log:news", 0, -1));
            Eventually.equal("sport runs", List.of("sport|goal|0"), () -> jedis.lrange("log:sport", 0, -1));
            assertEquals("OK", ssubscribe(jedis, sha, "news"), "subscribing again changes nothing");
            assertEquals(2, subscriptions(jedis).size());
        }
    }

    @Test
    void publishCountsScriptSubscribersBesideClientSubscribers() throws Exception {
        TestRedactor server = TestRedactor.shared();
        try (Jedis jedis = server.jedis(); Jedis subscriber = server.jedis()) {
            List<String> received = new CopyOnWriteArrayList<>();
            JedisPubSub listener = new JedisPubSub() {
                @Override
                public void onMessage(String channel, String message) {
                    received.add(message);
                }
            };
            Thread listening = new Thread(() -> subscriber.subscribe(listener, "both"));
            listening.start();
            Eventually.until("the client subscribed", () -> jedis.pubsubNumSub("both").get("both") == 1);
            ssubscribe(jedis, jedis.scriptLoad(LOGGER), "both");
            assertEquals(2, jedis.publish("both", "m"));
            Eventually.equal("the script ran", 1L, () -> jedis.llen("log:both"));
            Eventually.equal("the client got it", List.of("m"), () -> received);
            assertEquals(1, jedis.pubsubNumSub("both").get("both"), "NUMSUB counts clients only");
            listener.unsubscribe();
            listening.join(5000);
        }
    }

    @Test
    void aBurstOfMessagesRunsInPublishOrderWithoutLoss() throws InterruptedException {
        int messages = 100_000;
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            String sha = jedis.scriptLoad("local n = redis.call('incr', 'count') "
                    + "if tonumber(ARGV[2]) ~= n then redis.call('rpush', 'out-of-order', ARGV[2]) end");
            ssubscribe(jedis, sha, "burst");
            Pipeline pipeline = jedis.pipelined();
            for (int i = 1; i <= messages; i++) {
                pipeline.publish("burst", Integer.toString(i));
            }
            List<Object> receivers = pipeline.syncAndReturnAll();
            assertTrue(receivers.stream().allMatch(r -> r.equals(1L)), "every PUBLISH was taken");
            waitWhileProgressing(jedis, messages);
            assertEquals(0, jedis.llen("out-of-order"));
            Eventually.equal("every run counted", Integer.toString(messages),
                    () -> subscriptions(jedis).get(0).get("processed"));
            Eventually.equal("nothing waits", "0", () -> subscriptions(jedis).get(0).get("waiting"));
        }
    }

    /** Waits until {@code messages} runs ended, failing with the subscription's state if none ends for 20 s. */
    private static void waitWhileProgressing(Jedis jedis, int messages) throws InterruptedException {
        String last = "";
        long lastChange = System.nanoTime();
        while (!Integer.toString(messages).equals(jedis.get("count"))) {
            String state = subscriptions(jedis) + " count=" + jedis.get("count");
            if (!state.equals(last)) {
                last = state;
                lastChange = System.nanoTime();
            } else if (System.nanoTime() - lastChange > Duration.ofSeconds(20).toNanos()) {
                throw new AssertionError("no run ended for 20 s: " + state);
            }
            Thread.sleep(50);
        }
    }

    @Test
    void aBacklogOfRunsThatMakeNoCallDrainsBehindOneThatWaited() throws Exception {
        int messages = 50_000;
        try (Jedis jedis = TestRedactor.shared().jedis(); Jedis holder = TestRedactor.shared().jedis()) {
            // the first message's GET waits while an atomic script holds its partition; the others make no call, so
            // they run on the thread that ends the run before them, one after the other, once the first has ended
            String sha = jedis.scriptLoad("if ARGV[2] == '1' then redis.call('get', 'held') end return 1");
            ssubscribe(jedis, sha, "drain");
            Thread holding = new Thread(() -> holder.eval("redis.call('set', KEYS[1], 1) local t = redis.call('time') "
                    + "local stop = t[1] * 1000000 + t[2] + 1500000 "
                    + "repeat t = redis.call('time') until t[1] * 1000000 + t[2] >= stop", 1, "held"));
            holding.start();
            Eventually.until("the partition is held", () -> !jedis.info("scripts").isEmpty()
                    && jedis.info("scripts").contains("atomic_scripts_running:1"));
            Pipeline pipeline = jedis.pipelined();
            for (int i = 1; i <= messages; i++) {
                pipeline.publish("drain", Integer.toString(i));
            }
            assertTrue(pipeline.syncAndReturnAll().stream().allMatch(r -> r.equals(1L)), "every PUBLISH was taken");
            holding.join(10_000);
            Eventually.equal("every run ended", Integer.toString(messages),
                    () -> subscriptions(jedis).get(0).get("processed"));
            assertEquals("0", subscriptions(jedis).get(0).get("failed"));
            Eventually.equal("nothing waits", "0", () -> subscriptions(jedis).get(0).get("waiting"));
        }
    }

    @Test
    void scriptsFormAGraphByPublishingToOtherChannels() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            String split = jedis.scriptLoad("for word in string.gmatch(ARGV[2], '%S+') do "
                    + "redis.call('publish', 'words', word) end");
            String count = jedis.scriptLoad("redis.call('zincrby', 'counts', 1, string.lower(ARGV[2]))");
            ssubscribe(jedis, split, "lines");
            ssubscribe(jedis, count, "words");
            jedis.publish("lines", "the cat and the dog");
            jedis.publish("lines", "The end");
            Eventually.equal("words counted", 7.0, () -> jedis.zrange("counts", 0, -1).stream()
                    .mapToDouble(word -> jedis.zscore("counts", word)).sum());
            assertEquals(3.0, jedis.zscore("counts", "the"));
        }
    }

    @Test
    void sunsubscribeMidStreamStopsNewMessagesOnly() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            String sha = jedis.scriptLoad(LOGGER);
            ssubscribe(jedis, sha, "a", "b", "c");
            for (int i = 0; i < 100; i++) {
                jedis.publish("a", Integer.toString(i));
            }
            assertEquals(1, sunsubscribe(jedis, sha, "a", "nosuch"));
            assertEquals(0, jedis.publish("a", "late"));
            Eventually.equal("what was taken runs", 100L, () -> jedis.llen("log:a"));
            assertEquals(2, sunsubscribe(jedis, sha), "without channels: all of them");
            assertEquals(0, sunsubscribe(jedis, sha));
            assertEquals(List.of(), subscriptions(jedis));
        }
    }

    @Test
    void parallelLetsSeveralMessagesOfAChannelRunAtOnce() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            String sha = jedis.scriptLoad("redis.call('incr', 'started') "
                    + "while redis.call('get', 'go') ~= 'go' do end redis.call('incr', 'ended')");
            ssubscribe(jedis, sha, "ordered");
            jedis.publish("ordered", "1");
            jedis.publish("ordered", "2");
            Eventually.equal("one started", "1", () -> jedis.get("started"));
            assertEquals("OK", ssubscribe(jedis, sha, "ordered", "PARALLEL", "4"));
            Eventually.equal("the second starts beside it", "2", () -> jedis.get("started"));
            assertEquals("4", subscriptions(jedis).get(0).get("parallelism"));
            jedis.set("go", "go");
            Eventually.equal("both ended", "2", () -> jedis.get("ended"));
        }
    }

    @Test
    void failedRunsAreCountedWithTheLastError() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            String sha = jedis.scriptLoad("return redis.call('incr', ARGV[2])");
            jedis.set("text", "abc");
            ssubscribe(jedis, sha, "keys");
            jedis.publish("keys", "text");
            jedis.publish("keys", "number");
            Eventually.equal("both ran", "2", () -> subscriptions(jedis).get(0).get("processed"));
            Map<String, String> subscription = subscriptions(jedis).get(0);
            assertEquals("1", subscription.get("failed"));
            assertTrue(subscription.get("last-error").startsWith("ERR value is not an integer or out of range"),
                    subscription.toString());
            assertEquals("1", jedis.get("number"));
        }
    }

    @Test
    void scriptsRunInTheDatabaseOfTheirSubscriber() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            String sha = jedis.scriptLoad(LOGGER);
            jedis.select(3);
            ssubscribe(jedis, sha, "db3");
            jedis.publish("db3", "x");
            Eventually.equal("it ran in db 3", 1L, () -> jedis.llen("log:db3"));
            jedis.select(0);
            assertEquals(0, jedis.llen("log:db3"));
            assertEquals("3", subscriptions(jedis).get(0).get("db"));
        }
    }

    @Test
    void scriptFlushRemovesSubscriptions() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            ssubscribe(jedis, jedis.scriptLoad(LOGGER), "flushed");
            jedis.scriptFlush();
            assertEquals(List.of(), subscriptions(jedis));
            assertEquals(0, jedis.publish("flushed", "x"));
        }
    }

    @Test
    void badSubscriptionsAreRefused() {
        try (Jedis jedis = TestRedactor.shared().jedis()) {
            String sha = jedis.scriptLoad(LOGGER);
            assertEquals("NOSCRIPT No matching script. Please use SCRIPT LOAD.", assertThrows(JedisDataException.class,
                    () -> ssubscribe(jedis, "0000000000000000000000000000000000000000", "x")).getMessage());
            assertEquals("ERR scripts cannot subscribe to keyspace notification channels (__keyspace@...__ and "
                    + "__keyevent@...__)", assertThrows(JedisDataException.class,
                    () -> ssubscribe(jedis, sha, "ok", "__keyevent@0__:set")).getMessage());
            assertEquals("ERR PARALLEL must be between 1 and 10000", assertThrows(JedisDataException.class,
                    () -> ssubscribe(jedis, sha, "x", "PARALLEL", "0")).getMessage());
            assertEquals("ERR value is not an integer or out of range", assertThrows(JedisDataException.class,
                    () -> ssubscribe(jedis, sha, "x", "PARALLEL", "many")).getMessage());
            assertEquals(List.of(), subscriptions(jedis), "nothing was subscribed");
            // a SHA1 alone names a shard channel, as in Redis: the client subscribes to it
            try (RawClient raw = TestRedactor.shared().raw()) {
                assertEquals("*3\r\n$10\r\nssubscribe\r\n$40\r\n" + sha + "\r\n:1\r\n", raw.call("SSUBSCRIBE", sha));
            }
            assertEquals(List.of(), subscriptions(jedis), "no script was subscribed");
            assertEquals("OK", ssubscribe(jedis, sha.toUpperCase(), "PARALLEL"),
                    "a channel may be called PARALLEL when no count follows");
        }
    }

    /** A stage's PUBLISH into a full backlog waits for room: the graph slows down at its entry, nothing is lost. */
    @Test
    void aFullStageHoldsBackTheStageBeforeItUntilClientsAreRefused() throws Exception {
        try (TestRedactor server = TestRedactor.start(Map.of("redactor.scripts.subscriptions.backlog", 3));
             Jedis jedis = server.jedis()) {
            String relay = jedis.scriptLoad("redis.call('publish', 'slow', ARGV[2])");
            String slow = jedis.scriptLoad("while redis.call('get', 'go') ~= 'go' do end "
                    + "redis.call('rpush', 'done', ARGV[2])");
            ssubscribe(jedis, relay, "in");
            ssubscribe(jedis, slow, "slow");
            List<String> accepted = new ArrayList<>();
            JedisDataException refused = null;
            for (int i = 1; i <= 20 && refused == null; i++) {
                try {
                    jedis.publish("in", Integer.toString(i));
                    accepted.add(Integer.toString(i));
                } catch (JedisDataException e) {
                    refused = e;
                }
                Thread.sleep(20);
            }
            assertTrue(refused != null && refused.getMessage().contains("subscribed to channel in has no room"),
                    "the entry refuses once both stages are full: " + refused);
            assertTrue(accepted.size() >= 3 && accepted.size() <= 6, "at most three in each backlog: " + accepted);
            jedis.set("go", "go");
            Eventually.equal("everything accepted went through, in order", accepted,
                    () -> jedis.lrange("done", 0, -1));
            subscriptions(jedis).forEach(stage -> assertEquals("0", stage.get("failed"), stage.toString()));
        }
    }

    @Test
    void aFullBacklogRefusesPublishAndDeliversToNoOne() throws Exception {
        try (TestRedactor server = TestRedactor.start(Map.of("redactor.scripts.subscriptions.backlog", 3));
             Jedis jedis = server.jedis()) {
            String sha = jedis.scriptLoad("while redis.call('get', 'go') ~= 'go' do end "
                    + "redis.call('rpush', 'done', ARGV[2])");
            ssubscribe(jedis, sha, "slow");
            for (int i = 1; i <= 3; i++) {
                assertEquals(1, jedis.publish("slow", Integer.toString(i)));
            }
            JedisDataException refused = assertThrows(JedisDataException.class, () -> jedis.publish("slow", "4"));
            assertEquals("BUSY script " + sha + " subscribed to channel slow has no room for more messages "
                    + "(redactor.scripts.subscriptions.backlog); the message was not published", refused.getMessage());
            assertEquals("3", subscriptions(jedis).get(0).get("waiting"));
            jedis.set("go", "go");
            Eventually.equal("the three ran", List.of("1", "2", "3"), () -> jedis.lrange("done", 0, -1));
            assertEquals(1, jedis.publish("slow", "5"), "room again");
            Eventually.equal("the fifth ran", 4L, () -> jedis.llen("done"));
            Eventually.equal("INFO shows nothing waiting", "0", () -> {
                Matcher waiting = Pattern.compile("(?m)^script_subscription_messages_waiting:(\\d+)")
                        .matcher(jedis.info("scripts"));
                return waiting.find() ? waiting.group(1) : null;
            });
        }
    }
}
