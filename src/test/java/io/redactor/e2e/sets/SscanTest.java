package io.redactor.e2e.sets;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SSCAN: whole intsets in one call, cursors over hashtables with SCAN's guarantee, MATCH, COUNT, errors. */
class SscanTest extends SetsTestBase {

    /** Scans from cursor 0 to the end and returns every member seen (with repeats) and the number of calls. */
    private List<String> scanAll(String key, ScanParams params) {
        List<String> seen = new ArrayList<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = jedis.sscan(key, cursor, params);
            seen.addAll(page.getResult());
            cursor = page.getCursor();
        } while (!cursor.equals("0"));
        return seen;
    }

    @Test
    void anIntsetComesWholeWithCursorZeroWhateverTheCursorAndCount() {
        jedis.sadd("s", "3", "1", "2", "100", "10");
        assertReply("*2\r\n$1\r\n0\r\n" + array("1", "2", "3", "10", "100"), "SSCAN", "s", "0");
        assertReply("*2\r\n$1\r\n0\r\n" + array("1", "2", "3", "10", "100"), "SSCAN", "s", "12345", "COUNT", "1");
        assertReply("*2\r\n$1\r\n0\r\n" + array("1", "10", "100"), "SSCAN", "s", "0", "MATCH", "1*");
        call("HELLO", "3");
        assertReply("*2\r\n$1\r\n0\r\n" + array("2"), "SSCAN", "s", "0", "MATCH", "2");
    }

    @Test
    void aHashtableScanReturnsEveryMember() {
        Set<String> members = new HashSet<>();
        for (int i = 0; i < 3000; i++) {
            members.add("m" + i);
        }
        jedis.sadd("s", members.toArray(new String[0]));
        assertEquals(members, new HashSet<>(scanAll("s", new ScanParams())));
        assertEquals(members, new HashSet<>(scanAll("s", new ScanParams().count(1000))));
        Set<String> matching = new HashSet<>();
        for (String member : members) {
            if (member.startsWith("m1")) {
                matching.add(member);
            }
        }
        assertEquals(matching, new HashSet<>(scanAll("s", new ScanParams().match("m1*").count(50))));
    }

    @Test
    void countIsAHintPerCall() {
        String[] members = new String[1000];
        for (int i = 0; i < members.length; i++) {
            members[i] = "m" + i;
        }
        jedis.sadd("s", members);
        ScanResult<String> page = jedis.sscan("s", "0", new ScanParams().count(5));
        assertTrue(page.getResult().size() >= 5 && page.getResult().size() < 50, "got " + page.getResult().size());
        assertTrue(!page.getCursor().equals("0"));
    }

    @Test
    void membersPresentThroughoutAreSeenWhileTheSetGrowsAndShrinks() {
        Set<String> stable = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            stable.add("stable" + i);
        }
        jedis.sadd("s", stable.toArray(new String[0]));
        Set<String> seen = new HashSet<>();
        String cursor = "0";
        int step = 0;
        do {
            ScanResult<String> page = jedis.sscan("s", cursor, new ScanParams().count(20));
            seen.addAll(page.getResult());
            cursor = page.getCursor();
            if (step < 10) {
                String[] extra = new String[400];
                for (int j = 0; j < extra.length; j++) {
                    extra[j] = "extra" + step + ":" + j;
                }
                jedis.sadd("s", extra);
            } else if (step == 15) {
                for (int s = 0; s < 10; s++) {
                    String[] extra = new String[400];
                    for (int j = 0; j < extra.length; j++) {
                        extra[j] = "extra" + s + ":" + j;
                    }
                    jedis.srem("s", extra);
                }
            }
            step++;
        } while (!cursor.equals("0"));
        assertTrue(seen.containsAll(stable));
    }

    @Test
    void binaryMembersAndPatterns() {
        byte[] key = "bin".getBytes();
        jedis.sadd(key, new byte[] {0, 1}, new byte[] {'a', 0}, new byte[] {'a', (byte) 0xff}, "b".getBytes());
        List<byte[]> found = jedis.sscan(key, "0".getBytes(), new ScanParams().match(new byte[] {'a', '*'}))
                .getResult();
        assertEquals(2, found.size());
    }

    @Test
    void errorsAndMissingKeys() {
        jedis.sadd("s", "a");
        jedis.set("str", "v");
        assertReply("*2\r\n$1\r\n0\r\n*0\r\n", "SSCAN", "missing", "0");
        assertReply("*2\r\n$1\r\n0\r\n*0\r\n", "SSCAN", "missing", "0", "COUNT", "0", "BAD");
        assertError("ERR invalid cursor", "SSCAN", "s", "x");
        assertError("ERR invalid cursor", "SSCAN", "missing", "-x");
        assertError("ERR invalid cursor", "SSCAN", "s", "18446744073709551616");
        assertError(WRONGTYPE, "SSCAN", "str", "0", "COUNT", "x");
        assertError(SYNTAX, "SSCAN", "s", "0", "COUNT", "0");
        assertError(SYNTAX, "SSCAN", "s", "0", "COUNT", "-1");
        assertError(NOT_INTEGER, "SSCAN", "s", "0", "COUNT", "x");
        assertError(SYNTAX, "SSCAN", "s", "0", "MATCH");
        assertError(SYNTAX, "SSCAN", "s", "0", "TYPE", "string");
        assertError(SYNTAX, "SSCAN", "s", "0", "NOSUCH", "x");
        assertError(arity("sscan"), "SSCAN", "s");
    }
}
