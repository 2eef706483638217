package io.redactor.e2e.lists;

import io.redactor.testing.CommandTestBase;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.args.ListDirection;
import redis.clients.jedis.args.ListPosition;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Binary and large elements, long lists, OBJECT ENCODING, and the keyspace commands on lists. */
class ListValuesTest extends CommandTestBase {

    @Test
    void everyByteValueSurvives() {
        byte[] k = keyBytes("bin");
        List<byte[]> elements = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            elements.add(new byte[] {(byte) b, 'x', (byte) b});
        }
        elements.add(new byte[0]);
        jedis.rpush(k, elements.toArray(byte[][]::new));
        List<byte[]> back = jedis.lrange(k, 0, -1);
        assertEquals(elements.size(), back.size());
        for (int i = 0; i < elements.size(); i++) {
            assertArrayEquals(elements.get(i), back.get(i));
        }
        assertEquals(7L, jedis.lpos(k, new byte[] {7, 'x', 7}));
        assertEquals(1, jedis.lrem(k, 0, new byte[] {0, 'x', 0}));
        assertArrayEquals(new byte[] {(byte) 255, 'x', (byte) 255}, jedis.lindex(k, -2));
    }

    @Test
    void largeElementsOfEverySize() {
        byte[] k = keyBytes("big");
        int[] sizes = {127, 128, 16_383, 16_384, 8191, 8192, 8193, 100_000, 2_000_000};
        for (int size : sizes) {
            byte[] element = new byte[size];
            Arrays.fill(element, (byte) (size % 251));
            jedis.rpush(k, element);
            jedis.lpush(k, element);
        }
        // the tail holds the right pushes, newest last; under them the left pushes, oldest last
        for (int i = sizes.length - 1; i >= 0; i--) {
            assertEquals(sizes[i], jedis.rpop(k).length);
        }
        for (int size : sizes) {
            byte[] element = jedis.rpop(k);
            assertEquals(size, element.length);
            assertEquals((byte) (size % 251), element[element.length - 1]);
        }
        assertFalse(jedis.exists(k));
    }

    @Test
    void longListsKeepOrderAcrossPages() {
        String k = key("long");
        String[] batch = new String[1000];
        for (int round = 0; round < 100; round++) {
            for (int i = 0; i < batch.length; i++) {
                batch[i] = Integer.toString(round * batch.length + i);
            }
            jedis.rpush(k, batch);
        }
        assertEquals(100_000, jedis.llen(k));
        assertEquals("54321", jedis.lindex(k, 54_321));
        assertEquals("99999", jedis.lindex(k, -1));
        assertEquals(List.of("49998", "49999", "50000", "50001"), jedis.lrange(k, 49_998, 50_001));
        assertEquals(100_001, jedis.linsert(k, ListPosition.AFTER, "50000", "inserted"));
        assertEquals("inserted", jedis.lindex(k, 50_001));
        assertEquals(1, jedis.lrem(k, 0, "inserted"));
        assertEquals("OK", jedis.lset(k, 70_000, "set"));
        assertEquals(List.of("69999", "set", "70001"), jedis.lrange(k, 69_999, 70_001));
        assertEquals(70_000L, jedis.lpos(k, "set"));
        assertEquals("OK", jedis.ltrim(k, 10_000, -10_001));
        assertEquals(80_000, jedis.llen(k));
        assertEquals("10000", jedis.lpop(k));
        assertEquals("89999", jedis.rpop(k));
    }

    @Test
    void encodingIsAlwaysQuicklistInRedis70() {
        String k = key("l");
        jedis.rpush(k, "a");
        assertEquals("quicklist", jedis.objectEncoding(k));
        for (int i = 0; i < 1000; i++) {
            jedis.rpush(k, "element-" + i);
        }
        assertEquals("quicklist", jedis.objectEncoding(k));
        jedis.ltrim(k, 0, 0);
        assertEquals("quicklist", jedis.objectEncoding(k));
        jedis.lmove(k, key("moved"), ListDirection.LEFT,
                ListDirection.LEFT);
        assertEquals("quicklist", jedis.objectEncoding(key("moved")));
        jedis.rpush(key("huge"), "x".repeat(100_000));
        assertEquals("quicklist", jedis.objectEncoding(key("huge")));
    }

    @Test
    void keyspaceCommandsHandleLists() {
        String k = key("l");
        jedis.rpush(k, "a", "b");
        assertEquals("list", jedis.type(k));
        assertEquals(true, jedis.copy(k, key("copy"), false));
        jedis.rpush(key("copy"), "c");
        assertEquals(List.of("a", "b"), jedis.lrange(k, 0, -1));
        assertEquals(List.of("a", "b", "c"), jedis.lrange(key("copy"), 0, -1));
        assertEquals("OK", jedis.rename(key("copy"), key("renamed")));
        assertEquals(3, jedis.llen(key("renamed")));
        assertEquals(List.of(k), scanLists(k));
        assertError(WRONGTYPE, "GET", k);
        assertError(WRONGTYPE, "APPEND", k, "x");
        assertError(WRONGTYPE, "INCR", k);
        assertError(WRONGTYPE, "STRLEN", k);
        assertEquals("OK", jedis.set(k, "now a string"));
        assertEquals("string", jedis.type(k));
    }

    private List<String> scanLists(String pattern) {
        List<String> found = new ArrayList<>();
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = jedis.scan(cursor, new ScanParams().match(pattern).count(100), "list");
            found.addAll(page.getResult());
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        return found;
    }
}
