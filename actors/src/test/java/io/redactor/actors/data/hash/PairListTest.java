package io.redactor.actors.data.hash;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The packed small encoding of a hash against a map doing the same operations. */
class PairListTest {
    @Test
    void randomOperationsOfShortAndLongEntriesMatchAMap() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            PairList pairs = round % 2 == 0 ? new PairList() : PairList.withRoom(4, 40);
            Map<String, byte[]> expected = new LinkedHashMap<>();
            for (int op = 0; op < 300; op++) {
                String field = "f" + random.nextInt(40);
                byte[] value = bytes(random);
                int at = pairs.indexOf(field.getBytes(StandardCharsets.UTF_8));
                switch (random.nextInt(3)) {
                    case 0, 1 -> {
                        if (at >= 0) {
                            pairs.setValue(at, value);
                        } else {
                            pairs.append(field.getBytes(StandardCharsets.UTF_8), value);
                        }
                        expected.put(field, value);
                    }
                    default -> {
                        if (at >= 0) {
                            pairs.removeAt(at);
                        }
                        expected.remove(field);
                    }
                }
                if (op % 25 == 0) {
                    assertSame(expected, pairs);
                }
            }
            assertSame(expected, pairs);
        }
    }

    @Test
    void readsByIndexInAnyOrderAndCopiesAreIndependent() {
        PairList pairs = new PairList();
        for (int i = 0; i < 20; i++) {
            byte[] value = "x".repeat(i * 50).getBytes(StandardCharsets.UTF_8);
            pairs.append(("f" + i).getBytes(StandardCharsets.UTF_8), value);
        }
        for (int i : new int[] {19, 3, 3, 4, 0, 18, 7}) {
            assertEquals("f" + i, new String(pairs.field(i), StandardCharsets.UTF_8));
            assertEquals(i * 50, pairs.value(i).length);
        }
        PairList copy = pairs.copy();
        pairs.setValue(5, new byte[] {1});
        pairs.removeAt(0);
        assertEquals(250, copy.value(5).length);
        assertEquals(20, copy.size());
        assertArrayEquals(new byte[] {1}, pairs.value(4));
        byte[] read = pairs.value(4);
        assertNotSame(read, pairs.value(4), "reads are copies");
    }

    @Test
    void memoryFollowsTheContentAndShrinksAfterRemovals() {
        PairList pairs = new PairList();
        for (int i = 0; i < 100; i++) {
            pairs.append(("f" + i).getBytes(StandardCharsets.UTF_8), new byte[100]);
        }
        long full = pairs.memoryBytes();
        assertTrue(full > 100 * 100, "the values are counted: " + full);
        while (pairs.size() > 1) {
            pairs.removeAt(0);
        }
        assertTrue(pairs.memoryBytes() < full / 4, "after removals: " + pairs.memoryBytes());
        assertTrue(pairs.hasRoomFor(new byte[10], new byte[10]));
        assertTrue(!pairs.hasRoomFor(new byte[1 << 29], new byte[1 << 29]));
    }

    private static byte[] bytes(Random random) {
        int length = switch (random.nextInt(4)) {
            case 0 -> 0;
            case 1 -> random.nextInt(127);
            case 2 -> 127 + random.nextInt(3);
            default -> random.nextInt(20_000);
        };
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private static void assertSame(Map<String, byte[]> expected, PairList pairs) {
        assertEquals(expected.size(), pairs.size());
        List<String> fields = new ArrayList<>();
        pairs.forEach((field, value) -> {
            String name = new String(field, StandardCharsets.UTF_8);
            fields.add(name);
            assertArrayEquals(expected.get(name), value, name);
        });
        assertEquals(new ArrayList<>(expected.keySet()), fields, "insertion order");
        int i = 0;
        for (Map.Entry<String, byte[]> entry : expected.entrySet()) {
            assertArrayEquals(entry.getValue(), pairs.value(i), entry.getKey());
            assertEquals(i, pairs.indexOf(entry.getKey().getBytes(StandardCharsets.UTF_8)));
            i++;
        }
    }
}
