package io.redactor.e2e.tracking;

import io.redactor.testing.CommandTestBase;
import io.redactor.testing.Eventually;
import io.redactor.testing.RawClient;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Client-side caching beyond what the differential corpus shows: keys in many partitions, writes by EVALASYNC,
 * EXEC and expiry, BCAST announcements of one command spanning partitions, RESP2 redirection, the bounded tracking
 * table, and what INFO and CLIENT LIST report. {@code tracker} is a RESP3 connection; {@code raw} writes.
 */
class TrackingTest extends CommandTestBase {
    private static final int KEYS = 40;

    private RawClient tracker;

    @BeforeEach
    void openTracker() {
        tracker = TestRedactor.shared().raw();
        tracker.call("HELLO", "3");
    }

    @AfterEach
    void closeTracker() {
        tracker.close();
    }

    /** Invalidations come as pushes of one key each; the set of keys they name, after {@code count} of them. */
    private static Set<String> invalidatedKeys(RawClient client, int count) {
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String push = client.readReplyText();
            assertTrue(push.startsWith(">2\r\n$10\r\ninvalidate\r\n*1\r\n"), printable(push));
            keys.add(push.substring(push.lastIndexOf("\r\n", push.length() - 3) + 2, push.length() - 2));
        }
        return keys;
    }

    private static String invalidation(String... keys) {
        StringBuilder out = new StringBuilder(">2\r\n$10\r\ninvalidate\r\n*" + keys.length + "\r\n");
        for (String key : keys) {
            out.append(bulk(key));
        }
        return out.toString();
    }

    private List<String> keys(String name) {
        return IntStream.range(0, KEYS).mapToObj(i -> key(name + i)).toList();
    }

    private static String[] command(String name, List<String> keys, boolean withValues) {
        List<String> args = new ArrayList<>(List.of(name));
        for (String key : keys) {
            args.add(key);
            if (withValues) {
                args.add("v");
            }
        }
        return args.toArray(String[]::new);
    }

    /** Nothing more is waiting on {@code client}: the reply to PING comes first. */
    private static void nothingMore(RawClient client) {
        assertEquals("+PONG\r\n", client.call("PING"));
    }

    @Test
    void keysReadInEveryPartitionAreInvalidatedOnceByAnotherClientsWrite() {
        List<String> keys = keys("k");
        assertEquals("+OK\r\n", tracker.call("CLIENT", "TRACKING", "on"));
        keys.subList(0, KEYS / 2).forEach(key -> tracker.call("GET", key));
        tracker.call(command("MGET", keys.subList(KEYS / 2, KEYS), false));
        assertEquals(OK, call(command("MSET", keys, true)));
        assertEquals(new HashSet<>(keys), invalidatedKeys(tracker, KEYS));
        nothingMore(tracker);
        assertEquals(OK, call(command("MSET", keys, true)));
        nothingMore(tracker);
    }

    @Test
    void writesByAsyncScriptsAndTransactionsInvalidate() {
        List<String> keys = keys("s");
        tracker.call("CLIENT", "TRACKING", "on");
        tracker.call(command("MGET", keys, false));
        String script = "for i, k in ipairs(KEYS) do redis.call('SET', k, 'x') end return #KEYS";
        List<String> async = new ArrayList<>(List.of("EVALASYNC", script, Integer.toString(KEYS / 2)));
        async.addAll(keys.subList(0, KEYS / 2));
        assertEquals(integer(KEYS / 2), call(async.toArray(String[]::new)));
        assertEquals(new HashSet<>(keys.subList(0, KEYS / 2)), invalidatedKeys(tracker, KEYS / 2));
        call("MULTI");
        keys.subList(KEYS / 2, KEYS).forEach(key -> call("INCR", key));
        call("EXEC");
        assertEquals(new HashSet<>(keys.subList(KEYS / 2, KEYS)), invalidatedKeys(tracker, KEYS / 2));
        nothingMore(tracker);
    }

    @Test
    void theClientsOwnAsyncScriptInvalidatesAfterItsReply() {
        String key = key("own");
        tracker.call("CLIENT", "TRACKING", "on");
        tracker.call("GET", key);
        assertEquals(":1\r\n", tracker.call("EVALASYNC", "redis.call('SET', KEYS[1], 'x') return 1", "1", key));
        assertEquals(invalidation(key), tracker.readReplyText());
        nothingMore(tracker);
        tracker.call("CLIENT", "TRACKING", "on", "NOLOOP");
        tracker.call("GET", key);
        tracker.call("EVALASYNC", "redis.call('SET', KEYS[1], 'y') return 1", "1", key);
        nothingMore(tracker);
    }

    @Test
    void expiredKeysAreInvalidated() {
        String active = key("active");
        String touched = key("touched");
        call("SET", active, "v", "PX", "30");
        call("SET", touched, "v", "PX", "30");
        tracker.call("CLIENT", "TRACKING", "on");
        tracker.call("GET", active);
        tracker.call("GET", touched);
        // the first goes in the active cycle; the second then, or when another client asks for it
        Eventually.until("the key's time to pass", () -> call("GET", touched).equals(NIL));
        assertEquals(Set.of(active, touched), invalidatedKeys(tracker, 2));
        nothingMore(tracker);
    }

    @Test
    void flushallSendsOneNullToEveryTrackingClient() {
        try (RawClient broadcaster = TestRedactor.shared().raw()) {
            broadcaster.call("HELLO", "3");
            broadcaster.call("CLIENT", "TRACKING", "on", "BCAST", "PREFIX", key(""));
            tracker.call("CLIENT", "TRACKING", "on");
            tracker.call("GET", key("f"));
            assertEquals(OK, call("FLUSHALL"));
            assertEquals(">2\r\n$10\r\ninvalidate\r\n_\r\n", tracker.readReplyText());
            assertEquals(">2\r\n$10\r\ninvalidate\r\n_\r\n", broadcaster.readReplyText());
            nothingMore(tracker);
            nothingMore(broadcaster);
            assertEquals(":0\r\n", infoField("tracking_total_keys"));
        }
    }

    @Test
    void oneCommandSpanningPartitionsIsAnnouncedInOneMessagePerPrefix() {
        List<String> keys = keys("b").stream().sorted().toList();
        tracker.call("CLIENT", "TRACKING", "on", "BCAST", "PREFIX", key("b"), "PREFIX", key("other"));
        assertEquals(OK, call(command("MSET", keys, true)));
        assertEquals(invalidation(keys.toArray(String[]::new)), tracker.readReplyText());
        call("EVAL", "redis.call('SET', KEYS[1], 1) redis.call('SET', KEYS[2], 1) return 1", "2", key("b1"),
                key("other"));
        assertEquals(invalidation(key("b1")), tracker.readReplyText());
        assertEquals(invalidation(key("other")), tracker.readReplyText());
        nothingMore(tracker);
    }

    @Test
    void resp2ClientsRedirectToASubscriberAndLearnWhenItIsGone() {
        try (RawClient subscriber = TestRedactor.shared().raw();
             RawClient resp2 = TestRedactor.shared().raw()) {
            String id = subscriber.call("CLIENT", "ID").substring(1).strip();
            subscriber.call("SUBSCRIBE", "__redis__:invalidate");
            assertEquals(OK, resp2.call("CLIENT", "TRACKING", "on", "REDIRECT", id));
            resp2.call("GET", key("r"));
            call("SET", key("r"), "x");
            assertEquals("*3\r\n$7\r\nmessage\r\n$20\r\n__redis__:invalidate\r\n*1\r\n" + bulk(key("r")),
                    subscriber.readReplyText());
            String me = resp2.call("CLIENT", "ID").substring(1).strip();
            String listed = call("CLIENT", "LIST", "ID", me);
            assertTrue(listed.contains(" flags=t ") && listed.contains(" redir=" + id + " "), listed);
            subscriber.close();
            Eventually.until("the subscriber to be gone", () -> !call("CLIENT", "LIST").contains("id=" + id + " "));
            resp2.call("GET", key("r"));
            call("SET", key("r"), "y");
            Eventually.until("the redirection to be broken",
                    () -> resp2.call("CLIENT", "TRACKINGINFO").contains("broken_redirect"));
            assertTrue(call("CLIENT", "LIST", "ID", me).contains(" flags=tR "), call("CLIENT", "LIST", "ID", me));
            assertTrue(call("CLIENT", "LIST", "ID", me).contains(" redir=" + id + " "));
        }
    }

    @Test
    void theTableKeepsToTrackingTableMaxKeysEvictingWithInvalidations() {
        List<String> keys = keys("m");
        call("FLUSHALL");
        call("CONFIG", "SET", "tracking-table-max-keys", "10");
        try {
            tracker.call("CLIENT", "TRACKING", "on");
            // an evicted key's invalidation follows the reply of the read that made the table too big
            List<String> pushes = new ArrayList<>();
            for (String key : keys) {
                tracker.command("GET", key);
                String reply;
                while ((reply = tracker.readReplyText()).startsWith(">")) {
                    pushes.add(reply);
                }
                assertEquals("_\r\n", reply);
            }
            int evicted = KEYS - 10;
            while (pushes.size() < evicted) {
                pushes.add(tracker.readReplyText());
            }
            Set<String> invalidated = new HashSet<>();
            pushes.forEach(push -> invalidated.add(push.substring(push.lastIndexOf("\r\n", push.length() - 3) + 2,
                    push.length() - 2)));
            assertEquals(evicted, invalidated.size(), pushes.toString());
            assertEquals(":10\r\n", infoField("tracking_total_keys"));
            assertEquals(":10\r\n", infoField("tracking_total_items"));
            call(command("MSET", keys, true));
            Set<String> rest = invalidatedKeys(tracker, 10);
            assertTrue(rest.stream().noneMatch(invalidated::contains), rest + " were evicted already");
            nothingMore(tracker);
        } finally {
            call("CONFIG", "SET", "tracking-table-max-keys", "1000000");
        }
    }

    @Test
    void infoAndClientListShowTrackingClients() {
        int before = Integer.parseInt(infoField("tracking_clients").substring(1).strip());
        tracker.call("CLIENT", "TRACKING", "on", "BCAST", "PREFIX", key("x"), "PREFIX", key("y"));
        assertEquals(":" + (before + 1) + "\r\n", infoField("tracking_clients"));
        assertTrue(Integer.parseInt(infoField("tracking_total_prefixes").substring(1).strip()) >= 2);
        String me = tracker.call("CLIENT", "ID").substring(1).strip();
        assertTrue(call("CLIENT", "LIST", "ID", me).contains(" flags=tB "), call("CLIENT", "LIST", "ID", me));
        assertTrue(call("CLIENT", "LIST", "ID", me).contains(" redir=0 "));
        tracker.close();
        Eventually.equal("tracking clients after the client left", ":" + before + "\r\n",
                () -> infoField("tracking_clients"));
        assertFalse(call("CLIENT", "LIST").contains("id=" + me + " "));
    }

    /** An INFO field's value as a RESP integer, for comparisons. */
    private String infoField(String name) {
        String info = jedis.info();
        for (String line : info.split("\r\n")) {
            if (line.startsWith(name + ":")) {
                return ":" + line.substring(name.length() + 1) + "\r\n";
            }
        }
        throw new AssertionError("no " + name + " in INFO");
    }
}
