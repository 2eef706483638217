package io.redactor.e2e.sets;

import io.redactor.e2e.keys.PartitionKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SINTER, SINTERCARD, SINTERSTORE, SUNION, SUNIONSTORE, SDIFF, SDIFFSTORE and SMOVE. */
class SetAlgebraTest extends SetsTestBase {

    @Test
    void intersectionUnionAndDifference() {
        jedis.sadd("a", "1", "2", "3", "x", "y");
        jedis.sadd("b", "2", "3", "4", "y");
        jedis.sadd("c", "3", "y", "z");
        assertEquals(setOf("3", "y"), sorted(jedis.sinter("a", "b", "c")));
        assertEquals(setOf("2", "3", "y"), sorted(jedis.sinter("a", "b")));
        assertEquals(setOf("1", "2", "3", "4", "x", "y", "z"), sorted(jedis.sunion("a", "b", "c")));
        assertEquals(setOf("1", "x"), sorted(jedis.sdiff("a", "b", "c")));
        assertEquals(setOf("4"), sorted(jedis.sdiff("b", "a", "c")));
        assertEquals(2, jedis.sintercard("a", "b", "c"));
        assertEquals(1, jedis.sintercard(1, "a", "b", "c"));
        assertEquals(5, jedis.sintercard("a"));
    }

    @Test
    void missingKeysAreEmptySets() {
        jedis.sadd("a", "1", "2");
        assertEquals(Set.of(), jedis.sinter("a", "missing"));
        assertEquals(setOf("1", "2"), sorted(jedis.sunion("missing", "a")));
        assertEquals(setOf("1", "2"), sorted(jedis.sdiff("a", "missing")));
        assertEquals(Set.of(), jedis.sdiff("missing", "a"));
        assertEquals(0, jedis.sintercard("a", "missing"));
        assertEquals(Set.of(), jedis.sinter("missing"));
    }

    @Test
    void aKeyRepeatedIsTheSameSet() {
        jedis.sadd("a", "1", "x");
        assertEquals(setOf("1", "x"), sorted(jedis.sinter("a", "a")));
        assertEquals(Set.of(), jedis.sdiff("a", "a"));
        assertEquals(setOf("1", "x"), sorted(jedis.sunion("a", "a")));
    }

    @Test
    void intsetResultsComeSorted() {
        jedis.sadd("a", "5", "3", "1", "x", "y");
        jedis.sadd("b", "3", "1", "5", "9");
        jedis.sadd("c", "30", "10");
        assertReply(array("1", "3", "5"), "SINTER", "a", "b");
        assertReply(array("1", "3", "5", "9", "10", "30"), "SUNION", "b", "c");
        assertReply(array("9"), "SDIFF", "b", "a");
        call("HELLO", "3");
        assertReply("~3\r\n$1\r\n1\r\n$1\r\n3\r\n$1\r\n5\r\n", "SINTER", "a", "b", "a");
        assertReply("~0\r\n", "SINTER", "b", "missing");
        assertReply("~0\r\n", "SUNION", "missing");
        assertReply("~1\r\n$1\r\n9\r\n", "SDIFF", "b", "a");
    }

    @Test
    void storeFormsReplaceTheDestinationAndDropItsTtl() {
        jedis.sadd("a", "1", "2", "3");
        jedis.sadd("b", "2", "3", "4");
        jedis.set("dst", "a string");
        jedis.expire("dst", 100);
        assertEquals(2, jedis.sinterstore("dst", "a", "b"));
        assertEquals(setOf("2", "3"), sorted(jedis.smembers("dst")));
        assertEquals(-1, jedis.ttl("dst"));
        assertEquals(4, jedis.sunionstore("dst", "a", "b"));
        assertEquals(setOf("1", "2", "3", "4"), sorted(jedis.smembers("dst")));
        assertEquals(1, jedis.sdiffstore("dst", "a", "b"));
        assertEquals(setOf("1"), sorted(jedis.smembers("dst")));
    }

