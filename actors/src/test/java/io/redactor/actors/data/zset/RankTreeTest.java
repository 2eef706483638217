package io.redactor.actors.data.zset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The order-statistic tree against a sorted list: inserts and removals in random, ascending and descending
 * order, with every query (rank, counts by score and by member, entry at a rank, iteration both ways) compared
 * and the tree's invariants checked as it grows and shrinks through splits, merges and redistributions.
 */
class RankTreeTest {
    private record Entry(double score, byte[] member) {
    }

    private static final Comparator<Entry> ORDER = (a, b) -> ScoreOrder.compare(a.score, a.member, b.score, b.member);

    /** The model: entries kept sorted; ranks are list indices. */
    private static final class Model {
        final List<Entry> entries = new ArrayList<>();

        int find(double score, byte[] member) {
            return Collections.binarySearch(entries, new Entry(score, member), ORDER);
        }

        boolean insert(double score, byte[] member) {
            int i = find(score, member);
            if (i >= 0) {
                return false;
            }
            entries.add(-i - 1, new Entry(score, member));
            return true;
        }

        boolean remove(double score, byte[] member) {
            int i = find(score, member);
            if (i < 0) {
                return false;
            }
            entries.remove(i);
            return true;
        }

        int countByScore(double score, boolean inclusive) {
            int lo = 0;
            int hi = entries.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                double s = entries.get(mid).score;
                if (inclusive ? s <= score : s < score) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        int countByMember(byte[] member, boolean inclusive) {
            int n = 0;
            for (Entry e : entries) {
                int c = ScoreOrder.compareMembers(e.member, member);
                if (inclusive ? c <= 0 : c < 0) {
                    n++;
                }
            }
            return n;
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] member(SplittableRandom random, int space) {
        int n = random.nextInt(space);
        // Members of several lengths, some prefixes of others, with high bytes to exercise unsigned order.
        return switch (n % 4) {
            case 0 -> bytes("m" + n);
            case 1 -> bytes("m" + n + "\u00ff");
            case 2 -> new byte[] {(byte) (n >> 8), (byte) n};
            default -> bytes("member:" + n);
        };
    }

    private static void assertSameAs(Model model, RankTree tree) {
        tree.verify();
        assertEquals(model.entries.size(), tree.size());
        List<Entry> forward = new ArrayList<>();
        tree.forEach((m, s) -> forward.add(new Entry(s, m)));
        assertEntries(model.entries, forward);
        List<Entry> backward = new ArrayList<>();
        for (RankTree.Cursor c = tree.last(); c.valid(); c.previous()) {
            backward.add(new Entry(c.score(), c.member()));
        }
        Collections.reverse(backward);
        assertEntries(model.entries, backward);
    }

    private static void assertEntries(List<Entry> expected, List<Entry> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).score, actual.get(i).score, "score at " + i);
            assertArrayEquals(expected.get(i).member, actual.get(i).member, "member at " + i);
        }
    }

    private static void probe(Model model, RankTree tree, SplittableRandom random, int scoreSpace, int memberSpace) {
        for (int k = 0; k < 8; k++) {
            double score = random.nextInt(scoreSpace + 2) - 1;
            byte[] member = member(random, memberSpace);
            int expected = model.find(score, member);
            assertEquals(expected >= 0 ? expected : -1, tree.rank(score, member));
            boolean inclusive = random.nextBoolean();
            double bound = random.nextInt(scoreSpace + 2) - 1 + (random.nextBoolean() ? 0.5 : 0);
            assertEquals(model.countByScore(bound, inclusive), tree.countByScore(bound, inclusive),
                    "count by score " + bound + (inclusive ? " inclusive" : ""));
            if (!model.entries.isEmpty()) {
                int rank = random.nextInt(model.entries.size());
                RankTree.Cursor c = tree.at(rank);
                assertEquals(model.entries.get(rank).score, c.score());
                assertArrayEquals(model.entries.get(rank).member, c.member());
            }
        }
        assertEquals(model.countByScore(Double.POSITIVE_INFINITY, true), tree.countByScore(Double.POSITIVE_INFINITY,
                true));
        assertEquals(0, tree.countByScore(Double.NEGATIVE_INFINITY, false));
    }

    @Test
    void randomOperationsMatchASortedList() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 4; round++) {
            int scoreSpace = new int[] {1, 3, 50, 100_000}[round];
            int memberSpace = new int[] {3000, 3000, 5000, 8000}[round];
            RankTree tree = new RankTree();
            Model model = new Model();
            for (int op = 0; op < 30_000; op++) {
                // Phases of growth and of shrinking, so that nodes split and merge many times.
                boolean growing = (op / 5000) % 2 == 0;
                double score = random.nextInt(scoreSpace);
                byte[] member = member(random, memberSpace);
                if (random.nextInt(100) < (growing ? 75 : 25)) {
                    if (model.insert(score, member)) {
                        tree.insert(score, member);
                    }
                } else if (!model.entries.isEmpty() && random.nextBoolean()) {
                    Entry victim = model.entries.get(random.nextInt(model.entries.size()));
                    model.remove(victim.score, victim.member);
                    assertTrue(tree.remove(victim.score, victim.member));
                } else {
                    assertEquals(model.remove(score, member), tree.remove(score, member));
                }
                if (op % 97 == 0) {
                    probe(model, tree, random, scoreSpace, memberSpace);
                }
                if (op % 1000 == 0) {
                    assertSameAs(model, tree);
                }
            }
            assertSameAs(model, tree);
        }
    }

    @Test
    void membersCountLexicographicallyWhenScoresAreEqual() {
        SplittableRandom random = new SplittableRandom(11);
        RankTree tree = new RankTree();
        Model model = new Model();
        for (int i = 0; i < 5000; i++) {
            byte[] member = member(random, 20_000);
            if (model.insert(0, member)) {
                tree.insert(0, member);
            }
        }
        for (int i = 0; i < 2000; i++) {
            byte[] bound = member(random, 20_000);
            boolean inclusive = random.nextBoolean();
            assertEquals(model.countByMember(bound, inclusive), tree.countByMember(bound, inclusive));
        }
        assertEquals(0, tree.countByMember(new byte[0], false));
        assertEquals(model.entries.size(), tree.countByMember(new byte[] {(byte) 0xff, (byte) 0xff, 0}, true));
    }

    @Test
    void orderedInsertsFillLeavesAndEveryRemovalOrderKeepsTheInvariants() {
        int n = 20_000;
        for (String pattern : List.of("ascending", "descending")) {
            for (String removal : List.of("first", "last", "random", "middle")) {
                RankTree tree = new RankTree();
                Model model = new Model();
                for (int i = 0; i < n; i++) {
                    int v = pattern.equals("ascending") ? i : n - i;
                    tree.insert(v, bytes("k"));
                    model.insert(v, bytes("k"));
                }
                assertSameAs(model, tree);
                // Leaves filled in order are full, apart from the ones at the edges.
                assertTrue(tree.leafCount() <= n / RankTree.LEAF_CAPACITY + 2,
                        pattern + ": " + tree.leafCount() + " leaves");
                SplittableRandom random = new SplittableRandom(3);
                while (tree.size() > 0) {
                    int rank = switch (removal) {
                        case "first" -> 0;
                        case "last" -> tree.size() - 1;
                        case "middle" -> tree.size() / 2;
                        default -> random.nextInt(tree.size());
                    };
                    RankTree.Cursor c = tree.at(rank);
                    double score = c.score();
                    byte[] member = c.member();
                    assertTrue(tree.remove(score, member));
                    assertTrue(model.remove(score, member));
                    if (tree.size() % 1500 == 0) {
                        assertSameAs(model, tree);
                    }
                }
                assertSameAs(model, tree);
                assertFalse(tree.first().valid());
                assertFalse(tree.last().valid());
            }
        }
    }

    @Test
    void scoresCompareAsCDoublesAndTiesByMemberBytes() {
        RankTree tree = new RankTree();
        tree.insert(0.0, bytes("b"));
        tree.insert(-0.0, bytes("a"));
        tree.insert(Double.NEGATIVE_INFINITY, bytes("z"));
        tree.insert(Double.POSITIVE_INFINITY, bytes("\u0000"));
        tree.insert(1, new byte[] {(byte) 0x80});
        tree.insert(1, new byte[] {0x7f, 0});
        tree.insert(1, new byte[] {0x7f});
        List<String> order = new ArrayList<>();
        tree.forEach((m, s) -> order.add(new String(m, StandardCharsets.ISO_8859_1) + "=" + s));
        assertEquals(List.of("z=-Infinity", "a=-0.0", "b=0.0", "\u007f=1.0", "\u007f\u0000=1.0", "\u0080=1.0",
                "\u0000=Infinity"), order);
        // -0 and 0 are the same score: both are counted on either side of either zero.
        assertEquals(1, tree.countByScore(0.0, false));
        assertEquals(3, tree.countByScore(-0.0, true));
        assertEquals(1, tree.rank(0.0, bytes("a")));
        assertEquals(2, tree.rank(-0.0, bytes("b")));
        assertEquals(-1, tree.rank(1, bytes("a")));
        assertTrue(tree.remove(0.0, bytes("a")));
        tree.clearNegativeZeros();
        tree.verify();
    }

    @Test
    void aCopyIsIndependent() {
        RankTree tree = new RankTree();
        Model model = new Model();
        for (int i = 0; i < 3000; i++) {
            tree.insert(i % 17, bytes("m" + i));
            model.insert(i % 17, bytes("m" + i));
        }
        RankTree copy = tree.copy();
        assertSameAs(model, copy);
        for (int i = 0; i < 3000; i += 2) {
            assertTrue(tree.remove(i % 17, bytes("m" + i)));
        }
        copy.insert(100, bytes("extra"));
        model.insert(100, bytes("extra"));
        assertSameAs(model, copy);
        assertEquals(1500, tree.size());
        tree.verify();
    }

    @Test
    void linearScanFindsScoresForListpackSizedSets() {
        RankTree tree = new RankTree();
        for (int i = 0; i < 200; i++) {
            tree.insert(i * 0.5, bytes("m" + i));
        }
        assertEquals(49.5, tree.scanForScore(bytes("m99")));
        assertTrue(Double.isNaN(tree.scanForScore(bytes("m200"))));
    }

    @Test
    void ranksOutsideTheTreeAreRejected() {
        RankTree tree = new RankTree();
        assertThrows(IndexOutOfBoundsException.class, () -> tree.at(0));
        tree.insert(1, bytes("a"));
        assertThrows(IndexOutOfBoundsException.class, () -> tree.at(1));
        assertThrows(IndexOutOfBoundsException.class, () -> tree.at(-1));
    }
}
