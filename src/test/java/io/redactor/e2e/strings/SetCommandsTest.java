package io.redactor.e2e.strings;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.params.SetParams;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SET with all its options, and SETNX, SETEX, PSETEX, GETSET. */
class SetCommandsTest extends CommandTestBase {
    private static final long FAR_FUTURE_MS = 4_102_444_800_000L; // 2100-01-01

    @Test
    void setStoresAndOverwrites() {
        String k = key("k");
        assertEquals("OK", jedis.set(k, "one"));
        assertEquals("one", jedis.get(k));
        assertEquals("OK", jedis.set(k, "two"));
        assertEquals("two", jedis.get(k));
        assertEquals("OK", jedis.set(k, ""));
        assertEquals("", jedis.get(k));
    }

    @Test
    void nxSetsOnlyMissingKeys() {
        String k = key("k");
        assertEquals("OK", jedis.set(k, "first", SetParams.setParams().nx()));
        assertNull(jedis.set(k, "second", SetParams.setParams().nx()));
        assertEquals("first", jedis.get(k));
    }

    @Test
    void xxSetsOnlyExistingKeys() {
        String k = key("k");
        assertNull(jedis.set(k, "first", SetParams.setParams().xx()));
        assertFalse(jedis.exists(k));
        jedis.set(k, "first");
        assertEquals("OK", jedis.set(k, "second", SetParams.setParams().xx()));
        assertEquals("second", jedis.get(k));
    }

    @Test
    void getReturnsTheOldValueWhetherOrNotTheSetHappens() {
        String k = key("k");
        assertNull(jedis.setGet(k, "a"));
        assertEquals("a", jedis.setGet(k, "b"));
        // NX on an existing key: no set, but the old value comes back.
        assertEquals("b", jedis.setGet(k, "c", SetParams.setParams().nx()));
        assertEquals("b", jedis.get(k));
        // XX on a missing key: no set, nil.
        String missing = key("missing");
        assertNull(jedis.setGet(missing, "x", SetParams.setParams().xx()));
        assertFalse(jedis.exists(missing));
        // NX on a missing key: set, nil.
        assertNull(jedis.setGet(missing, "x", SetParams.setParams().nx()));
        assertEquals("x", jedis.get(missing));
        assertEquals("x", jedis.setGet(missing, "y", SetParams.setParams().xx()));
        assertEquals("y", jedis.get(missing));
    }

    @Test
    void expireOptionsSetTheTimeToLive() {
        String k = key("k");
        jedis.set(k, "v", SetParams.setParams().ex(100));
        assertBetween(99_000, 100_000, jedis.pttl(k));
        jedis.set(k, "v", SetParams.setParams().px(100_000));
        assertBetween(99_000, 100_000, jedis.pttl(k));
        jedis.set(k, "v", SetParams.setParams().exAt(FAR_FUTURE_MS / 1000));
        assertEquals(FAR_FUTURE_MS, jedis.pexpireTime(k));
        jedis.set(k, "v", SetParams.setParams().pxAt(FAR_FUTURE_MS + 123));
        assertEquals(FAR_FUTURE_MS + 123, jedis.pexpireTime(k));
    }

    @Test
    void keepTtlKeepsAndPlainSetClears() {
        String k = key("k");
        jedis.set(k, "v", SetParams.setParams().pxAt(FAR_FUTURE_MS));
        jedis.set(k, "w", SetParams.setParams().keepTtl());
        assertEquals(FAR_FUTURE_MS, jedis.pexpireTime(k));
        assertEquals("w", jedis.get(k));
        assertReply(bulk("w"), "SET", k, "x", "KEEPTTL", "GET", "XX");
        assertEquals(FAR_FUTURE_MS, jedis.pexpireTime(k));
        jedis.set(k, "y");
        assertEquals(-1, jedis.ttl(k));
        // KEEPTTL on a key without TTL leaves it without one.
        jedis.set(k, "z", SetParams.setParams().keepTtl());
        assertEquals(-1, jedis.ttl(k));
    }

    @Test
    void aSkippedSetLeavesTheTimeToLiveAlone() {
        String k = key("k");
        jedis.set(k, "v", SetParams.setParams().pxAt(FAR_FUTURE_MS));
        assertNull(jedis.set(k, "w", SetParams.setParams().nx().ex(5)));
        assertEquals(FAR_FUTURE_MS, jedis.pexpireTime(k));
        assertEquals("v", jedis.get(k));
    }

