package io.redactor.e2e.bitmaps;

import io.redactor.e2e.keys.PartitionKeys;
import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.args.BitOP;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bitmaps beyond the differential corpus: large bitmaps checked against a {@link BitSet}, keys in several partitions,
 * copies that do not share bytes, and the commands inside scripts and transactions.
 */
class BitmapCommandsTest extends CommandTestBase {

    @Test
    void aLargeBitmapCountsAndFindsLikeABitSet() {
        String k = key("large");
        int size = 10_000_000;
        BitSet expected = new BitSet(size);
        Random random = new Random(7);
        byte[] bytes = new byte[size / 8];
        random.nextBytes(bytes);
        for (int i = 0; i < 100_000; i++) {
            bytes[1_000_000 + i] = 0;
        }
        jedis.set(keyBytes("large"), bytes);
        for (int i = 0; i < size; i++) {
            if ((bytes[i >>> 3] & (0x80 >>> (i & 7))) != 0) {
                expected.set(i);
            }
        }
        assertEquals(expected.cardinality(), jedis.bitcount(k));
        assertEquals(expected.get(123_456, 7_654_322).cardinality(),
                Long.parseLong(call("BITCOUNT", k, "123456", "7654321", "BIT").trim().substring(1)));
        assertEquals(expected.get(8_000_000, 8_800_000).cardinality(),
                Long.parseLong(call("BITCOUNT", k, "1000000", "1099999").trim().substring(1)));
        assertEquals(expected.nextSetBit(8_000_003), Long.parseLong(call("BITPOS", k, "1", "8000003", "-1", "BIT")
                .trim().substring(1)));
        assertEquals(expected.nextClearBit(0), jedis.bitpos(k, false));
        for (int i = 0; i < 1000; i++) {
            int bit = random.nextInt(size);
            boolean value = random.nextBoolean();
            assertEquals(expected.get(bit), jedis.setbit(k, bit, value));
            expected.set(bit, value);
        }
        assertEquals(expected.cardinality(), jedis.bitcount(k));
        assertEquals(size / 8, jedis.strlen(k));
    }

    @Test
    void bitopReadsAndWritesKeysInEveryPartition() {
        List<String> keys = new ArrayList<>();
        Set<Integer> partitions = new HashSet<>();
        for (int i = 0; keys.size() < 4; i++) {
            if (partitions.add(PartitionKeys.partitionOf(key("src" + i)))) {
                keys.add(key("src" + i));
            }
        }
        String destination = PartitionKeys.elsewhere(key("dst"), keys.get(0));
        for (int i = 0; i < keys.size(); i++) {
            jedis.setbit(keys.get(i), i, true);
            jedis.setbit(keys.get(i), 100 + i * 8, true);
        }
        String[] sources = keys.toArray(new String[0]);
        assertEquals(16, jedis.bitop(BitOP.OR, destination, sources));
        assertEquals(8, jedis.bitcount(destination));
        assertEquals(16, jedis.bitop(BitOP.AND, destination, sources));
        assertEquals(0, jedis.bitcount(destination));
    }

    @Test
    void aCopyHasItsOwnBytes() {
        String k = key("k");
        String copy = PartitionKeys.elsewhere(key("copy"), k);
        jedis.setbit(k, 3, true);
        assertTrue(jedis.copy(k, copy, false));
        jedis.setbit(copy, 4, true);
        jedis.setbit(k, 5, true);
        assertArrayEquals(new byte[] {0x14}, jedis.get(keyBytes("k")));
        assertArrayEquals(new byte[] {0x18}, jedis.get(copy.getBytes()));
        assertNotEquals(jedis.get(k), jedis.get(copy));
    }

    @Test
    void scriptsAndTransactionsRunTheBitCommands() {
        String k = key("k");
        String script = "redis.call('setbit', KEYS[1], 9, 1) "
                + "return {redis.call('getbit', KEYS[1], 9), redis.call('bitcount', KEYS[1]), "
                + "redis.call('bitfield', KEYS[1], 'INCRBY', 'u4', 0, 3)[1], redis.call('bitpos', KEYS[1], 1)}";
        assertEquals(List.of(1L, 1L, 3L, 2L), jedis.eval(script, 1, k));
        jedis.del(k);
        assertEquals(List.of(1L, 1L, 3L, 2L), jedis.sendCommand(() -> "EVALASYNC".getBytes(), script, "1", k));
        jedis.del(k);
        Transaction multi = jedis.multi();
        multi.setbit(k, 1, true);
        multi.bitcount(k);
        multi.bitfieldReadonly(k, "GET", "u8", "0");
        assertEquals(List.of(false, 1L, List.of(64L)), multi.exec());
    }
}
