package io.redactor.e2e.strings;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.LCSParams;
import redis.clients.jedis.resps.LCSMatchResult;

import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** LCS with LEN, IDX, MINMATCHLEN and WITHMATCHLEN. */
class LcsCommandTest extends CommandTestBase {
    @Test
    void subsequenceAndLength() {
        jedis.set(key("a"), "ohmytext");
        jedis.set(key("b"), "mynewtext");
        assertEquals("mytext", jedis.lcs(key("a"), key("b"), LCSParams.LCSParams()).getMatchString());
        assertEquals(6, jedis.lcs(key("a"), key("b"), LCSParams.LCSParams().len()).getLen());
    }

    @Test
    void indexesFromTheEndWithMatchLengths() {
        jedis.set(key("a"), "ohmytext");
        jedis.set(key("b"), "mynewtext");
        LCSMatchResult result = jedis.lcs(key("a"), key("b"), LCSParams.LCSParams().idx().withMatchLen());
        assertEquals("a[4,7] b[5,8] 4; a[2,3] b[0,1] 2", describe(result));
        assertEquals(6, result.getLen());
        result = jedis.lcs(key("a"), key("b"), LCSParams.LCSParams().idx().withMatchLen().minMatchLen(4));
        assertEquals("a[4,7] b[5,8] 4", describe(result));
        assertEquals(6, result.getLen());
    }

    @Test
    void ofSeveralLongestSubsequencesTheWalkFromTheEndChoosesOne() {
        jedis.set(key("x"), "ABCBDAB");
        jedis.set(key("y"), "BDCABA");
        assertEquals("BDAB", jedis.lcs(key("x"), key("y"), LCSParams.LCSParams()).getMatchString());
        assertEquals("BCBA", jedis.lcs(key("y"), key("x"), LCSParams.LCSParams()).getMatchString());
        assertEquals("a[5,6] b[3,4] 2; a[3,4] b[0,1] 2",
                describe(jedis.lcs(key("x"), key("y"), LCSParams.LCSParams().idx().withMatchLen())));
        assertEquals("a[5,5] b[5,5] 1; a[4,4] b[3,3] 1; a[2,2] b[2,2] 1; a[0,0] b[1,1] 1",
                describe(jedis.lcs(key("y"), key("x"), LCSParams.LCSParams().idx().withMatchLen())));
    }

    @Test
    void repeatedAndIdenticalStrings() {
        jedis.set(key("p"), "aaaa");
        jedis.set(key("q"), "aa");
        assertEquals("a[2,3] b[0,1] 2", describe(jedis.lcs(key("p"), key("q"), LCSParams.LCSParams().idx().withMatchLen())));
        assertEquals("a[0,1] b[2,3] 2", describe(jedis.lcs(key("q"), key("p"), LCSParams.LCSParams().idx().withMatchLen())));
        jedis.set(key("m"), "abcxyzabc");
        assertEquals("a[0,8] b[0,8] 9", describe(jedis.lcs(key("m"), key("m"), LCSParams.LCSParams().idx().withMatchLen())));
    }

    @Test
    void missingKeysAreEmptyStrings() {
        jedis.set(key("a"), "abc");
        assertReply("$0\r\n\r\n", "LCS", key("a"), key("missing"));
        assertReply(":0\r\n", "LCS", key("missing"), key("a"), "LEN");
        assertReply("*4\r\n$7\r\nmatches\r\n*0\r\n$3\r\nlen\r\n:0\r\n", "LCS", key("missing"), key("other"), "IDX");
    }

    @Test
    void rawIdxReplyWithoutMatchLengths() {
        jedis.set(key("a"), "ohmytext");
        jedis.set(key("b"), "mynewtext");
        assertReply("*4\r\n$7\r\nmatches\r\n*2\r\n*2\r\n*2\r\n:4\r\n:7\r\n*2\r\n:5\r\n:8\r\n*2\r\n*2\r\n:2\r\n:3\r\n"
                + "*2\r\n:0\r\n:1\r\n$3\r\nlen\r\n:6\r\n", "LCS", key("a"), key("b"), "IDX");
    }

    @Test
    void optionsAndErrors() {
        String a = key("a");
        String b = key("b");
        jedis.set(a, "ohmytext");
        jedis.set(b, "mynewtext");
        String lenAndIdx = "ERR If you want both the length and indexes, please just use IDX.";
        assertError(lenAndIdx, "LCS", a, b, "LEN", "IDX");
        assertError(lenAndIdx, "LCS", a, b, "idx", "len");
        assertError(SYNTAX, "LCS", a, b, "MINMATCHLEN");
        assertError(SYNTAX, "LCS", a, b, "FOO");
        assertError(NOT_INTEGER, "LCS", a, b, "MINMATCHLEN", "x");
        assertError(arity("lcs"), "LCS", a);
        // Options that do not apply are accepted and ignored; negative minimum lengths count as zero.
        assertReply(bulk("mytext"), "LCS", a, b, "WITHMATCHLEN", "MINMATCHLEN", "3");
        assertReply(":6\r\n", "LCS", a, b, "len", "LEN", "withmatchlen");
        assertReply("*4\r\n$7\r\nmatches\r\n*1\r\n*2\r\n*2\r\n:4\r\n:7\r\n*2\r\n:5\r\n:8\r\n$3\r\nlen\r\n:6\r\n",
                "LCS", a, b, "MINMATCHLEN", "-5", "MINMATCHLEN", "3", "IDX");
    }

    @Test
    void keysInDifferentPartitions() {
        for (int i = 0; i < 50; i++) {
            String a = key("left" + i);
            String b = key("right" + (i * 7919));
            jedis.set(a, "xx" + i + "common" + i);
            jedis.set(b, "common" + i + "yy");
            assertEquals(("common" + i).length(), jedis.lcs(a, b, LCSParams.LCSParams().len()).getLen(), a + " " + b);
        }
    }

    private static String describe(LCSMatchResult result) {
        return result.getMatches().stream()
                .map(m -> "a[" + m.getA().getStart() + "," + m.getA().getEnd() + "] b[" + m.getB().getStart() + ","
                        + m.getB().getEnd() + "]" + (m.getMatchLen() > 0 ? " " + m.getMatchLen() : ""))
                .collect(Collectors.joining("; "));
    }
}
