package io.redactor.testing;

import io.redactor.testing.corpus.RespBytes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A test of commands on the shared Redactor that asserts exact RESP replies over the raw connection. Every test
 * (and every invocation of a parameterized test) gets key names of its own, so tests need no FLUSHALL and cannot
 * see each other's data.
 */
public abstract class CommandTestBase extends SharedServerTest {
    private static final AtomicLong INVOCATIONS = new AtomicLong();

    protected static final String OK = "+OK\r\n";
    protected static final String NIL = "$-1\r\n";
    protected static final String NULL_ARRAY = "*-1\r\n";
    protected static final String EMPTY_ARRAY = "*0\r\n";
    protected static final String WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";
    protected static final String SYNTAX = "ERR syntax error";
    protected static final String NOT_INTEGER = "ERR value is not an integer or out of range";
    protected static final String NOT_FLOAT = "ERR value is not a valid float";

    private String prefix;

    @BeforeEach
    void chooseKeyPrefix(TestInfo info) {
        String family = getClass().getPackageName().substring(getClass().getPackageName().lastIndexOf('.') + 1);
        prefix = family + ":" + getClass().getSimpleName() + ":" + info.getTestMethod().orElseThrow().getName() + ":"
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

    /** Compares the reply with the expected RESP text, shown with CR LF escaped so that a failure shows all. */
    protected void assertReply(String expectedResp, String... command) {
        assertEquals(printable(expectedResp), printable(call(command)), String.join(" ", command));
    }

    protected static String printable(String resp) {
        return RespBytes.show(resp.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** The exact error line Redis 7.0 answers ("ERR syntax error"), without the leading '-'. */
    protected void assertError(String expectedError, String... command) {
        assertReply("-" + expectedError + "\r\n", command);
    }

    protected static String arity(String command) {
        return "ERR wrong number of arguments for '" + command + "' command";
    }

    protected static String invalidExpire(String command) {
        return "ERR invalid expire time in '" + command + "' command";
    }

    protected static String bulk(String value) {
        return "$" + value.getBytes(StandardCharsets.UTF_8).length + "\r\n" + value + "\r\n";
    }

    protected static String integer(long value) {
        return ":" + value + "\r\n";
    }

    /** A RESP2 array of bulk strings. */
    protected static String array(String... values) {
        StringBuilder resp = new StringBuilder("*").append(values.length).append("\r\n");
        for (String value : values) {
            resp.append(bulk(value));
        }
        return resp.toString();
    }
}
