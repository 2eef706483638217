package io.redactor.core.rdb;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static io.redactor.core.rdb.RdbFixtures.HEX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Streams (type 19) read from Redis 7.0.15's DUMP payloads and written back to the same bytes, and the stream
 * layouts Redis's deep validation refuses.
 */
class RdbStreamTest {
    /** XADD s1 1-1 f v */
    private static final String ONE_ENTRY = "130110000000000000000100000000000000011d1d0000000a000101000101018166020001"
            + "0201000100018176020401ff0101010101000001000a00ff55ab626ac035db";
    /** XADD s2 1-1 a 1 b 2; XADD s2 1-2 a 3 b 4; XADD s2 2-0 c hello; XDEL s2 1-2 (LZF-compressed listpack) */
    private static final String DELETED = "13011000000000000000010000000000000001c33d40421242000000190002010101020181"
            + "610281620200200900002001401102050103600902030104200b401301dfff202b0c8163028568656c6c6f060601ff02020001"
            + "01010203000a006255a032db1286b4";
    /**
     * XADD s3 5-0 x y; XGROUP CREATE s3 g1 0; XGROUP CREATE s3 g2 $ ENTRIESREAD 1; XREADGROUP GROUP g1 alice
     * STREAMS s3 >; XGROUP CREATECONSUMER s3 g1 bob; XCLAIM s3 g1 alice 0 5-0 TIME 1700000000000 RETRYCOUNT 3
     */
    private static final String GROUPS = "130110000000000000000500000000000000001d1d0000000a00010100010101817802000102"
            + "01000100018179020401ff01050005000000010202673105000101000000000000000500000000000000000068e5cf8b01000003"
            + "0205616c696365caabc026a2010000010000000000000005000000000000000003626f62c8abc026a20100000002673205000100"
            + "000a007b69a40f0c05509e";
    /** XADD s4 1-1 f v; XDEL s4 1-1: a stream without entries, which is a value (other empty collections are not) */
    private static final String EMPTY = "13000001010000010101000a00cda16212d34bf396";

    @Test
    void redisPayloadsReadAndWriteBackToTheSameBytes() throws RdbReadException {
        for (String hex : List.of(ONE_ENTRY, DELETED, GROUPS, EMPTY)) {
            byte[] payload = HEX.parseHex(hex);
            RdbStream stream = assertInstanceOf(RdbStream.class, RdbFixtures.readDump(payload));
            byte[] written = DumpPayload.seal(new RdbValueWriter().write(new RdbWriter(), stream));
            assertEquals(hex, HEX.formatHex(written));
        }
    }

    @Test
    void groupsConsumersAndPendingEntriesAreRead() throws RdbReadException {
        RdbStream stream = (RdbStream) RdbFixtures.readDump(HEX.parseHex(GROUPS));
        assertEquals(1, stream.length());
        assertEquals(new RdbStream.Id(5, 0), stream.last());
        assertEquals(2, stream.groups().size());
        RdbStream.Group g1 = stream.groups().get(0);
        assertEquals("g1", new String(g1.name()));
        assertEquals(new RdbStream.Id(5, 0), g1.lastDelivered());
        assertEquals(1, g1.entriesRead());
        assertEquals(List.of(new RdbStream.Pending(new RdbStream.Id(5, 0), 1700000000000L, 3)), g1.pending());
        assertEquals(List.of("alice", "bob"), g1.consumers().stream().map(c -> new String(c.name())).toList());
        assertEquals(List.of(new RdbStream.Id(5, 0)), g1.consumers().get(0).pending());
        assertTrue(g1.consumers().get(1).pending().isEmpty());
        RdbStream empty = (RdbStream) RdbFixtures.readDump(HEX.parseHex(EMPTY));
        assertEquals(0, empty.length());
        assertTrue(empty.nodes().isEmpty());
        assertEquals(new RdbStream.Id(1, 1), empty.maxDeleted());
    }

