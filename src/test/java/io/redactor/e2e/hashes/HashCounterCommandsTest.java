package io.redactor.e2e.hashes;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** HINCRBY and HINCRBYFLOAT. */
class HashCounterCommandsTest extends CommandTestBase {
    private static final String HASH_NOT_INTEGER = "ERR hash value is not an integer";
    private static final String HASH_NOT_FLOAT = "ERR hash value is not a float";
    private static final String OVERFLOW = "ERR increment or decrement would overflow";

    @Test
    void hincrbyStartsFromZeroAndCreatesTheKey() {
        String h = key("h");
        assertEquals(5, jedis.hincrBy(h, "n", 5));
        assertEquals(-2, jedis.hincrBy(h, "n", -7));
        assertEquals(0, jedis.hincrBy(h, "m", 0));
        assertEquals("-2", jedis.hget(h, "n"));
        assertEquals("0", jedis.hget(h, "m"));
        assertEquals("hash", jedis.type(h));
    }

    @Test
    void hincrbyStopsAtTheEdgesOfSixtyFourBits() {
        String h = key("h");
        jedis.hset(h, "max", "9223372036854775807");
        jedis.hset(h, "min", "-9223372036854775808");
        assertError(OVERFLOW, "HINCRBY", h, "max", "1");
        assertError(OVERFLOW, "HINCRBY", h, "min", "-1");
        assertEquals(Long.MAX_VALUE - 1, jedis.hincrBy(h, "max", -1));
        assertEquals(Long.MIN_VALUE, jedis.hincrBy(h, "zero", Long.MIN_VALUE));
        assertError(OVERFLOW, "HINCRBY", h, "zero", "-1");
        assertEquals("-9223372036854775808", jedis.hget(h, "zero"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", " 1", "1 ", "+1", "-0", "01", "1.0", "1e3", "0x10", "9223372036854775808"})
    void storedValuesThatAreNotIntegers(String stored) {
        String h = key("h");
        jedis.hset(h, "f", stored);
        assertError(HASH_NOT_INTEGER, "HINCRBY", h, "f", "1");
        assertEquals(stored, jedis.hget(h, "f"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", "1.5", "+1", "01", "9223372036854775808", "-9223372036854775809"})
    void incrementsThatAreNotIntegersAreRefusedBeforeTheTypeCheck(String increment) {
        String s = key("s");
        jedis.set(s, "x");
        assertError(NOT_INTEGER, "HINCRBY", s, "f", increment);
        assertError(NOT_INTEGER, "HINCRBY", key("missing"), "f", increment);
        assertFalse(jedis.exists(key("missing")));
        assertError(WRONGTYPE, "HINCRBY", s, "f", "1");
    }

    @ParameterizedTest
    @CsvSource({"1.5, 1.5, 3", "0.1, 0.2, 0.3", "10.5e3, 1e-3, 10500.00100000000000033", "3.0, 0, 3", "-5, 5, 0",
            "0x10, 1, 17", "1e308, 1e308, 199999999999999999993371759311691291321120199694831134415594095989843469"
            + "737676123744200253843777078640893494450108026446304269499187921167194841628860392837535918200039206"
            + "381557326219209014213335878306791577877829121087126122536729803237260434173178506889763247582601711"
            + "514636284849020905456510092687857156096"})
    void hincrbyfloatAddsInLongDouble(String start, String increment, String expected) {
        String h = key("h");
        call("HINCRBYFLOAT", h, "f", start);
        assertReply(bulk(expected), "HINCRBYFLOAT", h, "f", increment);
        assertEquals(expected, jedis.hget(h, "f"));
    }

    @Test
    void hincrbyfloatErrors() {
        String h = key("h");
        jedis.hset(h, "s", "abc");
        jedis.hset(h, "inf", "inf");
        assertError("ERR value is not a valid float", "HINCRBYFLOAT", h, "f", "abc");
        assertError("ERR value is not a valid float", "HINCRBYFLOAT", h, "f", "nan");
        assertError("ERR value is not a valid float", "HINCRBYFLOAT", h, "f", "1e5000");
        assertError("ERR value is NaN or Infinity", "HINCRBYFLOAT", h, "f", "inf");
        assertError("ERR value is NaN or Infinity", "HINCRBYFLOAT", key("missing"), "f", "-inf");
        assertFalse(jedis.exists(key("missing")));
        assertError(HASH_NOT_FLOAT, "HINCRBYFLOAT", h, "s", "1");
        assertError("ERR increment would produce NaN or Infinity", "HINCRBYFLOAT", h, "inf", "1");
        call("HINCRBYFLOAT", h, "big", "1.18973149535723176502e+4932");
        assertError("ERR increment would produce NaN or Infinity", "HINCRBYFLOAT", h, "big",
                "1.18973149535723176502e+4932");
        String s = key("s");
        jedis.set(s, "1");
        assertError(WRONGTYPE, "HINCRBYFLOAT", s, "f", "1");
        assertError("ERR value is not a valid float", "HINCRBYFLOAT", s, "f", "x");
    }

    @Test
    void countersInterchange() {
        String h = key("h");
        jedis.hincrBy(h, "n", 10);
        assertReply(bulk("10.5"), "HINCRBYFLOAT", h, "n", "0.5");
        assertError(HASH_NOT_INTEGER, "HINCRBY", h, "n", "1");
        assertReply(bulk("11"), "HINCRBYFLOAT", h, "n", "0.5");
        assertEquals(12, jedis.hincrBy(h, "n", 1));
    }
}
