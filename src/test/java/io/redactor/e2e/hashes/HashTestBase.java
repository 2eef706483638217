package io.redactor.e2e.hashes;

import io.redactor.testing.SharedServerTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Connections to the shared Redactor and per-test key names: every test (and every invocation of a
 * parameterized test) gets keys of its own, so tests need no FLUSHALL and cannot see each other's data.
 */
abstract class HashTestBase extends SharedServerTest {
    private static final AtomicLong INVOCATIONS = new AtomicLong();

    protected static final String WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";
    protected static final String SYNTAX = "ERR syntax error";
    protected static final String NIL = "$-1\r\n";
    protected static final String EMPTY_ARRAY = "*0\r\n";

    private String prefix;

    @BeforeEach
    void chooseKeyPrefix(TestInfo info) {
        prefix = "hash:" + getClass().getSimpleName() + ":" + info.getTestMethod().orElseThrow().getName() + ":"
                + INVOCATIONS.incrementAndGet() + ":";
    }

    /** A key name unique to this test invocation. */
    protected String key(String name) {
        return prefix + name;
    }

    protected byte[] keyBytes(String name) {
        return key(name).getBytes(StandardCharsets.UTF_8);
    }

    /** Sends a command over the raw connection and returns its reply as RESP text. */
    protected String call(String... command) {
        return raw.call(command);
    }

    protected void assertReply(String expectedResp, String... command) {
        assertEquals(expectedResp, call(command), String.join(" ", command));
    }

    /** The exact error line Redis 7.0 answers, without the leading '-'. */
    protected void assertError(String expectedError, String... command) {
        assertReply("-" + expectedError + "\r\n", command);
    }

    protected static String bulk(String value) {
        return "$" + value.getBytes(StandardCharsets.UTF_8).length + "\r\n" + value + "\r\n";
    }

    protected static String integer(long value) {
        return ":" + value + "\r\n";
    }

    /** A RESP array of bulk strings. */
    protected static String array(String... items) {
        StringBuilder out = new StringBuilder("*").append(items.length).append("\r\n");
        for (String item : items) {
            out.append(bulk(item));
        }
        return out.toString();
    }
}
