package io.redactor.e2e.examples;

import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.resps.Tuple;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * examples/hashtags: the pipeline of four subscribed scripts counts exactly the hashtags the generator says it
 * sent, and each stage script publishes and writes what it does in Redis.
 */
class HashtagsExampleTest {
    private static final Pattern EXPECTED_COUNT = Pattern.compile("^  (\\S+) (\\d+)$", Pattern.MULTILINE);

    @Test
    void pipelineCountsExactlyTheHashtagsOfThePostsPublished() {
        Object[] generator = {"--rate", 200, "--seconds", 1, "--probe-every", 10, "--seed", 3};
        Map<String, Long> expected = new TreeMap<>();
        Matcher m = EXPECTED_COUNT.matcher(ExampleProcess.run("hashtags/generate.py", concat(generator, "--dry-run"))
                .succeeded());
        while (m.find()) {
            expected.put(m.group(1), Long.parseLong(m.group(2)));
        }
        assertTrue(expected.size() > 10, expected.toString());
        try (TestRedactor server = TestRedactor.start(Map.of())) {
            String output = ExampleProcess.run("hashtags/run", concat(generator, "--port", server.port())).succeeded();
            assertTrue(output.contains("receivers per PUBLISH: 2 x200\n"), output);
            assertTrue(output.contains(", 20 probes: mean "), output);
            assertTrue(output.contains("script runs per stage: count-posts.lua 200, post-text.lua 200, "
                    + "text-hashtags.lua 200, count-hashtags.lua "), output);
            assertTrue(output.contains("posts:count 200 of 200, ") && output.endsWith(": OK\n"), output);
            try (Jedis jedis = server.jedis()) {
                assertEquals("200", jedis.get("posts:count"));
                Map<String, Long> counted = new TreeMap<>();
                for (Tuple tuple : jedis.zrangeWithScores("hashtags", 0, -1)) {
                    counted.put(tuple.getElement(), (long) tuple.getScore());
                }
                assertEquals(expected, counted);
                assertEquals(0, jedis.publish("posts", "{}"), "the run command unsubscribed its scripts");
            }
        }
    }

    /** Each stage run with EVAL on made-up messages: the same messages published and the same keys as Redis. */
    @Test
    void stageScriptsPublishAndWriteWhatRedisDoes() {
        List<String[]> calls = List.of(
                stage("count-posts.lua", "posts", "{\"text\":\"ignored\"}"),
                stage("post-text.lua", "posts", "{\"id\":1,\"text\":\"Hello #World and #foo_bar2!\",\"probe\":\"7\"}"),
                stage("post-text.lua", "posts", "{\"id\":2,\"user\":\"u\",\"text\":\"caf\\u00e9 \\\"#quoted\\\"\\n#next\"}"),
                stage("post-text.lua", "posts", "{\"id\":3,\"probe\":12}"),
                stage("text-hashtags.lua", "texts", "Hello #World and #foo_bar2!\nprobe 7"),
                stage("text-hashtags.lua", "texts", "no tags here\nprobe 8"),
                stage("text-hashtags.lua", "texts", "#A#b ##c #-d #e_1, #f"),
                stage("count-hashtags.lua", "hashtags", "world"),
                stage("count-hashtags.lua", "hashtags", "foo_bar2 7"),
                stage("count-hashtags.lua", "hashtags", " 8"),
                stage("count-hashtags.lua", "hashtags", "world"));
        List<String> redactor = runStages(TestRedactor.shared().port(), TestRedactor.shared().jedis(), calls);
        List<String> redis = runStages(RealRedis.shared().port(), RealRedis.shared().jedis(), calls);
        assertEquals(redis, redactor);
        assertEquals(List.of("texts|Hello #World and #foo_bar2!\nprobe 7", "texts|café \"#quoted\"\n#next",
                "texts|\nprobe 12", "hashtags|world", "hashtags|foo_bar2 7", "hashtags| 8", "hashtags|a",
                "hashtags|b", "hashtags|c", "hashtags|e_1", "hashtags|f", "probes|7", "probes|8",
                "posts:count=1", "hashtags=[[foo_bar2, 1.0], [world, 2.0]]"), redactor);
    }

    private static String[] stage(String script, String channel, String message) {
        return new String[] {ExampleProcess.read("hashtags/" + script), channel, message};
    }

    /** Subscribes to the stages' output channels, runs the calls, and returns "channel|message" for every
     * message published, then the keys the stages write. */
    private static List<String> runStages(int port, Jedis jedis, List<String[]> calls) {
        List<String> seen = new ArrayList<>();
        try (jedis; RawClient subscriber = new RawClient("127.0.0.1", port)) {
            jedis.del("posts:count", "hashtags");
            subscriber.command("SUBSCRIBE", "texts", "hashtags", "probes");
            for (int i = 0; i < 3; i++) {
                subscriber.readReply();
            }
            for (String[] call : calls) {
                jedis.eval(call[0], List.of(), List.of(call[1], call[2]));
            }
            // a PING on the subscribed connection answers after every message published before it
            subscriber.command("PING");
            while (true) {
                List<String> push = parsePush(subscriber.readReply());
                if (push.get(0).equals("pong")) {
                    break;
                }
                seen.add(push.get(1) + "|" + push.get(2));
            }
            seen.add("posts:count=" + jedis.get("posts:count"));
            List<List<Object>> tags = new ArrayList<>();
            for (Tuple tuple : jedis.zrangeWithScores("hashtags", 0, -1)) {
                tags.add(List.of(tuple.getElement(), tuple.getScore()));
            }
            seen.add("hashtags=" + tags);
            jedis.del("posts:count", "hashtags");
        }
        return seen;
    }

    /** The elements of a RESP2 array of bulk strings (UTF-8). */
    private static List<String> parsePush(byte[] reply) {
        List<String> elements = new ArrayList<>();
        int pos = lineEnd(reply, 0) + 2;
        while (pos < reply.length) {
            int end = lineEnd(reply, pos);
            int length = Integer.parseInt(new String(reply, pos + 1, end - pos - 1, StandardCharsets.US_ASCII));
            elements.add(new String(reply, end + 2, length, StandardCharsets.UTF_8));
            pos = end + 2 + length + 2;
        }
        return elements;
    }

    private static int lineEnd(byte[] bytes, int from) {
        int i = from;
        while (bytes[i] != '\r') {
            i++;
        }
        return i;
    }

    private static Object[] concat(Object[] first, Object... more) {
        Object[] all = java.util.Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }
}
