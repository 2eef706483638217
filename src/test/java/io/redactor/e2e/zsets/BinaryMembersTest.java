package io.redactor.e2e.zsets;

import org.junit.jupiter.api.Test;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.resps.Tuple;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Members are any bytes: all 256 byte values, CR LF and NUL inside, the empty member, long members. */
class BinaryMembersTest extends SortedSetTestBase {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The 256 one-byte members, all scoring 0: ordered by unsigned byte value. */
    private byte[] everyByte() {
        byte[] k = keyBytes("bytes");
        Map<byte[], Double> members = new HashMap<>();
        for (int b = 0; b < 256; b++) {
            members.put(new byte[] {(byte) b}, 0.0);
        }
        assertEquals(256, jedis.zadd(k, members));
        return k;
    }

    @Test
    void everyByteValueIsAMemberInUnsignedOrder() {
        byte[] k = everyByte();
        List<byte[]> all = jedis.zrange(k, 0, -1);
        assertEquals(256, all.size());
        for (int b = 0; b < 256; b++) {
            assertArrayEquals(new byte[] {(byte) b}, all.get(b), "rank " + b);
            assertEquals(b, jedis.zrank(k, new byte[] {(byte) b}));
            assertEquals(0.0, jedis.zscore(k, new byte[] {(byte) b}));
        }
        assertEquals(128, jedis.zrangeByLex(k, new byte[] {'[', (byte) 0x80}, bytes("+")).size());
        assertEquals(1, jedis.zlexcount(k, new byte[] {'[', 0}, new byte[] {'(', 1}));
        assertEquals(2, jedis.zlexcount(k, new byte[] {'(', '\r'}, new byte[] {'[', 15}));
        assertArrayEquals(new byte[] {(byte) 0xff}, jedis.zrevrange(k, 0, 0).get(0));
    }

    @Test
    void everyByteValueSurvivesScanPopAndRemove() {
        byte[] k = everyByte();
        TreeSet<Integer> scanned = new TreeSet<>();
        byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
        do {
            ScanResult<Tuple> page = jedis.zscan(k, cursor, new ScanParams().count(50));
            for (Tuple t : page.getResult()) {
                assertEquals(1, t.getBinaryElement().length);
                assertTrue(scanned.add(t.getBinaryElement()[0] & 0xff));
            }
            cursor = page.getCursorAsBytes();
        } while (!Arrays.equals(cursor, ScanParams.SCAN_POINTER_START_BINARY));
        assertEquals(256, scanned.size());
        assertArrayEquals(new byte[] {0}, jedis.zpopmin(k).getBinaryElement());
        assertArrayEquals(new byte[] {(byte) 0xff}, jedis.zpopmax(k).getBinaryElement());
        byte[][] rest = new byte[254][];
        for (int b = 1; b < 255; b++) {
            rest[b - 1] = new byte[] {(byte) b};
        }
        assertEquals(254, jedis.zrem(k, rest));
        assertEquals(false, jedis.exists(k));
    }

    @Test
    void membersWithProtocolBytesAndTheEmptyMember() {
        byte[] k = keyBytes("k");
        byte[] crlf = bytes("a\r\nb");
        byte[] nul = bytes("\u0000\u0000");
        byte[] empty = new byte[0];
        byte[] high = bytes("\u00ff\u00fe\u0080");
        jedis.zadd(k, 1, crlf);
        jedis.zadd(k, 2, nul);
        jedis.zadd(k, 3, empty);
        jedis.zadd(k, 3, high);
        List<Tuple> all = jedis.zrangeWithScores(k, 0, -1);
        assertArrayEquals(crlf, all.get(0).getBinaryElement());
        assertArrayEquals(nul, all.get(1).getBinaryElement());
        assertArrayEquals(empty, all.get(2).getBinaryElement());
        assertArrayEquals(high, all.get(3).getBinaryElement());
        assertEquals(3.0, jedis.zscore(k, empty));
        assertEquals(2, jedis.zrank(k, empty));
        assertReply("*8\r\n$4\r\na\r\nb\r\n$1\r\n1\r\n$2\r\n\0\0\r\n$1\r\n2\r\n$0\r\n\r\n$1\r\n3\r\n"
                + "$3\r\n\u00ff\u00fe\u0080\r\n$1\r\n3\r\n", "ZRANGE", key("k"), "0", "-1", "WITHSCORES");
        assertEquals(1, jedis.zrem(k, empty));
        assertEquals(3, jedis.zcard(k));
    }

    @Test
    void longMembersWithEveryByte() {
        byte[] k = keyBytes("k");
        byte[] longMember = new byte[100_000];
        for (int i = 0; i < longMember.length; i++) {
            longMember[i] = (byte) (i * 31 + i / 256);
        }
        byte[] prefix = Arrays.copyOf(longMember, 99_999);
        jedis.zadd(k, 5, longMember);
        jedis.zadd(k, 5, prefix);
        assertReply(bulk("skiplist"), "OBJECT", "ENCODING", key("k"));
        List<byte[]> all = jedis.zrange(k, 0, -1);
        assertArrayEquals(prefix, all.get(0), "a prefix sorts first");
        assertArrayEquals(longMember, all.get(1));
        assertEquals(5.0, jedis.zscore(k, longMember));
        assertArrayEquals(longMember, jedis.zpopmax(k).getBinaryElement());
    }

    @Test
    void binaryMembersCrossPartitionsUnchanged() {
        String[] keys = keysInDifferentPartitions("bin", 3);
        byte[] src = bytes(keys[0]);
        List<byte[]> members = new ArrayList<>();
        for (int b = 0; b < 256; b += 5) {
            byte[] m = {(byte) b, '\r', '\n', (byte) (255 - b)};
            members.add(m);
            jedis.zadd(src, b, m);
        }
        assertEquals(members.size(), jedis.zunionstore(bytes(keys[1]), src));
        assertEquals(members.size(), jedis.zrangestore(bytes(keys[2]), src,
                redis.clients.jedis.params.ZRangeParams.zrangeParams(0, -1)));
        for (String copy : List.of(keys[1], keys[2])) {
            List<byte[]> stored = jedis.zrange(bytes(copy), 0, -1);
            assertEquals(members.size(), stored.size());
            for (int i = 0; i < stored.size(); i++) {
                assertArrayEquals(members.get(i), stored.get(i));
            }
        }
    }
}
