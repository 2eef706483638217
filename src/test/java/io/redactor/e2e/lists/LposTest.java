package io.redactor.e2e.lists;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.LPosParams;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** LPOS with RANK, COUNT and MAXLEN. */
class LposTest extends CommandTestBase {

    private String list() {
        String k = key("l");
        // indexes:     0    1    2    3    4    5    6
        jedis.rpush(k, "a", "b", "c", "a", "b", "c", "a");
        return k;
    }

    @Test
    void findsTheFirstMatchOrNull() {
        String k = list();
        assertEquals(1L, jedis.lpos(k, "b"));
        assertNull(jedis.lpos(k, "z"));
        assertNull(jedis.lpos(key("missing"), "a"));
    }

    @Test
    void rankSkipsMatchesFromEitherEnd() {
        String k = list();
        assertEquals(3L, jedis.lpos(k, "a", LPosParams.lPosParams().rank(2)));
        assertEquals(6L, jedis.lpos(k, "a", LPosParams.lPosParams().rank(-1)));
        assertEquals(0L, jedis.lpos(k, "a", LPosParams.lPosParams().rank(-3)));
        assertNull(jedis.lpos(k, "a", LPosParams.lPosParams().rank(4)));
    }

    @Test
    void countListsMatchesAndZeroMeansAll() {
        String k = list();
        assertEquals(List.of(0L, 3L, 6L), jedis.lpos(k, "a", LPosParams.lPosParams(), 0));
        assertEquals(List.of(0L, 3L), jedis.lpos(k, "a", LPosParams.lPosParams(), 2));
        assertEquals(List.of(6L, 3L), jedis.lpos(k, "a", LPosParams.lPosParams().rank(-1), 2));
        assertEquals(List.of(3L, 6L), jedis.lpos(k, "a", LPosParams.lPosParams().rank(2), 0));
        assertEquals(List.of(), jedis.lpos(k, "z", LPosParams.lPosParams(), 0));
        assertEquals(List.of(), jedis.lpos(key("missing"), "z", LPosParams.lPosParams(), 1));
    }

    @Test
    void maxlenBoundsTheScan() {
        String k = list();
        assertEquals(List.of(0L, 3L), jedis.lpos(k, "a", LPosParams.lPosParams().maxlen(6), 0));
        assertNull(jedis.lpos(k, "c", LPosParams.lPosParams().maxlen(2)));
        assertEquals(List.of(6L), jedis.lpos(k, "a", LPosParams.lPosParams().rank(-1).maxlen(3), 0));
    }

    @Test
    void errorsComeBeforeTheLookup() {
        String k = key("missing");
        assertError("ERR RANK can't be zero: use 1 to start from the first match, 2 from the second ... or use "
                + "negative to start from the end of the list", "LPOS", k, "a", "RANK", "0");
        assertError("ERR COUNT can't be negative", "LPOS", k, "a", "COUNT", "-1");
        assertError("ERR COUNT can't be negative", "LPOS", k, "a", "COUNT", "x");
        assertError("ERR MAXLEN can't be negative", "LPOS", k, "a", "MAXLEN", "-1");
        assertError(NOT_INTEGER, "LPOS", k, "a", "RANK", "x");
        assertError(SYNTAX, "LPOS", k, "a", "RANK");
        assertError(SYNTAX, "LPOS", k, "a", "FOO", "1");
        jedis.set(key("s"), "v");
        assertError(WRONGTYPE, "LPOS", key("s"), "a");
        assertError(arity("lpos"), "LPOS", key("s"));
    }

    @Test
    void rankOfLongMinBehavesAsInRedis() {
        String k = list();
        // Redis negates the rank without guarding the overflow: every match from the tail qualifies.
        assertReply(integer(6), "LPOS", k, "a", "RANK", "-9223372036854775808");
        assertReply("*3\r\n:6\r\n:3\r\n:0\r\n", "LPOS", k, "a", "RANK", "-9223372036854775808", "COUNT", "2");
    }
}
