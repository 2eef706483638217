package io.redactor.e2e.zsets;

import io.redactor.e2e.keys.PartitionKeys;
import io.redactor.testing.RawClient;
import io.redactor.testing.RealRedis;
import io.redactor.testing.TestRedactor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import redis.clients.jedis.Jedis;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Sorted set tests on the shared Redactor, with a Jedis and a raw connection and key names of their own: every
 * test (and every invocation of a parameterized one) prefixes its keys uniquely, so no FLUSHALL is needed. The
 * prefix has no braces, so a key name's own {hash tag} decides its partition.
 *
 * <p>Run with {@code -Dredactor.test.jvmArgs=-Dzsets.server=redis} the same tests talk to the real Redis 7.0
 * instead, which checks that what they expect is what Redis answers.
 */
abstract class SortedSetTestBase {
    private static final AtomicLong INVOCATIONS = new AtomicLong();
    private static final boolean AGAINST_REDIS = "redis".equals(System.getProperty("zsets.server"));

    protected static final String WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";
    protected static final String SYNTAX = "ERR syntax error";
    protected static final String NOT_INTEGER = "ERR value is not an integer or out of range";
    protected static final String NOT_FLOAT = "ERR value is not a valid float";
    protected static final String NIL = "$-1\r\n";
    protected static final String NULL = "_\r\n";
    protected static final String EMPTY_ARRAY = "*0\r\n";

    protected Jedis jedis;
    protected RawClient raw;
    private String prefix;

    @BeforeEach
    void connect(TestInfo info) {
        jedis = AGAINST_REDIS ? RealRedis.shared().jedis() : TestRedactor.shared().jedis();
        raw = AGAINST_REDIS ? RealRedis.shared().raw() : TestRedactor.shared().raw();
        raw.call("PING");
        jedis.ping();
        prefix = "z:" + getClass().getSimpleName() + ":" + info.getTestMethod().orElseThrow().getName() + ":"
                + INVOCATIONS.incrementAndGet() + ":";
    }

    @AfterEach
    void disconnect() {
        jedis.close();
        raw.close();
    }

    /** True when the tests run against the real Redis (tests comparing the two servers then skip). */
    protected static boolean againstRedis() {
        return AGAINST_REDIS;
    }

    /** A key name unique to this test invocation. */
    protected String key(String name) {
        return prefix + name;
    }

    /**
     * {@code count} key names unique to this test, "name{t..}", each with a hash tag that puts it in a different
     * partition of the shared server from the others.
     */
    protected String[] keysInDifferentPartitions(String name, int count) {
        String[] keys = new String[count];
        Set<Integer> partitions = new HashSet<>();
        int n = 0;
        for (int tag = 0; n < count; tag++) {
            String candidate = key(name + "{t" + tag + "}");
            if (partitions.add(PartitionKeys.partitionOf(candidate))) {
                keys[n++] = candidate;
            }
        }
        return keys;
    }

    protected byte[] keyBytes(String name) {
        return key(name).getBytes(StandardCharsets.UTF_8);
    }

    /** Sends a command over the raw connection and returns its reply as RESP text (bytes as ISO-8859-1). */
    protected String call(String... command) {
        return raw.call(command);
    }

    /** Compares the reply with the expected RESP text, shown with CR LF escaped so that a failure shows all. */
    protected void assertReply(String expectedResp, String... command) {
        assertEquals(printable(expectedResp), printable(call(command)), String.join(" ", command));
    }

    protected static String printable(String resp) {
        return Resp.show(resp.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** The exact error line Redis 7.0 answers, without the leading '-'. */
    protected void assertError(String expectedError, String... command) {
        assertReply("-" + expectedError + "\r\n", command);
    }

    protected static String arity(String command) {
        return "ERR wrong number of arguments for '" + command + "' command";
    }

    protected static String bulk(String value) {
        return "$" + value.getBytes(StandardCharsets.UTF_8).length + "\r\n" + value + "\r\n";
    }

    protected static String integer(long value) {
        return ":" + value + "\r\n";
    }

    /** A RESP3 double as Redis 7.0 writes it (the text of {@code %.17g}, or inf and -inf). */
    protected static String dbl(String text) {
        return "," + text + "\r\n";
    }

    /** A RESP array of bulk strings. */
    protected static String array(String... items) {
        StringBuilder out = new StringBuilder("*").append(items.length).append("\r\n");
        for (String item : items) {
            out.append(bulk(item));
        }
        return out.toString();
    }

    /** A RESP3 array of [member, score] pairs: members and score texts alternate in {@code items}. */
    protected static String pairs(String... items) {
        StringBuilder out = new StringBuilder("*").append(items.length / 2).append("\r\n");
        for (int i = 0; i < items.length; i += 2) {
            out.append("*2\r\n").append(bulk(items[i])).append(dbl(items[i + 1]));
        }
        return out.toString();
    }

    /** A RESP array of already encoded elements. */
    protected static String aggregate(String... encoded) {
        return "*" + encoded.length + "\r\n" + String.join("", encoded);
    }
}
