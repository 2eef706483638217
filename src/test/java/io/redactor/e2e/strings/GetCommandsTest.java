package io.redactor.e2e.strings;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import redis.clients.jedis.params.GetExParams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/** GET, GETDEL, GETEX, STRLEN and GETRANGE. */
class GetCommandsTest extends CommandTestBase {
    private static final long FAR_FUTURE_MS = 4_102_444_800_000L;

    @Test
    void get() {
        String k = key("k");
        assertNull(jedis.get(k));
        jedis.set(k, "v");
        assertEquals("v", jedis.get(k));
        assertError(arity("get"), "GET");
        assertError(arity("get"), "GET", k, k);
    }

    @Test
    void getdel() {
        String k = key("k");
        assertNull(jedis.getDel(k));
        jedis.set(k, "v");
        assertEquals("v", jedis.getDel(k));
        assertFalse(jedis.exists(k));
        assertNull(jedis.getDel(k));
        assertError(arity("getdel"), "GETDEL");
        assertError(arity("getdel"), "GETDEL", k, k);
    }

    @Test
    void getexWithoutOptionsIsGet() {
        String k = key("k");
        assertNull(jedis.getEx(k, GetExParams.getExParams()));
        jedis.set(k, "v");
        jedis.pexpireAt(k, FAR_FUTURE_MS);
        assertReply(bulk("v"), "GETEX", k);
        assertEquals(FAR_FUTURE_MS, jedis.pexpireTime(k));
    }

    @Test
    void getexSetsOrRemovesTheTimeToLive() {
        String k = key("k");
        jedis.set(k, "v");
        assertEquals("v", jedis.getEx(k, GetExParams.getExParams().ex(100)));
        SetCommandsTest.assertBetween(99_000, 100_000, jedis.pttl(k));
        assertEquals("v", jedis.getEx(k, GetExParams.getExParams().px(50_000)));
        SetCommandsTest.assertBetween(49_000, 50_000, jedis.pttl(k));
        assertEquals("v", jedis.getEx(k, GetExParams.getExParams().exAt(FAR_FUTURE_MS / 1000)));
        assertEquals(FAR_FUTURE_MS, jedis.pexpireTime(k));
        assertEquals("v", jedis.getEx(k, GetExParams.getExParams().pxAt(FAR_FUTURE_MS + 7)));
        assertEquals(FAR_FUTURE_MS + 7, jedis.pexpireTime(k));
        assertEquals("v", jedis.getEx(k, GetExParams.getExParams().persist()));
        assertEquals(-1, jedis.ttl(k));
        assertEquals("v", jedis.getEx(k, GetExParams.getExParams().persist()));
        assertEquals(-1, jedis.ttl(k));
    }

    @Test
    void getexWithAPastAbsoluteTimeDeletesTheKey() {
        String k = key("k");
        jedis.set(k, "v");
        assertReply(bulk("v"), "GETEX", k, "PXAT", "1");
        assertFalse(jedis.exists(k));
        jedis.set(k, "w");
        assertReply(bulk("w"), "GETEX", k, "EXAT", "1000");
        assertFalse(jedis.exists(k));
    }

    @Test
    void getexOptionErrors() {
        String k = key("k");
        jedis.set(k, "v");
        for (String[] options : new String[][] {{"EX", "10", "PX", "10"}, {"PERSIST", "EX", "10"},
                {"EX", "10", "PERSIST"}, {"EX"}, {"PXAT"}, {"NX"}, {"XX"}, {"GET"}, {"KEEPTTL"}, {"FOO"},
                {"EX", "10", "EXAT", "99999999999"}}) {
            String[] command = new String[2 + options.length];
            command[0] = "GETEX";
            command[1] = k;
            System.arraycopy(options, 0, command, 2, options.length);
            assertError(SYNTAX, command);
        }
        assertError(invalidExpire("getex"), "GETEX", k, "EX", "0");
        assertError(invalidExpire("getex"), "GETEX", k, "PX", "-1");
        assertError(invalidExpire("getex"), "GETEX", k, "EXAT", "0");
        assertError(invalidExpire("getex"), "GETEX", k, "EX", "9223372036854775807");
        assertError(NOT_INTEGER, "GETEX", k, "PX", "soon");
        assertError(arity("getex"), "GETEX");
        assertEquals(-1, jedis.ttl(k));
    }

