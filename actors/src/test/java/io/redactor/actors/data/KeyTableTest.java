package io.redactor.actors.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyTableTest {

    private static byte[] key(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static ByteBuffer wrap(byte[] key) {
        return ByteBuffer.wrap(key);
    }

    private static Set<ByteBuffer> liveKeys(KeyTable t) {
        Set<ByteBuffer> set = new HashSet<>();
        t.forEach(e -> assertTrue(set.add(wrap(t.key(e))), "forEach visited an entry twice"));
        return set;
    }

    // ---------------------------------------------------------------- model test

    private record Model(Object value, long expire, int access) {
    }

    @Test
    void randomizedAgainstHashMap() {
        Random rnd = new Random(42);
        KeyTable t = new KeyTable();
        Map<ByteBuffer, Model> model = new HashMap<>();
        int ops = 200_000;
        for (int i = 0; i < ops; i++) {
            // Alternate between a small key space (heavy churn, chains, reuse) and a large one (growth).
            boolean small = (i / 20_000) % 2 == 0;
            byte[] k = small
                    ? key("k" + rnd.nextInt(64))
                    : key("large:key:" + rnd.nextInt(60_000));
            ByteBuffer kb = wrap(k);
            int op = rnd.nextInt(100);
            int e = t.find(k.clone());
            Model m = model.get(kb);
            assertEquals(m != null, e >= 0, "find disagrees with model");
            if (op < 40) {
                if (m == null) {
                    Object v = "v" + i;
                    int ne = t.insert(k, v);
                    assertSame(v, t.value(ne));
                    assertEquals(KeyTable.NO_EXPIRE, t.expireAt(ne));
                    assertEquals(0, t.access(ne));
                    model.put(kb, new Model(v, KeyTable.NO_EXPIRE, 0));
                }
            } else if (op < 65) {
                assertEquals(m != null, t.remove(k.clone()));
                model.remove(kb);
            } else if (op < 72) {
                if (m != null) {
                    t.removeEntry(e);
                    model.remove(kb);
                }
            } else if (op < 82) {
                if (m != null) {
                    Object v = i;
                    t.setValue(e, v);
                    int a = rnd.nextInt();
                    t.setAccess(e, a);
                    model.put(kb, new Model(v, m.expire(), a));
                }
            } else if (op < 99) {
                if (m != null) {
                    long exp = rnd.nextInt(3) == 0 ? KeyTable.NO_EXPIRE : 1_700_000_000_000L + rnd.nextInt(1_000_000);
                    t.setExpireAt(e, exp);
                    model.put(kb, new Model(m.value(), exp, m.access()));
                }
            } else if (rnd.nextInt(50) == 0) {
                t.clear();
                model.clear();
            }
            assertEquals(model.size(), t.size());
            if (i % 2_000 == 0 || i == ops - 1) {
                checkAgainstModel(t, model);
            }
        }
    }

    private static void checkAgainstModel(KeyTable t, Map<ByteBuffer, Model> model) {
        assertEquals(model.size(), t.size());
        int volatiles = 0;
        for (Map.Entry<ByteBuffer, Model> me : model.entrySet()) {
            byte[] k = me.getKey().array().clone();
            int e = t.find(k);
            assertTrue(e >= 0);
            assertArrayEquals(k, t.key(e));
            assertSame(me.getValue().value(), t.value(e));
            assertEquals(me.getValue().expire(), t.expireAt(e));
            assertEquals(me.getValue().access(), t.access(e));
            if (me.getValue().expire() != KeyTable.NO_EXPIRE) {
                volatiles++;
            }
        }
        assertEquals(volatiles, t.volatileCount());
        assertEquals(model.keySet(), liveKeys(t));
        assertEquals(-1, t.find(key("absent-key")));
        // Load factor bounds: grow above 1, shrink below 1/8.
        assertTrue(t.size() <= t.bucketCount());
        assertTrue(t.bucketCount() == 16 || t.size() >= t.bucketCount() / 8);
    }

    // ---------------------------------------------------------------- scan

    @Test
    void scanOnEmptyTableEndsImmediately() {
        KeyTable t = new KeyTable();
        assertEquals(0, t.scan(0, e -> {
            throw new AssertionError("visited");
        }));
        t.insert(key("a"), 1);
        t.remove(key("a"));
        assertEquals(0, t.scan(0, e -> {
            throw new AssertionError("visited");
        }));
    }

    @Test
    void scanOfUnchangedTableVisitsEachEntryExactlyOnce() {
        for (int n : new int[] {1, 2, 15, 16, 17, 100, 1_000, 5_000, 40_000}) {
            KeyTable t = new KeyTable();
            for (int i = 0; i < n; i++) {
                t.insert(key("key:" + i), i);
            }
            Map<ByteBuffer, Integer> seen = new HashMap<>();
            long cursor = 0;
            int calls = 0;
            do {
                cursor = t.scan(cursor, e -> seen.merge(wrap(t.key(e)), 1, Integer::sum));
                assertTrue(cursor >= 0 && cursor < t.bucketCount());
                calls++;
            } while (cursor != 0);
            assertEquals(t.bucketCount(), calls);
            assertEquals(n, seen.size());
            assertTrue(seen.values().stream().allMatch(c -> c == 1), "an entry was visited twice");
        }
    }

    @Test
    void scanSeesEveryStableEntryDespiteGrowthAndShrinking() {
        int sawGrowth = 0;
        int sawShrink = 0;
        for (int seed = 0; seed < 300; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            KeyTable t = new KeyTable();
            List<byte[]> stable = new ArrayList<>();
            List<byte[]> transientKeys = new ArrayList<>();
            int nStable = 1 + rnd.nextInt(200);
            for (int i = 0; i < nStable; i++) {
                byte[] k = key("s" + seed + ":" + i);
                stable.add(k);
                t.insert(k, i);
            }
            int serial = 0;
            for (int i = rnd.nextInt(2_000); i > 0; i--) {
                byte[] k = key("t" + serial++);
                transientKeys.add(k);
                t.insert(k, 0);
            }
            Set<ByteBuffer> seen = new HashSet<>();
            long cursor = 0;
            int minBuckets = t.bucketCount();
            int maxBuckets = minBuckets;
            int startBuckets = minBuckets;
            // Oscillate between inserting transient keys up to a peak and removing them all, in
            // random bursts between scan calls, so the bucket array grows and shrinks repeatedly.
            int peak = 500 + rnd.nextInt(4_000);
            boolean growing = rnd.nextBoolean();
            int steps = 0;
            do {
                cursor = t.scan(cursor, e -> seen.add(wrap(t.key(e))));
                assertTrue(cursor >= 0 && cursor <= Integer.MAX_VALUE);
                int burst = rnd.nextInt(4) == 0 ? rnd.nextInt(400) : rnd.nextInt(8);
                for (int i = 0; i < burst; i++) {
                    if (growing) {
                        byte[] k = key("t" + serial++);
                        transientKeys.add(k);
                        t.insert(k, 0);
                        growing = transientKeys.size() < peak;
                    } else {
                        int idx = rnd.nextInt(transientKeys.size());
                        byte[] k = transientKeys.get(idx);
                        transientKeys.set(idx, transientKeys.get(transientKeys.size() - 1));
                        transientKeys.remove(transientKeys.size() - 1);
                        assertTrue(t.remove(k));
                        growing = transientKeys.isEmpty();
                    }
                }
                minBuckets = Math.min(minBuckets, t.bucketCount());
                maxBuckets = Math.max(maxBuckets, t.bucketCount());
                assertTrue(++steps < 1_000_000, "scan does not terminate");
            } while (cursor != 0);
            for (byte[] k : stable) {
                assertTrue(seen.contains(wrap(k)), "seed " + seed + ": stable key missed by scan");
            }
            if (maxBuckets > startBuckets) {
                sawGrowth++;
            }
            if (minBuckets < startBuckets) {
                sawShrink++;
            }
        }
        assertTrue(sawGrowth > 50, "growth during scan exercised " + sawGrowth + " times");
        assertTrue(sawShrink > 50, "shrink during scan exercised " + sawShrink + " times");
    }

    @Test
    void scanVisitorMayRemoveTheVisitedEntry() {
        KeyTable t = new KeyTable();
        for (int i = 0; i < 10_000; i++) {
            t.insert(key("key:" + i), i);
        }
        Set<ByteBuffer> seen = new HashSet<>();
        long cursor = 0;
        do {
            cursor = t.scan(cursor, e -> {
                assertTrue(seen.add(wrap(t.key(e))));
                t.removeEntry(e);
            });
        } while (cursor != 0);
        assertEquals(10_000, seen.size());
        assertEquals(0, t.size());
    }

    @Test
    void scanAcceptsCursorsWithStaleHighBits() {
        KeyTable t = new KeyTable();
        t.insert(key("x"), 1);
        long next = t.scan(-1L, e -> { });
        assertEquals(0, next); // -1 masks to the last bucket in reversed order
        assertTrue(t.scan(Long.MAX_VALUE - 3, e -> { }) >= 0);
    }

    // ---------------------------------------------------------------- forEach

    @Test
    void forEachVisitorMayRemoveTheVisitedEntry() {
        KeyTable t = new KeyTable();
        for (int i = 0; i < 5_000; i++) {
            t.insert(key("key:" + i), i);
        }
        int[] visited = {0};
        t.forEach(e -> {
            visited[0]++;
            if ((Integer) t.value(e) % 2 == 0) {
                t.removeEntry(e);
            }
        });
        assertEquals(5_000, visited[0]);
        assertEquals(2_500, t.size());
        for (int i = 0; i < 5_000; i++) {
            assertEquals(i % 2 != 0, t.find(key("key:" + i)) >= 0);
        }
    }

    // ---------------------------------------------------------------- random sampling

    @Test
    void randomEntryOnEmptyTable() {
        KeyTable t = new KeyTable();
        SplittableRandom rnd = new SplittableRandom(1);
        assertEquals(-1, t.randomEntry(rnd));
        assertEquals(-1, t.randomVolatileEntry(rnd));
        int e = t.insert(key("a"), 1);
        assertEquals(-1, t.randomVolatileEntry(rnd));
        assertEquals(e, t.randomEntry(rnd));
        t.removeEntry(e);
        assertEquals(-1, t.randomEntry(rnd));
    }

    @Test
    void randomEntryReachesEveryEntryRoughlyUniformly() {
        SplittableRandom rnd = new SplittableRandom(7);
        KeyTable t = new KeyTable();
        for (int i = 0; i < 100; i++) {
            t.insert(key("key:" + i), i);
        }
        int[] counts = new int[100];
        for (int i = 0; i < 100_000; i++) {
            counts[(Integer) t.value(t.randomEntry(rnd))]++;
        }
        for (int c : counts) {
            assertTrue(c > 700 && c < 1_300, "count " + c);
        }
    }

    @Test
    void randomEntryAfterMassRemovalReachesEveryEntry() {
        SplittableRandom rnd = new SplittableRandom(8);
        KeyTable t = new KeyTable();
        for (int i = 0; i < 20_000; i++) {
            t.insert(key("key:" + i), i);
        }
        // Keep a sparse subset so the entry ids are mostly free and the bucket path is used.
        Set<Integer> kept = new HashSet<>();
        for (int i = 0; i < 20_000; i++) {
            if (i % 97 == 0) {
                kept.add(i);
            } else {
                t.remove(key("key:" + i));
            }
        }
        assertEquals(kept.size(), t.size());
        Map<Integer, Integer> counts = new HashMap<>();
        int samples = kept.size() * 400;
        for (int i = 0; i < samples; i++) {
            int e = t.randomEntry(rnd);
            assertTrue(e >= 0 && t.key(e) != null);
            counts.merge((Integer) t.value(e), 1, Integer::sum);
        }
        assertEquals(kept, counts.keySet());
        // Chain-based sampling is not exactly uniform, but nothing should be starved or dominant.
        for (int c : counts.values()) {
            assertTrue(c > 400 / 8 && c < 400 * 4, "count " + c);
        }
    }

    @Test
    void randomVolatileEntryOnlyReturnsEntriesWithTtl() {
        SplittableRandom rnd = new SplittableRandom(9);
        KeyTable t = new KeyTable();
        Set<Integer> withTtl = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            int e = t.insert(key("key:" + i), i);
            if (i % 10 == 3) {
                t.setExpireAt(e, 1_000L + i);
                withTtl.add(i);
            }
        }
        assertEquals(withTtl.size(), t.volatileCount());
        Map<Integer, Integer> counts = new HashMap<>();
        for (int i = 0; i < 50_000; i++) {
            int e = t.randomVolatileEntry(rnd);
            assertEquals(1_000L + (Integer) t.value(e), t.expireAt(e));
            counts.merge((Integer) t.value(e), 1, Integer::sum);
        }
        assertEquals(withTtl, counts.keySet());
        for (int c : counts.values()) {
            assertTrue(c > 250 && c < 750, "count " + c);
        }
        // Clearing TTLs and removing keys keeps the index right.
        for (int i : withTtl) {
            int e = t.find(key("key:" + i));
            if (i % 20 == 3) {
                t.setExpireAt(e, KeyTable.NO_EXPIRE);
            } else {
                t.removeEntry(e);
            }
        }
        assertEquals(0, t.volatileCount());
        assertEquals(-1, t.randomVolatileEntry(rnd));
        // A recycled entry starts without a TTL.
        int e = t.insert(key("fresh"), 0);
        assertEquals(KeyTable.NO_EXPIRE, t.expireAt(e));
    }

    // ---------------------------------------------------------------- hostile keys

    @Test
    void emptyKey() {
        KeyTable t = new KeyTable();
        assertEquals(-1, t.find(new byte[0]));
        int e = t.insert(new byte[0], "empty");
        assertEquals(e, t.find(new byte[0]));
        assertEquals(-1, t.find(new byte[1]));
        t.insert(new byte[1], "zero");
        assertEquals("zero", t.value(t.find(new byte[1])));
        assertTrue(t.remove(new byte[0]));
        assertFalse(t.remove(new byte[0]));
        assertEquals(1, t.size());
    }

    @Test
    void oneMegabyteKeys() {
        KeyTable t = new KeyTable();
        byte[] big = new byte[1 << 20];
        new Random(3).nextBytes(big);
        byte[] other = big.clone();
        other[other.length - 1] ^= 1;
        byte[] otherMiddle = big.clone();
        otherMiddle[otherMiddle.length / 2] ^= (byte) 0x80;
        t.insert(big, 1);
        t.insert(other, 2);
        assertEquals(1, t.value(t.find(big.clone())));
        assertEquals(2, t.value(t.find(other.clone())));
        assertEquals(-1, t.find(otherMiddle));
        assertEquals(-1, t.find(Arrays.copyOf(big, big.length - 1)));
    }

    @Test
    void keysDifferingOnlyInTheLastByte() {
        for (int len : new int[] {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 64, 1_000}) {
            KeyTable t = new KeyTable();
            for (int b = 0; b < 256; b++) {
                byte[] k = new byte[len];
                Arrays.fill(k, (byte) 'x');
                k[len - 1] = (byte) b;
                t.insert(k, b);
            }
            assertEquals(256, t.size());
            assertTrue(t.maxChainLength() <= 8, "len " + len + " chain " + t.maxChainLength());
            for (int b = 0; b < 256; b++) {
                byte[] k = new byte[len];
                Arrays.fill(k, (byte) 'x');
                k[len - 1] = (byte) b;
                assertEquals(b, t.value(t.find(k)));
            }
        }
    }

    @Test
    void keysWithAllByteValues() {
        KeyTable t = new KeyTable();
        for (int i = 0; i < 65_536; i++) {
            t.insert(new byte[] {(byte) i, (byte) (i >>> 8)}, i);
        }
        for (int i = 0; i < 256; i++) {
            t.insert(new byte[] {(byte) i}, -i - 1);
        }
        assertEquals(65_536 + 256, t.size());
        for (int i = 0; i < 65_536; i++) {
            assertEquals(i, t.value(t.find(new byte[] {(byte) i, (byte) (i >>> 8)})));
        }
        for (int i = 0; i < 256; i++) {
            assertEquals(-i - 1, t.value(t.find(new byte[] {(byte) i})));
        }
        assertTrue(t.maxChainLength() <= 16, "chain " + t.maxChainLength());
    }

    @Test
    void sequentialKeysSpreadOverBuckets() {
        KeyTable t = new KeyTable();
        for (int i = 0; i < 100_000; i++) {
            t.insert(key("user:" + i), i);
        }
        // With a random hash, a chain of 16 at this load has probability ~1e-10.
        assertTrue(t.maxChainLength() <= 16, "chain " + t.maxChainLength());
        assertNotEquals(KeyHash.hash(key("user:1")), KeyHash.hash(key("user:2")));
    }

    // ---------------------------------------------------------------- memory bookkeeping

    @Test
    void removedEntriesAreRecycledAndClearReleasesMemory() {
        KeyTable t = new KeyTable();
        long empty = t.estimatedOverheadBytes();
        assertTrue(empty < 1_024, "empty table costs " + empty);
        for (int i = 0; i < 10_000; i++) {
            t.insert(key("key:" + i), i);
        }
        long full = t.estimatedOverheadBytes();
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 5_000; i++) {
                assertTrue(t.remove(key("key:" + i)));
            }
            for (int i = 0; i < 5_000; i++) {
                t.insert(key("key:" + i), i);
            }
        }
        assertEquals(full, t.estimatedOverheadBytes());
        int e = t.find(key("key:1"));
        t.setExpireAt(e, 5);
        assertTrue(t.estimatedOverheadBytes() > full);
        t.clear();
        assertEquals(0, t.size());
        assertEquals(0, t.volatileCount());
        assertEquals(-1, t.find(key("key:1")));
        assertEquals(empty, t.estimatedOverheadBytes());
        assertEquals(16, t.bucketCount());
    }

    @Test
    void removeEntryRejectsDeadEntries() {
        KeyTable t = new KeyTable();
        int e = t.insert(key("a"), 1);
        t.removeEntry(e);
        assertThrows(IllegalArgumentException.class, () -> t.removeEntry(e));
    }

    @Test
    void reserveMakesRoomWithoutRehashingAndKeepsWhatIsThere() {
        KeyTable t = new KeyTable();
        t.insert(key("before"), "v");
        t.reserve(1100, 1000);
        assertEquals(1024, t.bucketCount());
        long overhead = t.estimatedOverheadBytes();
        for (int i = 0; i < 1023; i++) {
            t.insert(key("k" + i), i);
        }
        assertEquals(1024, t.bucketCount(), "no rehash up to the keys reserved for");
        assertEquals(overhead, t.estimatedOverheadBytes(), "no entry array grew");
        assertEquals("v", t.value(t.find(key("before"))));
        for (int i = 0; i < 1023; i++) {
            assertEquals(i, t.value(t.find(key("k" + i))));
        }
        t.reserve(10, 10);
        assertEquals(1024, t.bucketCount(), "a smaller reservation shrinks nothing");
        t.insert(key("more"), "m");
        assertEquals(2048, t.bucketCount(), "past the reservation it grows as before");
        assertEquals(1025, t.size());
    }
}
