package io.redactor.e2e.server;

import io.redactor.e2e.keys.PartitionKeys;
import io.redactor.testing.SharedServerTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.args.FlushMode;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SELECT, SWAPDB, DBSIZE, FLUSHDB and FLUSHALL, with keys in every partition. */
class DatabaseCommandsTest extends SharedServerTest {
    @BeforeEach
    void startEmpty() {
        jedis.flushAll();
    }

    @Test
    void databasesAreIsolatedAndEachConnectionHasItsOwnSelection() {
        jedis.set("shared-name", "db0");
        assertEquals("+OK\r\n", raw.call("SELECT", "15"));
        assertEquals("$-1\r\n", raw.call("GET", "shared-name"));
        raw.call("SET", "shared-name", "db15");
        assertEquals("db0", jedis.get("shared-name"), "the other connection still uses db 0");
        jedis.select(15);
        assertEquals("db15", jedis.get("shared-name"));
        assertEquals(1, jedis.dbSize());
        jedis.del("shared-name");
        jedis.select(0);
        assertEquals("db0", jedis.get("shared-name"));
    }

    @Test
    void selectErrors() {
        assertEquals("-ERR DB index is out of range\r\n", raw.call("SELECT", "16"));
        assertEquals("-ERR DB index is out of range\r\n", raw.call("SELECT", "-1"));
        assertEquals("-ERR value is not an integer or out of range\r\n", raw.call("SELECT", "one"));
        assertEquals("-ERR value is out of range, value must between -2147483648 and 2147483647\r\n",
                raw.call("SELECT", "4294967296"));
        assertEquals("-ERR wrong number of arguments for 'select' command\r\n", raw.call("SELECT"));
        assertEquals("-ERR wrong number of arguments for 'select' command\r\n", raw.call("SELECT", "1", "2"));
    }

    @Test
    void dbsizeKeysAndFlushdbCoverEveryPartitionOfOneDatabase() {
        List<String> keys = PartitionKeys.spread("db:", 120);
        keys.forEach(key -> jedis.set(key, "v"));
        jedis.select(4);
        keys.subList(0, 30).forEach(key -> jedis.set(key, "v"));
        assertEquals(30, jedis.dbSize());
        jedis.select(0);
        assertEquals(120, jedis.dbSize());
        assertEquals(new HashSet<>(keys), jedis.keys("*"));

        assertEquals("OK", jedis.flushDB());
        assertEquals(0, jedis.dbSize());
        assertEquals(Set.of(), jedis.keys("*"));
        jedis.select(4);
        assertEquals(30, jedis.dbSize(), "FLUSHDB empties only the selected database");
        assertEquals("OK", jedis.flushDB(FlushMode.ASYNC));
        assertEquals(0, jedis.dbSize());
    }

    @Test
    void flushallEmptiesEveryDatabase() {
        for (int db : new int[] {0, 1, 15}) {
            jedis.select(db);
            PartitionKeys.spread("all:", 100).forEach(key -> jedis.set(key, "v"));
        }
        assertEquals("OK", jedis.flushAll(FlushMode.SYNC));
        for (int db : new int[] {0, 1, 15}) {
            jedis.select(db);
            assertEquals(0, jedis.dbSize());
        }
        jedis.set("again", "v");
        assertEquals("+OK\r\n", raw.call("FLUSHALL", "async"));
        assertFalse(jedis.exists("again"));
    }

    @Test
    void flushSyntaxErrors() {
        for (String command : List.of("FLUSHDB", "FLUSHALL")) {
            assertEquals("-ERR syntax error\r\n", raw.call(command, "LATER"));
            assertEquals("-ERR syntax error\r\n", raw.call(command, "SYNC", "ASYNC"));
            assertEquals("-ERR syntax error\r\n", raw.call(command, "ASYNC", "extra"));
        }
        jedis.set("kept", "v");
        raw.call("FLUSHALL", "nope");
        assertTrue(jedis.exists("kept"), "a rejected FLUSHALL flushes nothing");
        assertEquals("-ERR wrong number of arguments for 'dbsize' command\r\n", raw.call("DBSIZE", "x"));
    }

    @Test
    void swapdbExchangesWholeDatabasesForEveryConnection() {
        List<String> keys = PartitionKeys.spread("swap:", 100);
        keys.forEach(key -> jedis.set(key, "zero"));
        jedis.expire(keys.get(0), 1000);
        raw.call("SELECT", "2");
        raw.call("SET", "only-in-two", "two");

        assertEquals("OK", jedis.swapDB(0, 2));
        assertEquals(1, jedis.dbSize());
        assertEquals("two", jedis.get("only-in-two"));
        assertEquals(":100\r\n", raw.call("DBSIZE"), "the other connection, on db 2, sees the old db 0");
        assertEquals(":1000\r\n", raw.call("TTL", keys.get(0)));

        assertEquals("OK", jedis.swapDB(2, 0));
        assertEquals(100, jedis.dbSize());
        assertEquals("OK", jedis.swapDB(3, 3));
        assertEquals(100, jedis.dbSize());
    }

    @Test
    void swapdbErrors() {
        assertEquals("-ERR invalid first DB index\r\n", raw.call("SWAPDB", "a", "1"));
        assertEquals("-ERR invalid second DB index\r\n", raw.call("SWAPDB", "1", "b"));
        assertEquals("-ERR invalid first DB index\r\n", raw.call("SWAPDB", "99999999999", "1"));
        assertEquals("-ERR DB index is out of range\r\n", raw.call("SWAPDB", "0", "16"));
        assertEquals("-ERR DB index is out of range\r\n", raw.call("SWAPDB", "-1", "0"));
        assertEquals("-ERR wrong number of arguments for 'swapdb' command\r\n", raw.call("SWAPDB", "0"));
    }
}
