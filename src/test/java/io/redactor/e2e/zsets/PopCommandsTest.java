package io.redactor.e2e.zsets;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.args.SortedSetOption;
import redis.clients.jedis.resps.Tuple;
import redis.clients.jedis.util.KeyValue;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** ZPOPMIN, ZPOPMAX and ZMPOP: counts, ties, reply shapes in RESP2 and RESP3, emptied keys, errors. */
class PopCommandsTest extends SortedSetTestBase {

    /** a:1 b:2 c:2 d:3 */
    private String fourMembers(String name) {
        String k = key(name);
        jedis.zadd(k, Map.of("a", 1.0, "b", 2.0, "c", 2.0, "d", 3.0));
        return k;
    }

    @Test
    void popOneFromEitherEnd() {
        String k = fourMembers("k");
        assertEquals(new Tuple("a", 1.0), jedis.zpopmin(k));
        assertEquals(new Tuple("d", 3.0), jedis.zpopmax(k));
        assertReply(array("b", "2"), "ZPOPMIN", k);
        assertReply(array("c", "2"), "ZPOPMAX", k);
        assertReply(integer(0), "EXISTS", k);
        assertReply(EMPTY_ARRAY, "ZPOPMIN", k);
        assertReply(EMPTY_ARRAY, "ZPOPMAX", key("missing"));
    }

    @Test
    void popWithCountTakesTiesInMemberOrder() {
        String k = fourMembers("k");
        assertReply(array("a", "1", "b", "2"), "ZPOPMIN", k, "2");
        assertReply(array("d", "3"), "ZPOPMAX", k, "1");
        assertReply(EMPTY_ARRAY, "ZPOPMAX", k, "0");
        assertReply(array("c", "2"), "ZPOPMAX", k, "10");
        assertReply(integer(0), "EXISTS", k);
        String j = fourMembers("j");
        assertEquals(List.of(new Tuple("d", 3.0), new Tuple("c", 2.0), new Tuple("b", 2.0)), jedis.zpopmax(j, 3));
        assertReply(EMPTY_ARRAY, "ZPOPMIN", key("missing"), "3");
    }

    @Test
    void popErrors() {
        String k = fourMembers("k");
        assertError("ERR value is out of range, must be positive", "ZPOPMIN", k, "-1");
        assertError("ERR value is out of range, must be positive", "ZPOPMAX", k, "x");
        assertError(SYNTAX, "ZPOPMIN", k, "1", "2");
        assertError(arity("zpopmin"), "ZPOPMIN");
        jedis.set(key("string"), "x");
        assertError(WRONGTYPE, "ZPOPMIN", key("string"));
        assertError(WRONGTYPE, "ZPOPMAX", key("string"), "0");
        assertReply(integer(4), "ZCARD", k);
    }

    @Test
    void resp3PopsAPairOnlyWithACount() {
        String k = fourMembers("k");
        call("HELLO", "3");
        assertReply("*2\r\n$1\r\na\r\n,1\r\n", "ZPOPMIN", k);
        assertReply(pairs("b", "2"), "ZPOPMIN", k, "1");
        assertReply(pairs("d", "3", "c", "2"), "ZPOPMAX", k, "5");
        assertReply(EMPTY_ARRAY, "ZPOPMAX", k);
        assertReply(EMPTY_ARRAY, "ZPOPMAX", k, "2");
    }

    @Test
    void zmpopPopsFromTheFirstNonEmptyKeyInAnyPartition() {
        String[] keys = keysInDifferentPartitions("mp", 3);
        jedis.zadd(keys[1], Map.of("a", 1.0, "b", 2.0, "c", 3.0));
        jedis.zadd(keys[2], Map.of("x", 10.0));
        assertReply("*2\r\n" + bulk(keys[1]) + "*1\r\n" + array("a", "1"), "ZMPOP", "3", keys[0], keys[1], keys[2],
                "MIN");
        assertReply("*2\r\n" + bulk(keys[1]) + "*2\r\n" + array("c", "3") + array("b", "2"),
                "ZMPOP", "3", keys[0], keys[1], keys[2], "max", "COUNT", "5");
        assertReply(integer(0), "EXISTS", keys[1]);
        KeyValue<String, List<Tuple>> popped = jedis.zmpop(SortedSetOption.MIN, keys);
        assertEquals(keys[2], popped.getKey());
        assertEquals(List.of(new Tuple("x", 10.0)), popped.getValue());
        assertReply("*-1\r\n", "ZMPOP", "3", keys[0], keys[1], keys[2], "MIN");
        assertNull(jedis.zmpop(SortedSetOption.MAX, keys[0]));
    }

    @Test
    void zmpopInResp3() {
        String k = fourMembers("k");
        call("HELLO", "3");
        assertReply("*2\r\n" + bulk(k) + pairs("a", "1", "b", "2"), "ZMPOP", "1", k, "MIN", "COUNT", "2");
        assertReply(NULL, "ZMPOP", "1", key("missing"), "MAX");
    }

    @Test
    void zmpopErrors() {
        String k = fourMembers("k");
        jedis.set(key("string"), "x");
        assertError("ERR numkeys should be greater than 0", "ZMPOP", "0", k, "MIN");
        assertError("ERR numkeys should be greater than 0", "ZMPOP", "-1", k, "MIN");
        assertError("ERR numkeys should be greater than 0", "ZMPOP", "x", k, "MIN");
        assertError(SYNTAX, "ZMPOP", "2", k, "MIN");
        assertError(SYNTAX, "ZMPOP", "1", k, "MIDDLE");
        assertError(SYNTAX, "ZMPOP", "1", k, "MIN", "COUNT");
        assertError(SYNTAX, "ZMPOP", "1", k, "MIN", "COUNT", "1", "COUNT", "1");
        assertError(SYNTAX, "ZMPOP", "1", k, "MIN", "FOO", "1");
        assertError("ERR count should be greater than 0", "ZMPOP", "1", k, "MIN", "COUNT", "0");
        assertError("ERR count should be greater than 0", "ZMPOP", "1", k, "MIN", "COUNT", "-2");
        assertError(WRONGTYPE, "ZMPOP", "2", key("string"), k, "MIN");
        assertReply("*2\r\n" + bulk(k) + "*1\r\n" + array("a", "1"), "ZMPOP", "2", k, key("string"), "MIN");
        assertError(arity("zmpop"), "ZMPOP", "1", k);
        assertReply(integer(3), "ZCARD", k);
    }
}