    @Test
    void optionsAreCaseInsensitiveAndMayRepeat() {
        String k = key("k");
        assertReply(OK, "SET", k, "v", "nX", "Nx", "NX");
        assertReply(bulk("v"), "set", k, "w", "gEt", "GET", "xx", "XX");
        assertReply(OK, "SET", k, "w", "keepttl", "KeepTTL");
        assertReply(OK, "SET", k, "w", "ex", "10", "EX", "100000");
        assertEquals(100_000, jedis.ttl(k));
        assertReply(OK, "SET", k, "w", "PxAt", Long.toString(FAR_FUTURE_MS), "pxat", Long.toString(FAR_FUTURE_MS + 1));
        assertEquals(FAR_FUTURE_MS + 1, jedis.pexpireTime(k));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "NX XX", "XX NX", "NX GET XX", "EX 10 PX 10000", "PX 10 EX 10", "EX 10 EXAT 9999999999",
            "PXAT 9999999999000 EXAT 9999999999", "EX 10 KEEPTTL", "KEEPTTL EX 10", "KEEPTTL PXAT 9999999999000",
            "PX 100 KEEPTTL", "EX", "PX", "EXAT", "PXAT", "NX EX", "EX 10 20", "PERSIST", "FOO", "GET 1",
            "NXX", "N", "EX10", "KEEP TTL", "''", "EX 10 PX"})
    void conflictingOrMalformedOptionsAreSyntaxErrors(String options) {
        String k = key("k");
        jedis.set(k, "before");
        assertError(SYNTAX, words("SET " + k + " after " + options));
        assertEquals("before", jedis.get(k));
        assertEquals(-1, jedis.ttl(k));
    }

    /** A command line split at blanks; '' stands for an empty argument. */
    private static String[] words(String line) {
        return Arrays.stream(line.trim().split(" +")).map(word -> word.equals("''") ? "" : word)
                .toArray(String[]::new);
    }

    @ParameterizedTest
    @ValueSource(strings = {"EX 0", "EX -1", "PX 0", "PX -100", "EXAT 0", "PXAT -1", "EX 9223372036854775807",
            "PX 9223372036854775807", "EXAT 9223372036854775807", "EX 9223372036854775", "PX 9223372036854775000"})
    void invalidExpireTimes(String options) {
        String k = key("k");
        assertError(invalidExpire("set"), words("SET " + k + " v " + options));
        assertFalse(jedis.exists(k));
    }

    @ParameterizedTest
    @ValueSource(strings = {"EX abc", "PX 1.5", "EXAT 1e10", "PXAT 99999999999999999999", "EX ''", "EX +5"})
    void nonIntegerExpireTimes(String options) {
        String k = key("k");
        assertError(NOT_INTEGER, words("SET " + k + " v " + options));
        assertFalse(jedis.exists(k));
    }

    @Test
    void expireValidationComesBeforeTheExistenceCheck() {
        String k = key("k");
        jedis.set(k, "v");
        assertError(NOT_INTEGER, "SET", k, "w", "NX", "EX", "x");
        assertError(invalidExpire("set"), "SET", k, "w", "XX", "PX", "0");
    }

    @Test
    void anAbsoluteTimeInThePastStoresNothingVisible() {
        String k = key("k");
        jedis.set(k, "old");
        assertReply(bulk("old"), "SET", k, "new", "PXAT", "1", "GET");
        assertFalse(jedis.exists(k));
        assertNull(jedis.get(k));
        assertReply(OK, "SET", k, "new", "EXAT", "1");
        assertFalse(jedis.exists(k));
    }

    @Test
    void setArity() {
        assertError(arity("set"), "SET");
        assertError(arity("set"), "SET", key("k"));
    }

    @Test
    void setnx() {
        String k = key("k");
        assertEquals(1, jedis.setnx(k, "a"));
        assertEquals(0, jedis.setnx(k, "b"));
        assertEquals("a", jedis.get(k));
        assertError(arity("setnx"), "SETNX", k);
        assertError(arity("setnx"), "SETNX", k, "a", "b");
    }

    @Test
    void setexAndPsetex() {
        String k = key("k");
        assertEquals("OK", jedis.setex(k, 100, "v"));
        assertBetween(99_000, 100_000, jedis.pttl(k));
        assertEquals("OK", jedis.psetex(k, 50_000, "w"));
        assertBetween(49_000, 50_000, jedis.pttl(k));
        assertEquals("w", jedis.get(k));
    }

    @Test
    void setexAndPsetexErrors() {
        String k = key("k");
        jedis.set(k, "before");
        assertError(invalidExpire("setex"), "SETEX", k, "0", "v");
        assertError(invalidExpire("setex"), "SETEX", k, "-5", "v");
        assertError(invalidExpire("setex"), "SETEX", k, "9223372036854775807", "v");
        assertError(invalidExpire("psetex"), "PSETEX", k, "0", "v");
        assertError(invalidExpire("psetex"), "PSETEX", k, "9223372036854775807", "v");
        assertError(NOT_INTEGER, "SETEX", k, "ten", "v");
        assertError(NOT_INTEGER, "PSETEX", k, "1.5", "v");
        assertError(arity("setex"), "SETEX", k, "10");
        assertError(arity("psetex"), "PSETEX", k, "10", "v", "extra");
        assertEquals("before", jedis.get(k));
    }

    @Test
    void getset() {
        String k = key("k");
        assertNull(jedis.getSet(k, "a"));
        assertEquals("a", jedis.getSet(k, "b"));
        assertEquals("b", jedis.get(k));
        jedis.pexpire(k, 100_000);
        assertEquals("b", jedis.getSet(k, "c"));
        assertEquals(-1, jedis.ttl(k));
        assertError(arity("getset"), "GETSET", k);
        assertError(arity("getset"), "GETSET", k, "a", "b");
    }

    @Test
    void encodingsOfStoredValues() {
        String k = key("k");
        assertEncoding("int", () -> jedis.set(k, "12345"));
        assertEncoding("int", () -> jedis.set(k, "-9223372036854775808"));
        assertEncoding("embstr", () -> jedis.set(k, "9223372036854775808"));
        assertEncoding("embstr", () -> jedis.set(k, "0123"));
        assertEncoding("embstr", () -> jedis.set(k, "x".repeat(44)));
        assertEncoding("raw", () -> jedis.set(k, "x".repeat(45)));
        assertEncoding("int", () -> jedis.setex(k, 100, "7"));
        assertEncoding("int", () -> jedis.getSet(k, "8"));
        jedis.del(k);
        assertEncoding("int", () -> jedis.setnx(k, "9"));
    }

    private void assertEncoding(String expected, Runnable command) {
        command.run();
        assertEquals(expected, jedis.objectEncoding(key("k")));
    }

    static void assertBetween(long low, long high, long actual) {
        assertTrue(actual >= low && actual <= high, actual + " not in [" + low + ", " + high + "]");
    }
}
