package io.redactor.e2e.sets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SADD, SREM, SISMEMBER, SMISMEMBER, SCARD and SMEMBERS. */
class MembershipCommandsTest extends SetsTestBase {

    @Test
    void saddCountsOnlyNewMembersAndCreatesTheKey() {
        assertEquals(3, jedis.sadd("s", "a", "b", "c"));
        assertEquals(1, jedis.sadd("s", "a", "d", "d"));
        assertEquals(0, jedis.sadd("s", "a"));
        assertEquals("set", jedis.type("s"));
        assertEquals(4, jedis.scard("s"));
        assertEquals(setOf("a", "b", "c", "d"), sorted(jedis.smembers("s")));
    }

    @Test
    void sremCountsRemovedMembersAndDeletesTheEmptiedSet() {
        jedis.sadd("s", "a", "b", "c");
        assertEquals(0, jedis.srem("s", "x", "y"));
        assertEquals(2, jedis.srem("s", "a", "b", "a", "x"));
        assertEquals(1, jedis.srem("s", "c", "c"));
        assertFalse(jedis.exists("s"));
        assertEquals(0, jedis.srem("s", "c"));
        assertEquals(0, jedis.srem("missing", "a"));
    }

    @Test
    void membershipQueries() {
        jedis.sadd("s", "a", "1");
        assertTrue(jedis.sismember("s", "a"));
        assertTrue(jedis.sismember("s", "1"));
        assertFalse(jedis.sismember("s", "01"));
        assertFalse(jedis.sismember("missing", "a"));
        assertEquals(List.of(true, false, true, false), jedis.smismember("s", "a", "b", "1", "a "));
        assertEquals(List.of(false, false), jedis.smismember("missing", "a", "b"));
        assertEquals(2, jedis.scard("s"));
        assertEquals(0, jedis.scard("missing"));
        assertEquals(Set.of(), jedis.smembers("missing"));
    }

    @Test
    void smembersOfAnIntsetIsSortedNumerically() {
        jedis.sadd("s", "10", "-5", "3", "9223372036854775807", "-9223372036854775808", "0");
        assertReply(array("-9223372036854775808", "-5", "0", "3", "10", "9223372036854775807"), "SMEMBERS", "s");
    }

    @Test
    void resp3RepliesWithASet() {
        jedis.sadd("s", "2", "1");
        call("HELLO", "3");
        assertReply("~2\r\n$1\r\n1\r\n$1\r\n2\r\n", "SMEMBERS", "s");
        assertReply("~0\r\n", "SMEMBERS", "missing");
        assertReply("*2\r\n:1\r\n:0\r\n", "SMISMEMBER", "s", "1", "3");
        assertReply(":1\r\n", "SISMEMBER", "s", "2");
    }

    @Test
    void membersAreBinarySafe() {
        byte[] key = "bin".getBytes(StandardCharsets.UTF_8);
        List<byte[]> members = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            members.add(new byte[] {(byte) b});
            members.add(new byte[] {'x', (byte) b, 0, '\r', '\n'});
        }
        members.add(new byte[0]);
        assertEquals(members.size(), jedis.sadd(key, members.toArray(new byte[0][])));
        assertEquals(members.size(), jedis.scard(key));
        Set<String> expected = new HashSet<>();
        members.forEach(m -> expected.add(new String(m, StandardCharsets.ISO_8859_1)));
        Set<String> actual = new HashSet<>();
        jedis.smembers(key).forEach(m -> actual.add(new String(m, StandardCharsets.ISO_8859_1)));
        assertEquals(expected, actual);
        for (byte[] member : members) {
            assertTrue(jedis.sismember(key, member));
        }
        assertFalse(jedis.sismember(key, new byte[] {'x', 0}));
        assertEquals(members.size(), jedis.srem(key, members.toArray(new byte[0][])));
        assertFalse(jedis.exists(key));
    }

    @Test
    void largeSetsKeepEveryMember() {
        String[] members = new String[20_000];
        for (int i = 0; i < members.length; i++) {
            members[i] = "member:" + i;
        }
        assertEquals(members.length, jedis.sadd("big", members));
        assertEquals(members.length, jedis.scard("big"));
        assertEquals(sorted(List.of(members)), sorted(jedis.smembers("big")));
        for (int i = 0; i < members.length; i += 2) {
            jedis.srem("big", members[i]);
        }
        assertEquals(members.length / 2, jedis.scard("big"));
        assertTrue(jedis.sismember("big", "member:1"));
        assertFalse(jedis.sismember("big", "member:0"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SADD", "SREM", "SISMEMBER", "SMISMEMBER", "SCARD", "SMEMBERS"})
    void wrongTypeAgainstAString(String command) {
        jedis.set("str", "v");
        List<String> args = new ArrayList<>(List.of(command, "str"));
        if (!command.equals("SCARD") && !command.equals("SMEMBERS")) {
            args.add("m");
        }
        assertError(WRONGTYPE, args.toArray(new String[0]));
        assertEquals("v", jedis.get("str"));
    }

    @Test
    void stringCommandsRefuseASet() {
        jedis.sadd("s", "1");
        assertError(WRONGTYPE, "GET", "s");
        assertError(WRONGTYPE, "INCR", "s");
        assertError(WRONGTYPE, "APPEND", "s", "x");
        assertReply("+set\r\n", "TYPE", "s");
    }

    @Test
    void arityErrors() {
        assertError(arity("sadd"), "SADD", "s");
        assertError(arity("srem"), "SREM", "s");
        assertError(arity("sismember"), "SISMEMBER", "s");
        assertError(arity("sismember"), "SISMEMBER", "s", "a", "b");
        assertError(arity("smismember"), "SMISMEMBER", "s");
        assertError(arity("scard"), "SCARD");
        assertError(arity("scard"), "SCARD", "a", "b");
        assertError(arity("smembers"), "SMEMBERS", "a", "b");
    }

    @Test
    void saddOverwritesNothingButAddsToAnExpiringSetKeepingItsTtl() {
        jedis.sadd("s", "a");
        jedis.expire("s", 100);
        jedis.sadd("s", "b");
        assertTrue(jedis.ttl("s") > 0);
        jedis.srem("s", "a");
        assertTrue(jedis.ttl("s") > 0);
    }
}
