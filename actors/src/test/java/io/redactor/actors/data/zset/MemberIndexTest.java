package io.redactor.actors.data.zset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The member index against a HashMap, and its scan's guarantee across growth and shrinking. */
class MemberIndexTest {
    private static byte[] member(int n) {
        return ("member:" + n).getBytes(StandardCharsets.US_ASCII);
    }

    private static Map<ByteBuffer, Double> contents(MemberIndex index) {
        Map<ByteBuffer, Double> map = new HashMap<>();
        index.forEach((m, s) -> assertEquals(null, map.put(ByteBuffer.wrap(m), s), "visited twice"));
        return map;
    }

    @Test
    void randomOperationsMatchAHashMap() {
        SplittableRandom random = new SplittableRandom(5);
        MemberIndex index = new MemberIndex();
        Map<ByteBuffer, Double> model = new HashMap<>();
        for (int op = 0; op < 200_000; op++) {
            // Growth, then shrinking, twice: tables rehash both ways and entry arrays compact.
            boolean growing = (op / 50_000) % 2 == 0;
            int n = random.nextInt(20_000);
            byte[] m = member(n);
            ByteBuffer key = ByteBuffer.wrap(m);
            int e = index.find(m.clone());
            assertEquals(model.containsKey(key), e >= 0);
            if (e >= 0) {
                assertEquals(model.get(key), index.score(e));
            }
            int action = random.nextInt(100);
            if (action < (growing ? 70 : 20)) {
                if (e < 0) {
                    index.insert(m, n * 0.25);
                    model.put(key, n * 0.25);
                } else {
                    index.setScore(e, -n);
                    model.put(key, (double) -n);
                }
            } else {
                assertEquals(model.remove(key) != null, index.remove(m) >= 0);
            }
            assertEquals(model.size(), index.size());
        }
        assertEquals(model, contents(index));
        MemberIndex copy = index.copy();
        assertEquals(model, contents(copy));
    }

    @Test
    void aScanReturnsEveryMemberPresentThroughoutWhileTheTableResizes() {
        SplittableRandom random = new SplittableRandom(9);
        for (int round = 0; round < 20; round++) {
            MemberIndex index = new MemberIndex();
            Set<ByteBuffer> stable = new HashSet<>();
            for (int i = 0; i < 2000; i++) {
                index.insert(member(i), i);
                stable.add(ByteBuffer.wrap(member(i)));
            }
            Set<ByteBuffer> seen = new HashSet<>();
            long cursor = 0;
            int next = 1_000_000;
            int calls = 0;
            do {
                cursor = index.scan(cursor, (m, s) -> seen.add(ByteBuffer.wrap(m)));
                // Churn that is not part of the stable set: the table grows for a while, then shrinks (some
                // rounds start shrinking early, while the cursor is still low).
                boolean grow = calls < (round % 2 == 0 ? 40 : 5);
                for (int k = 0; k < (calls < 80 ? 300 : 0); k++) {
                    if (grow) {
                        index.insert(member(next++), 0);
                    } else if (next > 1_000_000) {
                        index.remove(member(1_000_000 + random.nextInt(next - 1_000_000)));
                    }
                }
                calls++;
            } while (cursor != 0 && calls < 100_000);
            assertTrue(seen.containsAll(stable), "round " + round + ": the scan missed members");
        }
    }

    @Test
    void anEmptyIndexScansToTheEndAtOnce() {
        MemberIndex index = new MemberIndex();
        assertEquals(0, index.scan(0, (m, s) -> {
            throw new AssertionError();
        }));
        index.insert(member(1), 1);
        index.remove(member(1));
        assertEquals(0, index.scan(5, (m, s) -> {
            throw new AssertionError();
        }));
    }
}