    @Test
    void getexOnAMissingKeyChecksSyntaxButNotTheExpireTime() {
        String k = key("missing");
        assertReply(NIL, "GETEX", k, "EX", "0");
        assertReply(NIL, "GETEX", k, "PX", "abc");
        assertError(SYNTAX, "GETEX", k, "FOO");
        assertError(SYNTAX, "GETEX", k, "EX", "1", "PERSIST");
        assertFalse(jedis.exists(k));
    }

    @Test
    void getexRepeatedExpireOptionsTakeTheLast() {
        String k = key("k");
        jedis.set(k, "v");
        assertReply(bulk("v"), "GETEX", k, "ex", "1", "Ex", "100000");
        assertEquals(100_000, jedis.ttl(k));
        assertReply(bulk("v"), "GETEX", k, "persist", "PERSIST");
        assertEquals(-1, jedis.ttl(k));
    }

    @Test
    void strlen() {
        String k = key("k");
        assertEquals(0, jedis.strlen(k));
        jedis.set(k, "hello");
        assertEquals(5, jedis.strlen(k));
        jedis.set(k, "12345678");
        assertEquals(8, jedis.strlen(k));
        jedis.set(k, "");
        assertEquals(0, jedis.strlen(k));
        jedis.append(k, "ab");
        assertEquals(2, jedis.strlen(k));
        assertError(arity("strlen"), "STRLEN");
        assertError(arity("strlen"), "STRLEN", k, k);
    }

    @ParameterizedTest(name = "GETRANGE hello {0} {1} = \"{2}\"")
    @CsvSource(delimiter = '|', value = {
            "0|-1|hello", "0|4|hello", "0|100|hello", "1|3|ell", "-3|-1|llo", "-1|-1|o", "-5|-5|h",
            "-100|-1|hello", "-100|-100|h", "-100|2|hel", "0|-100|h", "2|-100|''", "-1|-3|''", "3|1|''",
            "4|4|o", "5|5|''", "10|20|''", "-1|100|o", "0|0|h", "-2|1|''", "1|-2|ell",
            "9223372036854775807|-9223372036854775808|''", "-9223372036854775808|9223372036854775807|hello",
            "-9223372036854775808|-9223372036854775808|h", "9223372036854775807|9223372036854775807|''"})
    void getrange(String start, String end, String expected) {
        String k = key("k");
        jedis.set(k, "hello");
        assertReply(bulk(expected), "GETRANGE", k, start, end);
    }

    @Test
    void getrangeOfEmptyAndMissingStrings() {
        String k = key("k");
        jedis.set(k, "");
        for (String[] range : new String[][] {{"0", "-1"}, {"0", "0"}, {"-1", "-1"}, {"-1", "0"}, {"5", "10"}}) {
            assertReply("$0\r\n\r\n", "GETRANGE", k, range[0], range[1]);
            assertReply("$0\r\n\r\n", "GETRANGE", key("missing"), range[0], range[1]);
        }
    }

    @Test
    void getrangeOfAChangedString() {
        String k = key("k");
        jedis.set(k, "hello");
        jedis.append(k, " world");
        assertEquals("lo wo", jedis.getrange(k, 3, 7));
        jedis.setrange(k, 0, "J");
        assertEquals("Jello world", jedis.getrange(k, 0, -1));
    }

    @Test
    void getrangeErrors() {
        String k = key("k");
        jedis.set(k, "hello");
        assertError(NOT_INTEGER, "GETRANGE", k, "a", "1");
        assertError(NOT_INTEGER, "GETRANGE", k, "0", "1.0");
        assertError(NOT_INTEGER, "GETRANGE", k, "0", "9223372036854775808");
        assertError(NOT_INTEGER, "GETRANGE", key("missing"), "x", "y");
        assertError(arity("getrange"), "GETRANGE", k, "0");
        assertError(arity("getrange"), "GETRANGE", k, "0", "1", "2");
    }

    @Test
    void substrIsGetrange() {
        String k = key("k");
        jedis.set(k, "hello");
        assertReply(bulk("ell"), "SUBSTR", k, "1", "3");
        assertReply(bulk("llo"), "SUBSTR", k, "-3", "-1");
        assertReply("$0\r\n\r\n", "SUBSTR", key("missing"), "0", "-1");
        assertError(NOT_INTEGER, "SUBSTR", k, "one", "3");
        assertError(arity("substr"), "SUBSTR", k, "1");
    }
}
