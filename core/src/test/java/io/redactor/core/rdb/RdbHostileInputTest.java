package io.redactor.core.rdb;

import static io.redactor.core.rdb.RdbFixtures.HEX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Reading arbitrary bytes: only {@link RdbReadException}s, no endless loop, and no allocation much beyond the
 * input's size. The valid payloads mutated here are those of the fixtures (every type and encoding Redis 7.0
 * reads) and what the writer makes of random values; everything is seeded, so runs are repeatable.
 */
class RdbHostileInputTest {
    /** What reading may allocate: this many times the input's size, plus a constant for the first buffers. */
    private static final long ALLOCATION_FACTOR = 64;
    private static final long ALLOCATION_BASE = 64 * 1024;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static List<byte[]> validBodies() {
        List<byte[]> bodies = new ArrayList<>();
        for (String resource : List.of("/rdb/redis-restore-old-encodings.txt.gz",
                "/rdb/redis-restore-mutations.txt.gz")) {
            for (String line : RdbFixtures.lines(resource)) {
                String[] p = line.split(" ");
                byte[] payload = HEX.parseHex(p[0]);
                // (RESTORE reads the whole payload: a few values end in the trailer, and are left out)
                if (p[1].equals("ok") && payload.length < 3000 && DumpPayload.verify(payload) >= 0
                        && readsWhole(RdbFixtures.body(payload))) {
                    bodies.add(RdbFixtures.body(payload));
                }
            }
        }
        Random random = new Random(11);
        RdbValueWriter writer = new RdbValueWriter(true, 4);
        for (int i = 0; i < 200; i++) {
            bodies.add(writer.write(new RdbWriter(), RdbValueRoundTripTest.randomValue(random)).toByteArray());
        }
        return bodies;
    }

    @Test
    void everyTruncationOfAValidValueIsBadData() {
        int checked = 0;
        for (byte[] body : validBodies()) {
            if (body.length > 600) {
                continue;
            }
            assertReads(body);
            for (int n = 0; n < body.length; n++) {
                byte[] prefix = Arrays.copyOf(body, n);
                RdbReadException e = assertThrows(RdbReadException.class, () -> read(prefix),
                        () -> "prefix of " + prefix.length + " of " + HEX.formatHex(body));
                assertInstanceOf(RdbBadDataException.class, e, e.getMessage());
                checked++;
            }
        }
        assertTrue(checked > 50_000, "prefixes checked: " + checked);
    }