    @Test
    void theDestinationMayBeASource() {
        jedis.sadd("a", "1", "2", "3");
        jedis.sadd("b", "3", "4");
        assertEquals(4, jedis.sunionstore("a", "a", "b"));
        assertEquals(setOf("1", "2", "3", "4"), sorted(jedis.smembers("a")));
        assertEquals(2, jedis.sinterstore("b", "a", "b"));
        assertEquals(2, jedis.sdiffstore("a", "a", "missing", "b"));
        assertEquals(setOf("1", "2"), sorted(jedis.smembers("a")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SINTERSTORE", "SUNIONSTORE", "SDIFFSTORE"})
    void anEmptyResultDeletesTheDestination(String command) {
        jedis.set("dst", "old");
        assertReply(integer(0), command, "dst", "missing1", "missing2");
        assertFalse(jedis.exists("dst"));
        assertReply(integer(0), command, "dst", "missing1");
    }

    @Test
    void sintercardLimit() {
        jedis.sadd("a", "1", "2", "3", "4");
        jedis.sadd("b", "2", "3", "4", "5");
        assertReply(integer(3), "SINTERCARD", "2", "a", "b");
        assertReply(integer(3), "SINTERCARD", "2", "a", "b", "LIMIT", "0");
        assertReply(integer(2), "SINTERCARD", "2", "a", "b", "limit", "2");
        assertReply(integer(3), "SINTERCARD", "2", "a", "b", "LIMIT", "100");
        assertReply(integer(1), "SINTERCARD", "2", "a", "b", "LIMIT", "5", "LIMIT", "1");
    }

    @Test
    void sintercardErrors() {
        jedis.sadd("a", "1");
        jedis.set("str", "v");
        assertError("ERR numkeys should be greater than 0", "SINTERCARD", "0", "a");
        assertError("ERR numkeys should be greater than 0", "SINTERCARD", "-1", "a");
        assertError("ERR numkeys should be greater than 0", "SINTERCARD", "x", "a");
        assertError("ERR Number of keys can't be greater than number of args", "SINTERCARD", "3", "a", "b");
        assertError("ERR LIMIT can't be negative", "SINTERCARD", "1", "a", "LIMIT", "-1");
        assertError("ERR LIMIT can't be negative", "SINTERCARD", "1", "a", "LIMIT", "x");
        assertError("ERR LIMIT can't be negative", "SINTERCARD", "1", "str", "LIMIT", "-1");
        assertError(SYNTAX, "SINTERCARD", "1", "a", "LIMIT");
        assertError(SYNTAX, "SINTERCARD", "1", "a", "b");
        assertError(WRONGTYPE, "SINTERCARD", "2", "missing", "str");
        assertError(arity("sintercard"), "SINTERCARD", "1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"SINTER", "SUNION", "SDIFF"})
    void aWrongTypeAnywhereFailsEvenAfterAMissingKey(String command) {
        jedis.set("str", "v");
        jedis.sadd("a", "1");
        assertError(WRONGTYPE, command, "missing", "str");
        assertError(WRONGTYPE, command, "str", "missing");
        assertError(WRONGTYPE, command, "a", "str");
        assertError(WRONGTYPE, command + "STORE", "dst", "missing", "str");
        assertFalse(jedis.exists("dst"));
        assertError(arity(command.toLowerCase()), command);
        assertError(arity(command.toLowerCase() + "store"), command + "STORE", "dst");
    }

    @Test
    void keysInDifferentPartitions() {
        List<String> keys = PartitionKeys.spread("spread", 200);
        Set<String> union = new HashSet<>();
        for (int i = 0; i < keys.size(); i++) {
            jedis.sadd(keys.get(i), "common", "m" + i, "m" + (i + 1));
            union.addAll(List.of("common", "m" + i, "m" + (i + 1)));
        }
        String[] all = keys.toArray(new String[0]);
        assertEquals(setOf("common"), sorted(jedis.sinter(all)));
        assertEquals(1, jedis.sintercard(all));
        assertEquals(sorted(union), sorted(jedis.sunion(all)));
        String destination = PartitionKeys.elsewhere("dest", keys.get(0));
        assertEquals(union.size(), jedis.sunionstore(destination, all));
        assertEquals(1, jedis.sinterstore(destination, all));
        assertEquals(setOf("m0"), sorted(jedis.sdiff(keys.get(0), keys.get(1))));
        assertEquals(1, jedis.sdiffstore(destination, keys.get(0), keys.get(1)));
        assertEquals(setOf("m0"), sorted(jedis.smembers(destination)));
        String other = PartitionKeys.elsewhere("other", keys.get(0));
        assertEquals(1, jedis.smove(keys.get(0), other, "m0"));
        assertTrue(jedis.sismember(other, "m0"));
        assertFalse(jedis.sismember(keys.get(0), "m0"));
    }

    @Test
    void smoveMovesOneMember() {
        jedis.sadd("src", "a", "b");
        jedis.sadd("dst", "c");
        assertEquals(1, jedis.smove("src", "dst", "a"));
        assertEquals(setOf("b"), sorted(jedis.smembers("src")));
        assertEquals(setOf("a", "c"), sorted(jedis.smembers("dst")));
        assertEquals(0, jedis.smove("src", "dst", "zz"));
        assertEquals(1, jedis.smove("src", "dst", "b"));
        assertFalse(jedis.exists("src"), "the emptied source is deleted");
        assertEquals(0, jedis.smove("src", "dst", "b"));
    }

    @Test
    void smoveOfAMemberTheDestinationHasOnlyRemovesIt() {
        jedis.sadd("src", "a", "b");
        jedis.sadd("dst", "a");
        assertEquals(1, jedis.smove("src", "dst", "a"));
        assertEquals(setOf("b"), sorted(jedis.smembers("src")));
        assertEquals(setOf("a"), sorted(jedis.smembers("dst")));
    }

    @Test
    void smoveWithinOneSetTellsWhetherTheMemberIsThere() {
        jedis.sadd("s", "a");
        assertEquals(1, jedis.smove("s", "s", "a"));
        assertEquals(0, jedis.smove("s", "s", "b"));
        assertEquals(setOf("a"), sorted(jedis.smembers("s")));
    }

    @Test
    void smoveErrors() {
        jedis.set("str", "v");
        jedis.sadd("s", "a");
        assertReply(integer(0), "SMOVE", "missing", "str", "a");
        assertError(WRONGTYPE, "SMOVE", "s", "str", "a");
        assertError(WRONGTYPE, "SMOVE", "s", "str", "not-there");
        assertError(WRONGTYPE, "SMOVE", "str", "s", "a");
        assertTrue(jedis.sismember("s", "a"));
        assertError(arity("smove"), "SMOVE", "s", "t");
        assertError(arity("smove"), "SMOVE", "s", "t", "a", "b");
    }
}