    @Test
    void aReadCounterOfMinusOneIsAllOnesIn64Bits() throws RdbReadException {
        RdbStream stream = new RdbStream(List.of(), 0, RdbStream.Id.ZERO, RdbStream.Id.ZERO, RdbStream.Id.ZERO, 0,
                List.of(new RdbStream.Group("g".getBytes(), new RdbStream.Id(-1L, -1L), -1, List.of(), List.of())),
                false);
        byte[] body = new RdbValueWriter().write(new RdbWriter(), stream).toByteArray();
        assertEquals("13" + "00" + "00" + "0000" + "0000" + "0000" + "00" + "01" + "0167"
                + "81ffffffffffffffff81ffffffffffffffff81ffffffffffffffff" + "00" + "00",
                HEX.formatHex(body));
        RdbStream read = assertInstanceOf(RdbStream.class, RdbValueReader.read(new RdbReader(body)));
        assertEquals(-1, read.groups().get(0).entriesRead());
        assertEquals(new RdbStream.Id(-1L, -1L), read.groups().get(0).lastDelivered());
    }

    @Test
    void theOlderTypeIsReadWithItsMetadataToDerive() throws RdbReadException {
        // type 15 has no first ID, deleted ID, entries added, nor read counters: the same value without them
        byte[] v2 = RdbFixtures.body(HEX.parseHex(ONE_ENTRY));
        // (the first ID, deleted ID and entries added are the 5 bytes before the group count)
        byte[] v1 = Arrays.copyOf(v2, v2.length - 5);
        v1[v1.length - 1] = 0;
        v1[0] = 15;
        RdbStream read = assertInstanceOf(RdbStream.class, RdbValueReader.read(new RdbReader(v1)));
        assertTrue(read.legacy());
        assertEquals(1, read.length());
        assertFalse(((RdbStream) RdbValueReader.read(new RdbReader(v2))).legacy());
    }

    @Test
    void malformedStreamsAreBadData() {
        byte[] good = RdbFixtures.body(HEX.parseHex(ONE_ENTRY));
        // the node key is 16 bytes at offset 3 (after the type, node count and its length byte)
        byte[] shortKey = good.clone();
        shortKey[2] = 15;
        assertBad(shortKey);
        // the entry's element count (the byte before the listpack's end byte) must be right: 4 for f v
        byte[] badCount = good.clone();
        int end = indexOfListpackEnd(badCount);
        badCount[end - 2] = 5;
        assertBad(badCount);
        // flags saying "same fields" followed by the fields: too many elements
        byte[] truncated = Arrays.copyOf(good, good.length - 3);
        assertBad(truncated);
        // entries but no node
        byte[] noNode = HEX.parseHex("13" + "00" + "01" + "0101" + "0101" + "0000" + "01" + "00");
        assertBad(noNode);
        // two groups with one name
        byte[] twoGroups = HEX.parseHex("13000001010000010101" + "02" + "0167" + "0000" + "00" + "00" + "00"
                + "0167" + "0000" + "00" + "00" + "00");
        assertBad(twoGroups);
        // a pending entry no consumer has
        byte[] unowned = HEX.parseHex("13000001010000010101" + "01" + "0167" + "0000" + "00"
                + "01" + "00000000000000010000000000000001" + "0000000000000000" + "01" + "00");
        assertBad(unowned);
    }

    private static int indexOfListpackEnd(byte[] body) {
        // the only listpack starts at offset 20 (type, count, key length, 16 key bytes, its length byte)
        int total = (body[20] & 0xff) | (body[21] & 0xff) << 8;
        return 20 + total - 1;
    }

    private static void assertBad(byte[] body) {
        assertThrows(RdbBadDataException.class, () -> RdbValueReader.read(new RdbReader(body)),
                HEX.formatHex(body));
    }

    @Test
    void writtenListpackBytesAreTheNodeBytes() throws RdbReadException {
        RdbStream stream = (RdbStream) RdbFixtures.readDump(HEX.parseHex(ONE_ENTRY));
        byte[] lp = stream.nodes().get(0).listpack();
        assertEquals(0x1d, lp.length);
        assertArrayEquals(Arrays.copyOfRange(RdbFixtures.body(HEX.parseHex(ONE_ENTRY)), 20, 20 + 0x1d), lp);
    }
}