    @Test
    void randomMutationsOnlyFailAsDeclaredAndStayCheap() {
        List<byte[]> bodies = validBodies();
        Random random = new Random(5);
        int failed = 0;
        long start = System.nanoTime();
        for (int round = 0; round < 30_000; round++) {
            byte[] mutant = mutate(bodies.get(random.nextInt(bodies.size())), random);
            try {
                assertCheap(mutant);
            } catch (RdbReadException e) {
                failed++;
            }
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(failed > 15_000 && failed < 30_000, "failures: " + failed);
        assertTrue(millis < 20_000, "30000 mutants took " + millis + " ms"); // a bound against hangs, not a benchmark
    }

    @Test
    void randomBytesOnlyFailAsDeclared() {
        Random random = new Random(3);
        for (int round = 0; round < 30_000; round++) {
            byte[] bytes = new byte[random.nextInt(64)];
            random.nextBytes(bytes);
            if (bytes.length > 0 && random.nextBoolean()) {
                bytes[0] = (byte) random.nextInt(20);
            }
            try {
                assertCheap(bytes);
            } catch (RdbReadException e) {
                // declared
            }
        }
    }

    @Test
    void forgedHugeLengthsAreBadDataAndAllocateNothingBig() {
        List<String> forged = List.of(
                "0181ffffffffffffffff", // list of 2^64-1 elements (reads as RDB_LENERR)
                "018100000001000000000161", // list of 2^32 elements
                "02817fffffffffffffff0161", // set of 2^63-1 members
                "028180000000000000000161", // set of 2^63 members (negative as a Java long)
                "0480ffffffff01610162", // hash of 2^32-1 pairs
                "058100000000ffffffff0161", // sorted set of many members
                "0381ffffffff00000000", // old sorted set
                "0080ffffffff61", // string of 2^32-1 bytes
                "00817fffffffffffffff61", // string of 2^63-1 bytes
                "00c30a80400000000102030405060708090a", // LZF string claiming 1 GB from 10 bytes
                "00c381ffffffffffffffff4040", // LZF with a negative compressed length
                "00c30c814000000000000000000000000000000000000000", // LZF with a huge plain length
                "128100000001000000000201", // quicklist of 2^32 nodes
                "12010280ffffffff00", // quicklist node of 2^32-1 bytes
                "11" + "0d" + "0d000000" + "ffff" + "f0fbffffff" + "01" + "ff", // listpack string of 2^32-5 bytes
                "10" + "0d" + "0d000000" + "0200" + "f0ffffffff" + "00" + "ff", // listpack string past the end
                "0a" + "11" + "11000000" + "0a000000" + "0100" + "0080ffffffff" + "ff", // ziplist string of 2^32-1
                "09" + "09" + "01" + "feffffffff" + "61" + "00" + "ff", // zipmap field of 2^32-1 bytes
                "0b" + "08" + "08000000" + "ffffffff", // intset of 2^32-1 members of 8 bytes
                "0b" + "0c" + "02000000" + "02000000" + "01000100" // intset members not ascending
        );
        for (String hex : forged) {
            byte[] bytes = HEX.parseHex(hex);
            RdbReadException e = assertThrows(RdbReadException.class, () -> assertCheap(bytes), hex);
            assertInstanceOf(RdbBadDataException.class, e, hex + ": " + e.getMessage());
        }
    }

    @Test
    void modulesAreUnsupportedAndUnknownTypesBadData() throws RdbReadException {
        // DUMP of XADD s 1-1 f v on redis-server 7.0.15: a stream, read
        byte[] stream = HEX.parseHex("130110000000000000000100000000000000011d1d0000000a00010100010101816602000102"
                + "01000100018176020401ff0101010101000001000a00ff55ab626ac035db");
        RdbStream read = assertInstanceOf(RdbStream.class, RdbValueReader.read(new RdbReader(stream)));
        assertEquals(1, read.length());
        for (int type : new int[] {6, 7}) {
            RdbUnsupportedTypeException u = assertThrows(RdbUnsupportedTypeException.class,
                    () -> RdbValueReader.read(type, new RdbReader(new byte[] {1, 2, 3})));
            assertEquals(type, u.type());
            assertEquals("unsupported type " + type + " (module)", u.getMessage());
        }
        for (int type : new int[] {8, 15, 19, 20, 100, 0xf5, 0xff}) {
            assertThrows(RdbBadDataException.class, () -> RdbValueReader.read(type, new RdbReader(new byte[1])));
        }
        assertThrows(RdbBadDataException.class, () -> RdbValueReader.read(new RdbReader(new byte[0])));
    }

    @Test
    void emptyValuesAreBadDataMarkedEmptyAndLeaveTheReaderAfterThem() {
        String emptyZiplist = "0b" + "0b000000" + "0a000000" + "0000" + "ff";
        String emptyListpack = "07" + "07000000" + "0000" + "ff";
        String[] empties = {
            "0100", "0200", "0300", "0400", "0500", // counts of zero
            "0a" + emptyZiplist, "0c" + emptyZiplist, "0d" + emptyZiplist, // list, sorted set and hash ziplists
            "0e01" + emptyZiplist, // quicklist of one empty ziplist
            "10" + emptyListpack, "11" + emptyListpack, // hash and sorted set listpacks
            "1202" + "02" + emptyListpack + "02" + emptyListpack, // quicklist2 of two empty listpacks
        };
        for (String hex : empties) {
            byte[] bytes = HEX.parseHex(hex);
            RdbReader in = new RdbReader(append(bytes, (byte) 0x77));
            RdbBadDataException e = assertThrows(RdbBadDataException.class, () -> RdbValueReader.read(in), hex);
            assertTrue(e.emptyValue(), hex + ": " + e.getMessage());
            assertEquals(0x77, in.readByte(), hex + ": the reader should stand right after the value");
        }
        // Not empty values but invalid ones, as Redis says: an intset or a zipmap without members
        for (String hex : new String[] {"0b080200000000000000", "0902" + "00ff"}) {
            RdbBadDataException e = assertThrows(RdbBadDataException.class,
                    () -> RdbValueReader.read(new RdbReader(HEX.parseHex(hex))), hex);
            assertTrue(!e.emptyValue(), hex);
        }
    }

    @Test
    void duplicatesAreBadDataInEveryEncoding() {
        RdbValueWriter writer = new RdbValueWriter();
        List<byte[]> twice = List.of(b("a"), b("b"), b("a"));
        List<RdbValue> values = List.of(
                new RdbSet(twice, false),
                new RdbHash(twice, twice, false),
                new RdbHash(twice, twice, true),
                new RdbSortedSet(twice, new double[] {1, 2, 3}, false),
                new RdbSortedSet(twice, new double[] {1, 2, 3}, true));
        for (RdbValue v : values) {
            byte[] body = writer.write(new RdbWriter(), v).toByteArray();
            RdbBadDataException e = assertThrows(RdbBadDataException.class, () -> read(body), v.toString());
            assertTrue(e.getMessage().startsWith("duplicate"), e.getMessage());
        }
        // an intset can only hold the same member twice out of order; a hash ziplist or zipmap like the hash above
        assertThrows(RdbBadDataException.class, () -> read(HEX.parseHex("0b0c020000000200000005000500")));
        assertThrows(RdbBadDataException.class, () -> read(HEX.parseHex("090c0201610100620161010063ff")));
    }

    @Test
    void duplicatesAmongStringsOfTheSameHashAreFoundWhereverTheyStand() {
        // "Aa" and "BB" have the same Arrays.hashCode, and so does every string made of those pairs
        List<byte[]> colliding = new java.util.ArrayList<>();
        for (int i = 0; i < 256; i++) {
            colliding.add(b(Integer.toBinaryString(i | 256).replace("0", "Aa").replace("1", "BB")));
        }
        assertTrue(!EntryCollectors.hasDuplicates(colliding));
        colliding.add(100, colliding.get(3));
        assertTrue(EntryCollectors.hasDuplicates(colliding));
        assertTrue(!EntryCollectors.hasDuplicates(List.of(b("Aa"), b("BB"))));
        assertTrue(EntryCollectors.hasDuplicates(List.of(b("Aa"), b("BB"), b("x"), b("Aa"))));
    }

    private static byte[] b(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static byte[] append(byte[] a, byte b) {
        byte[] out = Arrays.copyOf(a, a.length + 1);
        out[a.length] = b;
        return out;
    }

    private static RdbValue read(byte[] body) throws RdbReadException {
        return RdbValueReader.read(new RdbReader(body));
    }

    private static boolean readsWhole(byte[] body) {
        RdbReader in = new RdbReader(body);
        try {
            RdbValueReader.read(in);
            return in.position() == body.length;
        } catch (RdbReadException e) {
            return false;
        }
    }

    private static void assertReads(byte[] body) {
        try {
            read(body);
        } catch (RdbReadException e) {
            throw new AssertionError(HEX.formatHex(body) + ": " + e.getMessage());
        }
    }

    /**
     * Reads, failing the test when reading allocates more than the bound allows. A read over the bound is measured
     * again, since the first run of a code path may allocate for the JVM's own sake (class initialisation, the
     * bootstrap of a string concatenation), which has nothing to do with the input.
     */
    private static RdbValue assertCheap(byte[] body) throws RdbReadException {
        long bound = ALLOCATION_BASE + ALLOCATION_FACTOR * body.length;
        long allocated = 0;
        for (int attempt = 0; attempt < 2; attempt++) {
            RdbValue value = null;
            RdbReadException failure = null;
            long before = THREADS.getCurrentThreadAllocatedBytes();
            try {
                value = read(body);
            } catch (RdbReadException e) {
                failure = e;
            }
            allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            if (allocated <= bound) {
                if (failure != null) {
                    throw failure;
                }
                return value;
            }
        }
        throw new AssertionError(allocated + " bytes allocated reading " + body.length + ": "
                + HEX.formatHex(body, 0, Math.min(body.length, 200)));
    }

    private static final int[] MARKERS = {0x00, 0x01, 0x3f, 0x40, 0x7f, 0x80, 0x81, 0xbf, 0xc0, 0xc3, 0xdf, 0xe0,
        0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xfd, 0xfe, 0xff};

    static byte[] mutate(byte[] body, Random random) {
        byte[] b = body.clone();
        int edits = 1 + random.nextInt(3);
        for (int k = 0; k < edits && b.length > 0; k++) {
            int i = random.nextInt(b.length);
            switch (random.nextInt(6)) {
                case 0, 1 -> b[i] ^= (byte) (1 << random.nextInt(8));
                case 2, 3 -> b[i] = (byte) MARKERS[random.nextInt(MARKERS.length)];
                case 4 -> b = Arrays.copyOf(b, Math.max(1, i));
                default -> {
                    byte[] longer = new byte[b.length + 1];
                    System.arraycopy(b, 0, longer, 0, i);
                    longer[i] = (byte) MARKERS[random.nextInt(MARKERS.length)];
                    System.arraycopy(b, i, longer, i + 1, b.length - i);
                    b = longer;
                }
            }
        }
        return b;
    }
}
