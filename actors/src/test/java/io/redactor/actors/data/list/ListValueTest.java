package io.redactor.actors.data.list;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link ListValue} against a plain {@code ArrayList} model, with elements of sizes around every boundary. */
class ListValueTest {
    private static final int[] SIZES = {0, 1, 3, 126, 127, 128, 200, 16_383, 16_384, 5000, 9000, 20_000};

    private static byte[] element(Random random) {
        int size = random.nextInt(10) < 8 ? random.nextInt(12) : SIZES[random.nextInt(SIZES.length)];
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            // few distinct small values so that LREM / LINSERT / matches find things
            bytes[i] = (byte) (size < 4 ? random.nextInt(3) : random.nextInt(256));
        }
        return bytes;
    }

    @Test
    void randomOperationsMatchAModel() {
        for (long seed = 1; seed <= 8; seed++) {
            run(new Random(seed));
        }
    }

    private static void run(Random random) {
        ListValue list = new ListValue();
        List<byte[]> model = new ArrayList<>();
        for (int step = 0; step < 2500; step++) {
            int op = random.nextInt(100);
            if (op < 25) {
                byte[] e = element(random);
                list.pushLeft(e);
                model.add(0, e);
            } else if (op < 50) {
                byte[] e = element(random);
                list.pushRight(e);
                model.add(e);
            } else if (op < 58) {
                byte[] popped = list.popLeft();
                assertArrayEquals(model.isEmpty() ? null : model.remove(0), popped);
            } else if (op < 66) {
                byte[] popped = list.popRight();
                assertArrayEquals(model.isEmpty() ? null : model.remove(model.size() - 1), popped);
            } else if (op < 72) {
                long index = random.nextInt(model.size() * 2 + 3) - model.size() - 1;
                long at = index < 0 ? index + model.size() : index;
                assertArrayEquals(at >= 0 && at < model.size() ? model.get((int) at) : null, list.get(index));
            } else if (op < 77) {
                long index = random.nextInt(model.size() * 2 + 3) - model.size() - 1;
                long at = index < 0 ? index + model.size() : index;
                byte[] e = element(random);
                boolean inRange = at >= 0 && at < model.size();
                assertEquals(inRange, list.set(index, e));
                if (inRange) {
                    model.set((int) at, e);
                }
            } else if (op < 83) {
                byte[] pivot = element(random);
                byte[] e = element(random);
                boolean after = random.nextBoolean();
                int found = indexOf(model, pivot);
                assertEquals(found >= 0, list.insert(pivot, e, after));
                if (found >= 0) {
                    model.add(after ? found + 1 : found, e);
                }
            } else if (op < 88) {
                byte[] e = element(random);
                long limit = random.nextInt(4);
                boolean fromTail = random.nextBoolean();
                assertEquals(removeFromModel(model, e, limit, fromTail), list.remove(e, limit, fromTail));
            } else if (op < 91) {
                int n = random.nextInt(5);
                list.dropLeft(n);
                model.subList(0, Math.min(n, model.size())).clear();
            } else if (op < 94) {
                int n = random.nextInt(5);
                list.dropRight(n);
                model.subList(Math.max(0, model.size() - n), model.size()).clear();
            } else if (op < 97 && !model.isEmpty()) {
                assertWalks(list, model, random);
            } else {
                ListValue copy = list.copy();
                copy.pushLeft(new byte[] {9});
                assertSame(model, list);
            }
            assertEquals(model.size(), list.size());
        }
        assertSame(model, list);
    }

    private static void assertWalks(ListValue list, List<byte[]> model, Random random) {
        int from = random.nextInt(model.size());
        ListValue.Cursor forward = list.cursor(from, true);
        for (int i = from; i < model.size(); i++) {
            assertArrayEquals(model.get(i), forward.element());
            assertTrue(forward.matches(model.get(i)));
            assertEquals(i + 1 < model.size(), forward.advance());
        }
        ListValue.Cursor backward = list.cursor(from, false);
        for (int i = from; i >= 0; i--) {
            assertArrayEquals(model.get(i), backward.element());
            assertEquals(i > 0, backward.advance());
        }
    }

    private static void assertSame(List<byte[]> model, ListValue list) {
        assertEquals(model.size(), list.size());
        List<byte[]> all = new ArrayList<>();
        if (!model.isEmpty()) {
            list.forEach(0, model.size() - 1, all::add);
        }
        assertEquals(model.size(), all.size());
        for (int i = 0; i < model.size(); i++) {
            assertArrayEquals(model.get(i), all.get(i), "element " + i);
        }
    }

    private static int indexOf(List<byte[]> model, byte[] e) {
        for (int i = 0; i < model.size(); i++) {
            if (Arrays.equals(model.get(i), e)) {
                return i;
            }
        }
        return -1;
    }

    private static long removeFromModel(List<byte[]> model, byte[] e, long limit, boolean fromTail) {
        long removed = 0;
        if (fromTail) {
            for (int i = model.size() - 1; i >= 0 && (limit == 0 || removed < limit); i--) {
                if (Arrays.equals(model.get(i), e)) {
                    model.remove(i);
                    removed++;
                }
            }
        } else {
            for (int i = 0; i < model.size() && (limit == 0 || removed < limit); ) {
                if (Arrays.equals(model.get(i), e)) {
                    model.remove(i);
                    removed++;
                } else {
                    i++;
                }
            }
        }
        return removed;
    }

    @Test
    void longListsSpanManyPagesAndEmptyCleanly() {
        ListValue list = new ListValue();
        for (int i = 0; i < 100_000; i++) {
            list.pushLeft(Integer.toString(i).getBytes());
        }
        assertEquals(100_000, list.size());
        assertArrayEquals("99999".getBytes(), list.get(0));
        assertArrayEquals("0".getBytes(), list.get(-1));
        assertArrayEquals("50000".getBytes(), list.get(49_999));
        for (int i = 0; i < 100_000; i++) {
            assertArrayEquals(Integer.toString(i).getBytes(), list.popRight());
        }
        assertTrue(list.isEmpty());
        assertNull(list.popLeft());
        assertFalse(list.set(0, new byte[1]));
        list.pushRight(new byte[] {1});
        assertArrayEquals(new byte[] {1}, list.get(0));
    }

    @Test
    void elementsComeOutAsIndependentCopies() {
        ListValue list = new ListValue();
        byte[] in = {1, 2, 3};
        list.pushRight(in);
        in[0] = 9;
        byte[] out = list.get(0);
        assertArrayEquals(new byte[] {1, 2, 3}, out);
        out[1] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, list.popLeft());
        assertEquals("quicklist", list.encoding());
        assertEquals("list", list.typeName());
    }
}
