package io.redactor.e2e.strings;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import redis.clients.jedis.params.SetParams;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which string commands keep a key's time to live and which clear it, and that expiry really happens. */
class StringTtlTest extends CommandTestBase {
    private static final long EXPIRE_AT = 4_102_444_800_000L;

    /** {0}: the command with K for the key; {1}: whether the key keeps its expiry time afterwards. */
    @ParameterizedTest(name = "{0} keeps TTL: {1}")
    @CsvSource(delimiter = '|', value = {
            "INCR K|true", "DECR K|true", "INCRBY K 5|true", "DECRBY K 5|true", "INCRBYFLOAT K 1.5|true",
            "APPEND K x|true", "APPEND K ''|true", "SETRANGE K 0 x|true", "SETRANGE K 100 x|true",
            "GET K|true", "GETRANGE K 0 -1|true", "STRLEN K|true", "GETEX K|true", "LCS K K|true",
            "SETNX K 1|true", "MSETNX K 1|true", "SET K 1 NX|true", "SET K 1 KEEPTTL|true",
            "SET K 1 XX KEEPTTL GET|true", "SET K 1 NX GET|true",
            "SET K 1|false", "SET K 1 XX|false", "SET K 1 GET|false", "GETSET K 1|false", "MSET K 1|false",
            "GETEX K PERSIST|false"})
    void timeToLive(String command, boolean keeps) {
        String k = key("k");
        jedis.set(k, "10", SetParams.setParams().pxAt(EXPIRE_AT));
        String[] args = command.split(" ");
        for (int i = 0; i < args.length; i++) {
            args[i] = args[i].equals("K") ? k : args[i].equals("''") ? "" : args[i];
        }
        String reply = call(args);
        assertFalse(reply.startsWith("-"), reply);
        assertTrue(jedis.exists(k));
        assertEquals(keeps ? EXPIRE_AT : -1, jedis.pexpireTime(k), command);
    }

    @Test
    void setexPsetexAndSetWithExpiryReplaceTheTimeToLive() {
        String k = key("k");
        jedis.set(k, "v", SetParams.setParams().pxAt(EXPIRE_AT));
        jedis.setex(k, 100, "w");
        SetCommandsTest.assertBetween(99_000, 100_000, jedis.pttl(k));
        jedis.set(k, "v", SetParams.setParams().pxAt(EXPIRE_AT));
        jedis.set(k, "v", SetParams.setParams().xx().px(5000));
        SetCommandsTest.assertBetween(4000, 5000, jedis.pttl(k));
    }

    @Test
    void exOneReallyExpires() throws InterruptedException {
        String k = key("k");
        long start = System.nanoTime();
        jedis.set(k, "v", SetParams.setParams().ex(1));
        assertEquals("v", jedis.get(k));
        while (jedis.exists(k)) {
            assertTrue(System.nanoTime() - start < 3_000_000_000L, "the key should be gone after one second");
            Thread.sleep(20);
        }
        assertTrue(System.nanoTime() - start >= 990_000_000L, "the key disappeared too early");
        assertNull(jedis.get(k));
        assertEquals(-2, jedis.ttl(k));
    }

    @Test
    void expiredKeysLookMissingToEveryStringCommand() throws InterruptedException {
        String[] keys = new String[12];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = key("k" + i);
            jedis.set(keys[i], "41", SetParams.setParams().px(50));
        }
        Thread.sleep(120);
        assertNull(jedis.get(keys[0]));
        assertEquals(1, jedis.incr(keys[1]));
        assertEquals(1, jedis.append(keys[2], "x"));
        assertEquals(0, jedis.strlen(keys[3]));
        assertEquals("", jedis.getrange(keys[4], 0, -1));
        assertEquals(1, jedis.setnx(keys[5], "new"));
        assertNull(jedis.getDel(keys[6]));
        assertNull(jedis.getSet(keys[7], "new"));
        assertNull(jedis.set(keys[8], "new", SetParams.setParams().xx()));
        assertEquals(Arrays.asList(null, null), jedis.mget(keys[9], keys[10]));
        assertEquals(1, jedis.msetnx(keys[9], "a", keys[10], "b"));
        assertReply(bulk("1.5"), "INCRBYFLOAT", keys[11], "1.5");
        assertEquals(-1, jedis.ttl(keys[1]));
        assertEquals(-1, jedis.ttl(keys[2]));
    }

    @Test
    void getexPersistKeepsTheKeyAlive() throws InterruptedException {
        String k = key("k");
        jedis.set(k, "v", SetParams.setParams().px(100));
        assertReply(bulk("v"), "GETEX", k, "PERSIST");
        Thread.sleep(150);
        assertEquals("v", jedis.get(k));
        assertEquals(-1, jedis.ttl(k));
    }

    @Test
    void getexPxShortensTheLife() throws InterruptedException {
        String k = key("k");
        jedis.set(k, "v");
        assertReply(bulk("v"), "GETEX", k, "PX", "50");
        Thread.sleep(120);
        assertFalse(jedis.exists(k));
    }

    @Test
    void psetexAndSetPxExpire() throws InterruptedException {
        jedis.psetex(key("a"), 50, "v");
        jedis.set(key("b"), "v", SetParams.setParams().px(50));
        jedis.set(key("c"), "v", SetParams.setParams().pxAt(System.currentTimeMillis() + 50));
        Thread.sleep(120);
        assertFalse(jedis.exists(key("a")));
        assertFalse(jedis.exists(key("b")));
        assertFalse(jedis.exists(key("c")));
    }
}
