package io.redactor.e2e.strings;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** INCR, DECR, INCRBY, DECRBY and INCRBYFLOAT. */
class CounterCommandsTest extends CommandTestBase {
    private static final String OVERFLOW = "ERR increment or decrement would overflow";

    @Test
    void incrementsAndDecrementsStartFromZero() {
        assertEquals(1, jedis.incr(key("a")));
        assertEquals(2, jedis.incr(key("a")));
        assertEquals(-1, jedis.decr(key("b")));
        assertEquals(10, jedis.incrBy(key("c"), 10));
        assertEquals(-10, jedis.decrBy(key("d"), 10));
        assertEquals(0, jedis.incrBy(key("c"), -10));
        assertEquals(5, jedis.decrBy(key("c"), -5));
        assertEquals("5", jedis.get(key("c")));
    }

    @Test
    void countersWorkOnStoredIntegersOfEveryEncoding() {
        String k = key("k");
        jedis.set(k, "41");
        assertEquals(42, jedis.incr(k));
        jedis.set(k, "1".repeat(18));
        assertEquals(111_111_111_111_111_112L, jedis.incr(k));
        jedis.set(k, "1");
        jedis.append(k, "2"); // a "raw" string that holds 12
        assertEquals("raw", jedis.objectEncoding(k));
        assertEquals(13, jedis.incr(k));
        assertEquals("int", jedis.objectEncoding(k));
        jedis.set(k, "-9223372036854775808");
        assertEquals(-9223372036854775807L, jedis.incr(k));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", " 1", "1 ", "+1", "-0", "01", "1.0", "1e3", "0x10",
            "9223372036854775808", "-9223372036854775809", "18446744073709551615", "12345678901234567890123"})
    void storedValuesThatAreNotIntegers(String value) {
        String k = key("k");
        jedis.set(k, value);
        assertError(NOT_INTEGER, "INCR", k);
        assertError(NOT_INTEGER, "DECR", k);
        assertError(NOT_INTEGER, "INCRBY", k, "1");
        assertError(NOT_INTEGER, "DECRBY", k, "1");
        assertEquals(value, jedis.get(k));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", " 1", "1 ", "+1", "-0", "01", "1.5", "1e3", "0x10", "9223372036854775808"})
    void incrementsThatAreNotIntegers(String increment) {
        String k = key("k");
        assertError(NOT_INTEGER, "INCRBY", k, increment);
        assertError(NOT_INTEGER, "DECRBY", k, increment);
        assertFalse(jedis.exists(k));
    }

    @Test
    void overflow() {
        String k = key("k");
        jedis.set(k, Long.toString(Long.MAX_VALUE));
        assertError(OVERFLOW, "INCR", k);
        assertError(OVERFLOW, "INCRBY", k, "1");
        assertError(OVERFLOW, "DECRBY", k, "-1");
        assertEquals(Long.MAX_VALUE - 1, jedis.decr(k));
        assertEquals(Long.MAX_VALUE, jedis.incrBy(k, 1));
        jedis.set(k, Long.toString(Long.MIN_VALUE));
        assertError(OVERFLOW, "DECR", k);
        assertError(OVERFLOW, "INCRBY", k, "-1");
        assertError(OVERFLOW, "DECRBY", k, "1");
        assertEquals(-1, jedis.incrBy(k, Long.MAX_VALUE));
        jedis.set(k, "100");
        assertError(OVERFLOW, "INCRBY", k, "9223372036854775708");
        assertEquals(Long.MAX_VALUE, jedis.incrBy(k, 9223372036854775707L));
        jedis.set(k, "-100");
        assertError(OVERFLOW, "DECRBY", k, "9223372036854775709");
        assertEquals(Long.MIN_VALUE + 1, jedis.decrBy(k, 9223372036854775707L));
        assertEquals(Long.toString(Long.MIN_VALUE + 1), jedis.get(k));
    }

    @Test
    void decrbyOfTheSmallestLongCannotBeNegated() {
        String k = key("k");
        assertError("ERR decrement would overflow", "DECRBY", k, "-9223372036854775808");
        jedis.set(k, "-5");
        assertError("ERR decrement would overflow", "DECRBY", k, "-9223372036854775808");
        assertEquals("-5", jedis.get(k));
        assertEquals(Long.MIN_VALUE, jedis.incrBy(key("other"), Long.MIN_VALUE));
    }

    @Test
    void wrongNumberOfArguments() {
        for (String command : new String[] {"INCR", "DECR"}) {
            assertError(arity(command.toLowerCase()), command);
            assertError(arity(command.toLowerCase()), command, key("k"), "1");
        }
        for (String command : new String[] {"INCRBY", "DECRBY", "INCRBYFLOAT"}) {
            assertError(arity(command.toLowerCase()), command, key("k"));
            assertError(arity(command.toLowerCase()), command, key("k"), "1", "2");
        }
    }

    @ParameterizedTest(name = "INCRBYFLOAT {0} by {1} = {2}")
    @CsvSource(delimiter = '|', value = {
            "0|1|1", "10.5|0.1|10.6", "0.1|0.2|0.3", "1.5|-1.5|0", "5|-10|-5", "3.0|1|4", "1.5e3|1|1501",
            "0|1e5|100000", "0|1E-5|0.00001", "0|-1e-5|-0.00001", "0|+1.5|1.5", "0|.5|0.5", "0|5.|5",
            "0|00012.5|12.5", "0|0x10|16", "0|0x1p-2|0.25", "0|-0x1.8p1|-3", "0.5|-0x1.8p1|-2.5", "0|0x.8|0.5", "0|-0|0",
            "0|1e20|100000000000000000000", "7|1e-15|7.000000000000001",
            "0|3.14159265358979323846264338327950288|3.14159265358979324",
            "0|123456789012345678901234567890|123456789012345678899921813504",
            "0|0.000000000000000000000000000000001|0", "0|1e-4950|0", "0x1p3|1|9"})
    void incrbyfloat(String start, String increment, String expected) {
        String k = key("k");
        jedis.set(k, start);
        assertReply(bulk(expected), "INCRBYFLOAT", k, increment);
        assertEquals(expected, jedis.get(k));
    }

    @Test
    void incrbyfloatOnAMissingKey() {
        assertReply(bulk("2.5"), "INCRBYFLOAT", key("k"), "2.5");
        assertEquals("2.5", jedis.get(key("k")));
    }

    @Test
    void incrbyfloatGoesPastTheDoubleRange() {
        // Redis computes in long double: twice 1e308 is finite and printed in full.
        String k = key("k");
        jedis.set(k, "1e308");
        String sum = new String((byte[]) jedis.sendCommand(Protocol.Command.INCRBYFLOAT, k, "1e308"));
        assertEquals(309, sum.length());
        assertTrue(sum.startsWith("19999999999999999999337175931169129132112019969483113441559409598984"), sum);
        assertEquals(sum, jedis.get(k));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", " 1", "1 ", "1_0", ".", "e5", "-.e1", "1e", "1e+", "0x", "nan", "NaN",
            "-nan", "1e4933", "1e-4951", "1,5"})
    void incrementsThatAreNotFloats(String increment) {
        String k = key("k");
        jedis.set(k, "1");
        assertError(NOT_FLOAT, "INCRBYFLOAT", k, increment);
        assertEquals("1", jedis.get(k));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", " 12", "12abc", "nan", "1e4933", "1.5\u0000"})
    void storedValuesThatAreNotFloats(String value) {
        String k = key("k");
        jedis.set(k, value);
        assertError(NOT_FLOAT, "INCRBYFLOAT", k, "1");
        assertEquals(value, jedis.get(k));
    }

    @Test
    void nanOrInfinityResults() {
        String k = key("k");
        String error = "ERR increment would produce NaN or Infinity";
        assertError(error, "INCRBYFLOAT", k, "inf");
        assertError(error, "INCRBYFLOAT", k, "-infinity");
        jedis.set(k, "inf");
        assertError(error, "INCRBYFLOAT", k, "1");
        assertError(error, "INCRBYFLOAT", k, "-inf");
        jedis.set(k, "1.18973149535723176502e+4932");
        assertError(error, "INCRBYFLOAT", k, "1.18973149535723176502e+4932");
        assertEquals("1.18973149535723176502e+4932", jedis.get(k));
    }
}
