package io.redactor.core.rdb;

import static io.redactor.core.rdb.RdbFixtures.HEX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Values written and read back, and the encodings' details: payloads from redis-server 7.0.15 (DUMP after RPUSH,
 * HSET, ZADD, noted where used), the listpack entry encodings at their edges (listpack.c), intset widths, long node
 * counts, buffer reuse.
 */
class RdbValueRoundTripTest {
    @Test
    void randomValuesSurviveAWriteAndARead() throws RdbReadException {
        Random random = new Random(1);
        RdbWriter out = new RdbWriter();
        for (int round = 0; round < 1500; round++) {
            RdbValue value = randomValue(random);
            RdbValueWriter writer = new RdbValueWriter(random.nextBoolean(), random.nextInt(12) - 6);
            byte[] body = writer.write(out.reset(), value).toByteArray();
            RdbReader in = new RdbReader(body);
            RdbValue read = RdbValueReader.read(in);
            assertEquals(body.length, in.position(), "the whole value is read");
            assertEquals(expected(value), RdbFixtures.canonical(read));
            assertEquals(RdbValueWriter.typeOf(value), body[0] & 0xff);
        }
    }

    /** What reading gives back: the same, but intsets sorted and listpack scores of -0 as 0. */
    private static String expected(RdbValue value) {
        String c = RdbFixtures.canonical(value);
        return value instanceof RdbSortedSet z && z.listpack() ? RdbFixtures.zeroNegativeZeros(c) : c;
    }

    @Test
    void writesWhatRedisDumps() {
        // RPUSH k a 1 300
        assertDump("1201020f0f00000003008161020101c12c02ff0a00c9192395a7ba060f",
                new RdbList(List.of(b("a"), b("1"), b("300"))));
        // HSET h f v
        assertDump("100d0d0000000200816602817602ff0a0020f13d442354089d",
                new RdbHash(List.of(b("f")), List.of(b("v")), true));
        // ZADD z 1.5 a 1e17 b -0 c: -0 and 1e17 as integers, 1.5 as text
        assertDump("1121210000000600816302000181610283312e3504816202f400008a5d7845630109ff0a00791654ce9f9a3a1b",
                new RdbSortedSet(List.of(b("c"), b("a"), b("b")), new double[] {-0.0, 1.5, 1e17}, true));
    }

    private static void assertDump(String expected, RdbValue value) {
        assertEquals(expected, HEX.formatHex(DumpPayload.seal(new RdbValueWriter().write(new RdbWriter(), value))));
    }

    @Test
    void listpackIntegersTakeTheSmallestEncoding() {
        assertEntry("7f01", 127);
        assertEntry("c08002", 128);
        assertEntry("dfff02", -1);
        assertEntry("cfff02", 4095);
        assertEntry("d00002", -4096);
        assertEntry("f1001003", 4096);
        assertEntry("f1ffef03", -4097);
        assertEntry("f1ff7f03", 32767);
        assertEntry("f2008000" + "04", 32768);
        assertEntry("f2ffff7f04", (1 << 23) - 1);
        assertEntry("f20000800" + "4", -(1 << 23));
        assertEntry("f30000800005", 1 << 23);
        assertEntry("f3ffffff7f05", Integer.MAX_VALUE);
        assertEntry("f40000008000000000" + "09", 1L << 31);
        assertEntry("f4000000000000008009", Long.MIN_VALUE);
        assertEntry("f4ffffffffffffff7f09", Long.MAX_VALUE);
    }

    private static void assertEntry(String hex, long v) {
        ListpackBuilder lp = new ListpackBuilder();
        lp.append(b(Long.toString(v)));
        byte[] bytes = Arrays.copyOf(lp.finish(), lp.totalBytes());
        assertEquals(hex, HEX.formatHex(bytes, 6, bytes.length - 1), Long.toString(v));
    }

    @Test
    void listpackStringsAndBacklensChangeSizeWhereListpackDoes() {
        assertStringEntry(63, "bf", "40");
        assertStringEntry(64, "e040", "42");
        assertStringEntry(125, "e07d", "7f");
        assertStringEntry(126, "e07e", "0180");
        assertStringEntry(4095, "efff", "2081");
        assertStringEntry(4096, "f000100000", "2085");
        assertStringEntry(16377, "f0f93f0000", "7ffe");
        // an entry of 16383 bytes takes a 3-byte backlen: lpEncodeBacklen's "< 16383"
        assertStringEntry(16378, "f0fa3f0000", "00ffff");
        // non-canonical numbers stay strings
        for (String s : List.of("01", "-0", "+1", " 1", "1 ", "9223372036854775808", "-", "")) {
            ListpackBuilder lp = new ListpackBuilder().append(b(s));
            assertEquals(0x80 | s.length(), lp.finish()[6] & 0xff, s);
        }
    }

