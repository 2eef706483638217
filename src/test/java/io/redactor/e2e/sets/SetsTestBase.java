package io.redactor.e2e.sets;

import io.redactor.testing.SharedServerTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Set command tests on the shared Redactor, each starting from an empty server with the default
 * set-max-intset-entries (tests that change it get it restored).
 */
abstract class SetsTestBase extends SharedServerTest {
    protected static final String SYNTAX = "ERR syntax error";
    protected static final String NOT_INTEGER = "ERR value is not an integer or out of range";
    protected static final String WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";
    protected static final String EMPTY_ARRAY = "*0\r\n";
    protected static final String NIL = "$-1\r\n";

    @BeforeEach
    void startEmpty() {
        jedis.flushAll();
    }

    @AfterEach
    void restoreIntsetLimit() {
        jedis.configSet("set-max-intset-entries", "512");
    }

    protected String call(String... command) {
        return raw.call(command);
    }

    protected void assertReply(String expectedResp, String... command) {
        assertEquals(expectedResp, call(command), String.join(" ", command));
    }

    /** The exact error line ("ERR syntax error"), without the leading '-'. */
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

    /** An aggregate reply of bulk strings: {@code type} is '*' (array) or '~' (RESP3 set). */
    protected static String aggregate(char type, List<String> members) {
        StringBuilder out = new StringBuilder().append(type).append(members.size()).append("\r\n");
        members.forEach(member -> out.append(bulk(member)));
        return out.toString();
    }

    protected static String array(String... members) {
        return aggregate('*', List.of(members));
    }

    protected static TreeSet<String> sorted(Collection<String> members) {
        return new TreeSet<>(members);
    }

    protected static Set<String> setOf(String... members) {
        return new TreeSet<>(List.of(members));
    }

    protected void assertEncoding(String expected, String key) {
        assertEquals(expected, jedis.objectEncoding(key), "encoding of " + key);
    }
}
