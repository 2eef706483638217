package io.redactor.e2e.sets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * OBJECT ENCODING of sets as Redis 7.0 reports it: "intset" while every member is a canonical 64-bit integer
 * and there are at most set-max-intset-entries of them, "hashtable" from the first write that breaks a rule,
 * never back; results of the STORE commands and of SMOVE into a new key are encoded by their content.
 */
class SetEncodingTest extends SetsTestBase {

    private static String[] range(int from, int to) {
        List<String> members = new ArrayList<>();
        for (int i = from; i < to; i++) {
            members.add(Integer.toString(i));
        }
        return members.toArray(new String[0]);
    }

    @Test
    void intsetUpToTheDefaultLimitOf512() {
        jedis.sadd("s", range(0, 512));
        assertEncoding("intset", "s");
        jedis.sadd("s", "0");
        assertEncoding("intset", "s");
        jedis.sadd("s", "512");
        assertEncoding("hashtable", "s");
        assertEquals(513, jedis.scard("s"));
    }

    @Test
    void oneSaddPastTheLimitConverts() {
        jedis.sadd("s", range(0, 513));
        assertEncoding("hashtable", "s");
    }

    @Test
    void theLimitIsReadAtEachWrite() {
        jedis.configSet("set-max-intset-entries", "3");
        jedis.sadd("s", "1", "2", "3");
        assertEncoding("intset", "s");
        jedis.configSet("set-max-intset-entries", "2");
        assertEncoding("intset", "s");
        jedis.sadd("s", "3");
        assertEncoding("intset", "s");
        jedis.sadd("s", "4");
        assertEncoding("hashtable", "s");
        jedis.configSet("set-max-intset-entries", "0");
        jedis.sadd("z", "1");
        assertEncoding("hashtable", "z");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "-0", "+1", "01", " 1", "1.0", "9223372036854775808", "-9223372036854775809", ""})
    void aNonCanonicalIntegerMakesAHashtable(String member) {
        jedis.sadd("s", "1");
        assertEncoding("intset", "s");
        jedis.sadd("s", member);
        assertEncoding("hashtable", "s");
        jedis.sadd("t", member);
        assertEncoding("hashtable", "t");
    }

    @Test
    void extremeIntegersStayInAnIntset() {
        jedis.sadd("s", "-9223372036854775808", "9223372036854775807", "0", "-1");
        assertEncoding("intset", "s");
    }

    @Test
    void removingNeverConvertsBack() {
        jedis.sadd("s", "1", "2", "x");
        jedis.srem("s", "x");
        assertEncoding("hashtable", "s");
        jedis.spop("s");
        assertEncoding("hashtable", "s");
    }

    @Test
    void storedResultsAreEncodedByTheirContent() {
        jedis.sadd("mixed", "1", "2", "x");
        jedis.srem("mixed", "x");
        jedis.sadd("ints", "2", "3");
        jedis.sadd("words", "2", "w");
        jedis.sunionstore("u", "mixed", "ints");
        assertEncoding("intset", "u");
        jedis.sinterstore("i", "mixed", "words");
        assertEncoding("intset", "i");
        jedis.sdiffstore("d", "mixed", "ints");
        assertEncoding("intset", "d");
        jedis.sunionstore("u2", "ints", "words");
        assertEncoding("hashtable", "u2");
        jedis.configSet("set-max-intset-entries", "2");
        jedis.sunionstore("u3", "mixed", "ints");
        assertEncoding("hashtable", "u3");
    }

    @Test
    void smoveCreatesTheDestinationByTheMembersType() {
        jedis.sadd("src", "1", "a");
        jedis.smove("src", "ints", "1");
        assertEncoding("intset", "ints");
        jedis.smove("src", "words", "a");
        assertEncoding("hashtable", "words");
    }

    @Test
    void copyKeepsTheEncoding() {
        jedis.sadd("h", "1", "x");
        jedis.srem("h", "x");
        jedis.copy("h", "h2", false);
        assertEncoding("hashtable", "h2");
        jedis.sadd("i", "1");
        jedis.copy("i", "i2", false);
        assertEncoding("intset", "i2");
        jedis.sadd("i2", "2");
        assertEquals(1, jedis.scard("i"));
    }
}