    private static void assertStringEntry(int length, String header, String backlen) {
        byte[] s = new byte[length];
        Arrays.fill(s, (byte) 'x');
        ListpackBuilder lp = new ListpackBuilder().append(s);
        byte[] bytes = Arrays.copyOf(lp.finish(), lp.totalBytes());
        int h = header.length() / 2;
        assertEquals(header, HEX.formatHex(bytes, 6, 6 + h), "header of " + length);
        assertEquals(backlen, HEX.formatHex(bytes, 6 + h + length, bytes.length - 1), "backlen of " + length);
    }

    @Test
    void listpackCountsStopAt65535() throws RdbReadException {
        List<byte[]> fields = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 40000; i++) {
            fields.add(b("f" + i));
            values.add(b(Integer.toString(i)));
        }
        byte[] body = new RdbValueWriter(false, -2).write(new RdbWriter(), new RdbHash(fields, values, true))
                .toByteArray();
        RdbReader.Slice lp = new RdbReader(Arrays.copyOfRange(body, 1, body.length)).readStringSlice();
        assertEquals("ffff", HEX.formatHex(lp.array(), lp.offset() + 4, lp.offset() + 6));
        RdbHash read = assertInstanceOf(RdbHash.class, RdbValueReader.read(new RdbReader(body)));
        assertEquals(40000, read.size());
    }

    @Test
    void intsetsAreSortedAtTheSmallestWidth() throws RdbReadException {
        assertEquals("0b" + "14" + "04000000" + "03000000" + "fdffffff" + "05000000" + "70110100",
                HEX.formatHex(new RdbValueWriter().write(new RdbWriter(),
                        new RdbSet(List.of(b("5"), b("70000"), b("-3")), true)).toByteArray()));
        assertEquals("0b" + "0a" + "02000000" + "01000000" + "0080",
                HEX.formatHex(new RdbValueWriter().write(new RdbWriter(), new RdbSet(List.of(b("-32768")), true))
                        .toByteArray()));
        byte[] wide = new RdbValueWriter().write(new RdbWriter(),
                new RdbSet(List.of(b("9223372036854775807"), b("-9223372036854775808"), b("0")), true)).toByteArray();
        RdbSet read = assertInstanceOf(RdbSet.class, RdbValueReader.read(new RdbReader(wide)));
        assertEquals(List.of("-9223372036854775808", "0", "9223372036854775807"),
                read.members().stream().map(m -> new String(m, StandardCharsets.US_ASCII)).toList());
        RdbValueWriter writer = new RdbValueWriter();
        assertThrows(IllegalArgumentException.class,
                () -> writer.write(new RdbWriter(), new RdbSet(List.of(b("1"), b("01")), true)));
        assertThrows(IllegalArgumentException.class,
                () -> writer.write(new RdbWriter(), new RdbSet(List.of(b("1"), b("1")), true)));
        assertThrows(IllegalArgumentException.class, () -> writer.write(new RdbWriter(),
                new RdbSortedSet(List.of(b("a")), new double[] {Double.NaN}, false)));
    }

    @Test
    void aQuicklistOfManyNodesHasALongNodeCount() throws RdbReadException {
        List<byte[]> elements = Collections.nCopies(20000, b("a"));
        byte[] body = new RdbValueWriter(true, 0).write(new RdbWriter(), new RdbList(elements)).toByteArray();
        assertEquals("128000004e20", HEX.formatHex(body, 0, 6));
        assertEquals(20000, RdbValueReader.read(new RdbReader(body)).size());
        byte[] some = new RdbValueWriter(true, 1).write(new RdbWriter(), new RdbList(elements.subList(0, 100)))
                .toByteArray();
        assertEquals("124064", HEX.formatHex(some, 0, 3));
        assertEquals(100, RdbValueReader.read(new RdbReader(some)).size());
    }

    @Test
    void aReusedWriterWritesWhatAFreshOneWrites() {
        Random random = new Random(9);
        RdbValueWriter reused = new RdbValueWriter();
        RdbWriter out = new RdbWriter();
        for (int i = 0; i < 500; i++) {
            RdbValue v = randomValue(random);
            byte[] fresh = new RdbValueWriter().write(new RdbWriter(), v).toByteArray();
            assertArrayEquals(fresh, reused.write(out.reset(), v).toByteArray());
        }
    }

    @Test
    void aReusedLzfCompressorCompressesAsAFreshOne() {
        Random random = new Random(4);
        // a base close to the limit, so that the stamps wrap around and the table is cleared on the way
        Lzf.Compressor reused = new Lzf.Compressor(Integer.MAX_VALUE - 200_000);
        for (int round = 0; round < 300; round++) {
            byte[] in = new byte[21 + random.nextInt(3000)];
            int alphabet = 1 + random.nextInt(round % 2 == 0 ? 4 : 40);
            for (int i = 0; i < in.length; i++) {
                in[i] = (byte) ('a' + random.nextInt(alphabet));
            }
            int off = random.nextInt(3);
            byte[] shifted = new byte[in.length + off];
            System.arraycopy(in, 0, shifted, off, in.length);
            byte[] a = new byte[in.length + 16];
            byte[] b = new byte[in.length + 16];
            int n = Lzf.compress(in, 0, in.length, a, in.length - 4);
            int m = reused.compress(shifted, off, in.length, b, in.length - 4);
            assertEquals(n, m);
            assertArrayEquals(Arrays.copyOf(a, n), Arrays.copyOf(b, m));
        }
    }

    /** A value of any kind, with lengths and numbers at the edges of the encodings. */
    static RdbValue randomValue(Random random) {
        int n = 1 + (random.nextInt(4) == 0 ? random.nextInt(300) : random.nextInt(12));
        return switch (random.nextInt(5)) {
            case 0 -> new RdbString(randomString(random));
            case 1 -> {
                List<byte[]> elements = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    elements.add(randomString(random));
                }
                yield new RdbList(elements);
            }
            case 2 -> {
                boolean intset = random.nextBoolean();
                List<byte[]> members = distinct(random, n, intset);
                yield new RdbSet(members, intset);
            }
            case 3 -> {
                List<byte[]> fields = distinct(random, n, false);
                List<byte[]> values = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    values.add(randomString(random));
                }
                yield new RdbHash(fields, values, random.nextBoolean());
            }
            default -> {
                List<byte[]> members = distinct(random, n, false);
                double[] scores = new double[n];
                for (int i = 0; i < n; i++) {
                    scores[i] = randomScore(random);
                }
                yield RdbFixtures.redisOrder(new RdbSortedSet(members, scores, random.nextBoolean()));
            }
        };
    }

    private static List<byte[]> distinct(Random random, int n, boolean integers) {
        Set<String> seen = new LinkedHashSet<>();
        List<byte[]> out = new ArrayList<>();
        while (out.size() < n) {
            byte[] s = integers ? b(Long.toString(randomInteger(random))) : randomString(random);
            if (seen.add(RdbFixtures.hex(s))) {
                out.add(s);
            }
        }
        return out;
    }

    private static final long[] INTEGER_EDGES = {0, 1, -1, 12, 13, 127, 128, -128, -129, 4095, 4096, -4096, -4097,
        32767, 32768, -32768, -32769, (1 << 23) - 1, 1 << 23, -(1 << 23), -(1 << 23) - 1, Integer.MAX_VALUE,
        Integer.MIN_VALUE, 1L << 31, Long.MAX_VALUE, Long.MIN_VALUE};

    private static long randomInteger(Random random) {
        return random.nextBoolean() ? INTEGER_EDGES[random.nextInt(INTEGER_EDGES.length)]
                : random.nextLong() >> random.nextInt(64);
    }

    private static byte[] randomString(Random random) {
        int kind = random.nextInt(16);
        if (kind < 3) {
            return b(Long.toString(randomInteger(random)));
        }
        if (kind == 3) {
            return b(List.of("01", "-0", "", " 1", "1e3", "9223372036854775808").get(random.nextInt(6)));
        }
        if (kind == 4) {
            int[] lengths = {63, 64, 125, 126, 4095, 4096, 9000, 16378};
            byte[] s = new byte[lengths[random.nextInt(lengths.length)]];
            Arrays.fill(s, (byte) ('a' + random.nextInt(3)));
            s[random.nextInt(s.length)] = (byte) random.nextInt(256);
            return s;
        }
        byte[] s = new byte[random.nextInt(40)];
        int alphabet = random.nextBoolean() ? 256 : 3;
        for (int i = 0; i < s.length; i++) {
            s[i] = (byte) random.nextInt(alphabet);
        }
        return s;
    }

    private static double randomScore(Random random) {
        double[] edges = {0.0, -0.0, 1.5, -2.25, 1e17, 0x1p62, 0x1p62 + 1024, -0x1p62, 0x1p63, Double.MIN_VALUE,
            Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1, 1.0 / 3};
        return switch (random.nextInt(3)) {
            case 0 -> edges[random.nextInt(edges.length)];
            case 1 -> (double) (random.nextInt(20000) - 10000);
            default -> Double.longBitsToDouble(random.nextLong() & 0x7fefffffffffffffL)
                    * (random.nextBoolean() ? 1 : -1);
        };
    }

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void theWholeValueIsConsumedEvenForLargeLists() throws RdbReadException {
        List<byte[]> elements = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            elements.add(b("element-" + i));
        }
        for (int fill : new int[] {-5, -1, 1, 7, 128}) {
            byte[] body = new RdbValueWriter(true, fill).write(new RdbWriter(), new RdbList(elements)).toByteArray();
            RdbReader in = new RdbReader(body);
            RdbList read = assertInstanceOf(RdbList.class, RdbValueReader.read(in));
            assertEquals(body.length, in.position());
            assertTrue(read.elements().size() == 5000 && Arrays.equals(read.elements().get(4999), b("element-4999")));
        }
    }
}
