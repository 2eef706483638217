package io.redactor.core.listpack;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Listpacks built, read both ways and changed in place, with Redis 7.0's bytes. */
class ListpackTest {
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void entriesHaveRedisEncodings() {
        byte[] lp = Listpack.create(8);
        lp = Listpack.appendInteger(lp, 1);
        lp = Listpack.append(lp, bytes("f"));
        lp = Listpack.append(lp, bytes("-4096"));
        lp = Listpack.append(lp, bytes("32767"));
        lp = Listpack.append(lp, bytes("007"));
        // the listpack of a stream node's master entry, as XADD s 1-1 f v writes it, is checked in RdbStreamTest;
        // here: 1 as 0x01, "f" as a 1-byte string, -4096 in 13 bits, 32767 in 16 bits, "007" a string
        assertEquals("18000000" + "0500" + "0101" + "816602" + "d00002" + "f1ff7f03" + "83303037" + "04" + "ff",
                HEX.formatHex(Arrays.copyOf(lp, Listpack.totalBytes(lp))));
    }

    @Test
    void randomEntriesReadBackBothWaysAndReplacementsMoveTheRest() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 200; round++) {
            byte[] lp = Listpack.create(7 + random.nextInt(64));
            List<byte[]> expected = new ArrayList<>();
            int n = random.nextInt(60);
            for (int i = 0; i < n; i++) {
                byte[] s = randomEntry(random);
                lp = Listpack.append(lp, s);
                expected.add(s);
            }
            assertEquals(Math.min(n, Listpack.COUNT_UNKNOWN), Listpack.headerCount(lp));
            for (int k = 0; k < 10 && n > 0; k++) {
                int at = random.nextInt(n);
                long v = randomInteger(random);
                lp = Listpack.replaceInteger(lp, offsetOf(lp, at), v);
                expected.set(at, bytes(Long.toString(v)));
            }
            assertEntries(lp, expected);
        }
    }

    @Test
    void anEmptyListpackHasNoEntries() {
        byte[] lp = Listpack.create(0);
        assertEquals(Listpack.EMPTY_SIZE, Listpack.totalBytes(lp));
        assertEquals(-1, Listpack.first(lp));
        assertEquals(-1, Listpack.last(lp));
        assertArrayEquals(lp, Listpack.shrinkToFit(lp));
    }

    private static void assertEntries(byte[] lp, List<byte[]> expected) {
        int p = Listpack.first(lp);
        for (byte[] e : expected) {
            assertArrayEquals(e, Listpack.bytes(lp, p));
            assertTrue(Listpack.equalsBytes(lp, p, e));
            p = Listpack.next(lp, p);
        }
        assertEquals(-1, p);
        p = Listpack.last(lp);
        for (int i = expected.size() - 1; i >= 0; i--) {
            assertArrayEquals(expected.get(i), Listpack.bytes(lp, p));
            p = Listpack.prev(lp, p);
        }
        assertEquals(-1, p);
        if (!expected.isEmpty()) {
            assertFalse(Listpack.equalsBytes(lp, Listpack.first(lp), bytes("not-in-there")));
        }
    }

    private static int offsetOf(byte[] lp, int index) {
        int p = Listpack.first(lp);
        for (int i = 0; i < index; i++) {
            p = Listpack.next(lp, p);
        }
        return p;
    }

    private static byte[] randomEntry(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> bytes(Long.toString(randomInteger(random)));
            case 1 -> bytes("0" + random.nextInt(100));
            case 2 -> {
                byte[] s = new byte[random.nextInt(5000)];
                random.nextBytes(s);
                yield s;
            }
            default -> bytes("x".repeat(random.nextInt(200)));
        };
    }

    private static long randomInteger(SplittableRandom random) {
        return switch (random.nextInt(5)) {
            case 0 -> random.nextInt(128);
            case 1 -> random.nextInt(-4096, 4096);
            case 2 -> random.nextInt(Integer.MIN_VALUE, Integer.MAX_VALUE);
            case 3 -> random.nextLong();
            default -> random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
        };
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
