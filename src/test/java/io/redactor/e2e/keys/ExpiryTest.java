package io.redactor.e2e.keys;

import io.redactor.testing.Eventually;
import io.redactor.testing.InfoFields;
import io.redactor.testing.SharedServerTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.args.ExpiryOption;
import redis.clients.jedis.params.SetParams;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** EXPIRE and friends, TTL and friends, PERSIST, and both ways keys expire: on access and by themselves. */
class ExpiryTest extends SharedServerTest {
    private static final long YEAR_2100 = 4_102_444_800L;

    @BeforeEach
    void startEmpty() {
        jedis.flushAll();
    }

    @Test
    void timeToLiveOfMissingPersistentAndVolatileKeys() {
        jedis.set("forever", "v");
        jedis.set("volatile", "v");
        assertEquals(1, jedis.expire("volatile", 1000));
        assertEquals(-2, jedis.ttl("missing"));
        assertEquals(-2, jedis.pttl("missing"));
        assertEquals(-2, jedis.expireTime("missing"));
        assertEquals(-2, jedis.pexpireTime("missing"));
        assertEquals(-1, jedis.ttl("forever"));
        assertEquals(-1, jedis.pttl("forever"));
        assertEquals(-1, jedis.expireTime("forever"));
        assertEquals(-1, jedis.pexpireTime("forever"));
        assertEquals(1000, jedis.ttl("volatile"));
        long pttl = jedis.pttl("volatile");
        assertTrue(pttl > 990_000 && pttl <= 1_000_000, "pttl " + pttl);
        long at = jedis.pexpireTime("volatile");
        long now = System.currentTimeMillis();
        assertTrue(Math.abs(at - (now + 1_000_000)) < 10_000, "pexpiretime " + at + " now " + now);
    }

    @Test
    void absoluteExpiryIsReportedAsSetAndSecondsRoundToNearest() {
        jedis.set("k", "v");
        assertEquals(1, jedis.pexpireAt("k", YEAR_2100 * 1000 + 499));
        assertEquals(YEAR_2100, jedis.expireTime("k"));
        assertEquals(YEAR_2100 * 1000 + 499, jedis.pexpireTime("k"));
        assertEquals(1, jedis.pexpireAt("k", YEAR_2100 * 1000 + 500));
        assertEquals(YEAR_2100 + 1, jedis.expireTime("k"));
        assertEquals(1, jedis.expireAt("k", YEAR_2100));
        assertEquals(YEAR_2100 * 1000, jedis.pexpireTime("k"));
    }

    @Test
    void nxXxGtLtDecideWhetherTheExpiryChanges() {
        jedis.set("k", "v");
        assertEquals(0, jedis.expire("k", 1000, ExpiryOption.XX));
        assertEquals(0, jedis.expire("k", 1000, ExpiryOption.GT), "no expiry counts as infinite for GT");
        assertEquals(1, jedis.expire("k", 1000, ExpiryOption.LT), "no expiry counts as infinite for LT");
        assertEquals(0, jedis.expire("k", 2000, ExpiryOption.NX));
        assertEquals(1, jedis.expire("k", 2000, ExpiryOption.XX));
        assertEquals(0, jedis.expire("k", 1500, ExpiryOption.GT));
        assertEquals(1, jedis.expire("k", 1500, ExpiryOption.LT));
        assertEquals(0, jedis.expire("k", 1800, ExpiryOption.LT));
        assertEquals(1, jedis.expire("k", 1800, ExpiryOption.GT));
        assertEquals(1800, jedis.ttl("k"));
        assertEquals(":1\r\n", raw.call("EXPIRE", "k", "3000", "xx", "gt"));
        assertEquals(3000, jedis.ttl("k"));
        assertEquals(1, jedis.persist("k"));
        assertEquals(1, jedis.expire("k", 100, ExpiryOption.NX));
        assertEquals(0, jedis.expire("missing", 100, ExpiryOption.NX));
    }

    @Test
    void conflictingOrUnknownOptionsAreErrorsEvenForMissingKeys() {
        String nxConflict = "-ERR NX and XX, GT or LT options at the same time are not compatible\r\n";
        String gtLt = "-ERR GT and LT options at the same time are not compatible\r\n";
        for (String command : List.of("EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT")) {
            assertEquals(nxConflict, raw.call(command, "missing", "10", "NX", "XX"));
            assertEquals(nxConflict, raw.call(command, "missing", "10", "nx", "gt"));
            assertEquals(nxConflict, raw.call(command, "missing", "10", "lt", "nx"));
            assertEquals(gtLt, raw.call(command, "missing", "10", "gt", "lt"));
            assertEquals("-ERR Unsupported option maybe\r\n", raw.call(command, "missing", "10", "maybe"));
            assertEquals("-ERR value is not an integer or out of range\r\n", raw.call(command, "missing", "ten"));
            assertEquals("-ERR wrong number of arguments for '" + command.toLowerCase() + "' command\r\n",
                    raw.call(command, "missing"));
        }
    }

    @Test
    void expiryTimesThatOverflowAreRejectedAndTheKeyKept() {
        jedis.set("k", "v");
        assertEquals("-ERR invalid expire time in 'expire' command\r\n",
                raw.call("EXPIRE", "k", "9223372036854775807"));
        assertEquals("-ERR invalid expire time in 'expire' command\r\n",
                raw.call("EXPIRE", "k", "-9223372036854775808"));
        assertEquals("-ERR invalid expire time in 'pexpire' command\r\n",
                raw.call("PEXPIRE", "k", "9223372036854775807"));
        assertEquals("-ERR invalid expire time in 'expireat' command\r\n",
                raw.call("EXPIREAT", "k", "9223372036854775807"));
        assertEquals(-1, jedis.ttl("k"));
        assertEquals("-ERR value is not an integer or out of range\r\n",
                raw.call("EXPIRE", "k", "9223372036854775808"));
    }

    @Test
    void anExpiryInThePastDeletesTheKeyAtOnce() {
        for (String[] command : new String[][] {{"EXPIRE", "0"}, {"EXPIRE", "-10"}, {"PEXPIRE", "0"},
                {"EXPIREAT", "1"}, {"PEXPIREAT", "0"}}) {
            jedis.set("k", "v");
            assertEquals(":1\r\n", raw.call(command[0], "k", command[1]), String.join(" ", command));
            assertFalse(jedis.exists("k"), String.join(" ", command));
        }
        jedis.set("k", "v");
        assertEquals(0, jedis.expire("k", -1, ExpiryOption.GT), "GT with a past time against no expiry");
        assertTrue(jedis.exists("k"));
    }

    @Test
    void persistAndWritesThatDropOrKeepTheTimeToLive() {
        jedis.set("k", "v");
        assertEquals(0, jedis.persist("k"));
        assertEquals(0, jedis.persist("missing"));
        jedis.expire("k", 1000);
        assertEquals(1, jedis.persist("k"));
        assertEquals(-1, jedis.ttl("k"));

        jedis.setex("k", 1000, "v");
        jedis.set("k", "w");
        assertEquals(-1, jedis.ttl("k"), "SET drops the TTL");
        jedis.setex("k", 1000, "v");
        jedis.set("k", "w", SetParams.setParams().keepTtl());
        assertEquals(1000, jedis.ttl("k"), "SET KEEPTTL keeps it");
        jedis.append("k", "x");
        assertEquals(1000, jedis.ttl("k"), "APPEND keeps it");
    }

    @Test
    void anExpiredKeyIsGoneForEveryCommandThatLooksAtIt() throws InterruptedException {
        for (String key : List.of("a", "b", "c", "d", "e", "f")) {
            jedis.set(key, "v");
            jedis.pexpire(key, 30);
        }
        Thread.sleep(60);
        assertNull(jedis.get("a"));
        assertFalse(jedis.exists("b"));
        assertEquals(-2, jedis.ttl("c"));
        assertEquals("none", jedis.type("d"));
        assertEquals(0, jedis.persist("e"));
        assertEquals(0, jedis.expire("f", 100));
    }

    @Test
    void volatileKeysDisappearWithoutBeingTouched() {
        List<String> keys = PartitionKeys.spread("active:", 200);
        jedis.set("stays", "v");
        // Pipelined, so that all are stored well before the first one is due.
        try (var pipeline = jedis.pipelined()) {
            for (String key : keys) {
                pipeline.psetex(key, 300, "v");
            }
        }
        assertEquals(201, jedis.dbSize());
        assertTrue(jedis.info("keyspace").contains("db0:keys=201,expires=200,"), jedis.info("keyspace"));
        long expiredBefore = InfoFields.number(jedis.info("stats"), "expired_keys");

        Eventually.assertValue(1, jedis::dbSize, "DBSIZE after the active expiry cycle");
        assertTrue(jedis.info("keyspace").contains("db0:keys=1,expires=0,"), jedis.info("keyspace"));
        assertTrue(InfoFields.number(jedis.info("stats"), "expired_keys") >= expiredBefore + 200);
    }
}
