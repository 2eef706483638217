package io.redactor.actors.data.zset;

import io.redactor.actors.data.JvmLayout;

import java.util.Arrays;

/**
 * The entries of a sorted set in {@link ScoreOrder}, as an order-statistic B+-tree. Leaves hold sorted parallel
 * arrays of scores and members and are linked both ways; an inner node holds, per child, the number of entries
 * below it and a separator: a lower bound of the child's entries that is above every entry of the child before
 * it (the first child's separator is not used for searching). Finding an entry, its rank, the number of entries
 * below a score or member bound and the entry at a rank all take O(log n); neighbours are reached through the
 * leaf links.
 *
 * <p>Compared with a skiplist's node per entry, an entry costs about 12 bytes here (a score and a reference, in
 * leaves kept 50-100% full). Leaves split in halves, except at the edges of the tree, where appending or
 * prepending in order leaves full leaves behind. A leaf or inner node that falls below a quarter of its capacity
 * is merged with a sibling or takes entries from it. Single-threaded.
 */
final class RankTree {
    static final int LEAF_CAPACITY = 64;
    static final int INNER_CAPACITY = 64;
    private static final int LEAF_MIN = LEAF_CAPACITY / 4;
    private static final int INNER_MIN = INNER_CAPACITY / 4;
    /** The first leaf grows from this size to {@link #LEAF_CAPACITY}: small sets stay small. */
    private static final int FIRST_LEAF_CAPACITY = 4;

    private Node root;
    private Leaf head;
    private Leaf tail;
    private int size;
    /** Bytes of the tree's nodes and their arrays. */
    private long nodeBytes;
    /** Bytes of the member arrays. */
    private long contentBytes;

    private static final long INNER_BYTES = JvmLayout.object(4, 4) + JvmLayout.refs(INNER_CAPACITY + 1)
            + JvmLayout.array(INNER_CAPACITY + 1, 4) + JvmLayout.array(INNER_CAPACITY + 1, 8)
            + JvmLayout.refs(INNER_CAPACITY + 1);

    private static long leafBytes(int capacity) {
        return JvmLayout.object(4, 4) + JvmLayout.array(capacity, 8) + JvmLayout.refs(capacity);
    }

    /** Bytes of heap the tree holds, members included. */
    long memoryBytes() {
        return JvmLayout.object(3, 4 + 16) + nodeBytes + contentBytes;
    }

    RankTree() {
        this(FIRST_LEAF_CAPACITY);
    }

    /** An empty tree whose first leaf has room for {@code expected} entries (within a leaf's capacity). */
    RankTree(int expected) {
        int capacity = Math.max(FIRST_LEAF_CAPACITY, Math.min(LEAF_CAPACITY, expected));
        nodeBytes = leafBytes(capacity);
        Leaf leaf = new Leaf(capacity);
        root = leaf;
        head = leaf;
        tail = leaf;
    }

    int size() {
        return size;
    }

    /** Adds an entry that the caller knows is not in the tree. */
    void insert(double score, byte[] member) {
        Node split = insert(root, score, member, true, true);
        contentBytes += JvmLayout.bytes(member.length);
        if (split != null) {
            nodeBytes += INNER_BYTES;
            Inner top = new Inner();
            top.children[0] = root;
            top.counts[0] = count(root);
            top.children[1] = split;
            top.counts[1] = count(split);
            top.keyScores[1] = separatorScore(split);
            top.keyMembers[1] = separatorMember(split);
            top.size = 2;
            root = top;
        }
        size++;
    }

    /** Removes the entry; false when it is not in the tree. */
    boolean remove(double score, byte[] member) {
        if (!remove(root, score, member)) {
            return false;
        }
        size--;
        contentBytes -= JvmLayout.bytes(member.length);
        while (root instanceof Inner inner && inner.size == 1) {
            nodeBytes -= INNER_BYTES;
            root = inner.children[0];
        }
        return true;
    }

    /** The rank (0-based) of the entry, or -1 when it is not in the tree. */
    int rank(double score, byte[] member) {
        Node node = root;
        int rank = 0;
        while (node instanceof Inner inner) {
            int i = childFor(inner, score, member);
            rank += countBefore(inner, i);
            node = inner.children[i];
        }
        Leaf leaf = (Leaf) node;
        int pos = lowerBound(leaf, score, member);
        return pos < leaf.size && isAt(leaf, pos, score, member) ? rank + pos : -1;
    }

    /** How many entries have a score below {@code score}, or not above it when {@code inclusive}. */
    int countByScore(double score, boolean inclusive) {
        Node node = root;
        int count = 0;
        while (node instanceof Inner inner) {
            int lo = 1;
            int hi = inner.size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                double key = inner.keyScores[mid];
                if (inclusive ? key <= score : key < score) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            int i = lo - 1;
            count += countBefore(inner, i);
            node = inner.children[i];
        }
        Leaf leaf = (Leaf) node;
        int lo = 0;
        int hi = leaf.size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            double s = leaf.scores[mid];
            if (inclusive ? s <= score : s < score) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return count + lo;
    }

    /**
     * How many entries have a member below {@code member}, or not above it when {@code inclusive}, provided
     * members ascend with the ranks (as they do when all scores are equal, which lexicographic ranges assume).
     */
    int countByMember(byte[] member, boolean inclusive) {
        Node node = root;
        int count = 0;
        while (node instanceof Inner inner) {
            int lo = 1;
            int hi = inner.size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                int c = ScoreOrder.compareMembers(inner.keyMembers[mid], member);
                if (inclusive ? c <= 0 : c < 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            int i = lo - 1;
            count += countBefore(inner, i);
            node = inner.children[i];
        }
        Leaf leaf = (Leaf) node;
        int lo = 0;
        int hi = leaf.size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            int c = ScoreOrder.compareMembers(leaf.members[mid], member);
            if (inclusive ? c <= 0 : c < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return count + lo;
    }

    /** A cursor on the entry of the given rank, {@code 0 <= rank < size()}. */
    Cursor at(int rank) {
        if (rank < 0 || rank >= size) {
            throw new IndexOutOfBoundsException("rank " + rank + " of " + size);
        }
        Node node = root;
        int r = rank;
        while (node instanceof Inner inner) {
            int i = 0;
            while (r >= inner.counts[i]) {
                r -= inner.counts[i];
                i++;
            }
            node = inner.children[i];
        }
        return new Cursor((Leaf) node, r);
    }

    /** A cursor on the first entry; not {@link Cursor#valid()} when the tree is empty. */
    Cursor first() {
        return new Cursor(size == 0 ? null : head, 0);
    }

    /** A cursor on the last entry; not {@link Cursor#valid()} when the tree is empty. */
    Cursor last() {
        return new Cursor(size == 0 ? null : tail, tail.size - 1);
    }

    /** Visits every entry in order. */
    void forEach(EntryVisitor visitor) {
        for (Leaf leaf = head; leaf != null; leaf = leaf.next) {
            for (int i = 0; i < leaf.size; i++) {
                visitor.visit(leaf.members[i], leaf.scores[i]);
            }
        }
    }

    /** The score of {@code member} found by a linear scan, or NaN when it is absent: listpack-sized sets. */
    double scanForScore(byte[] member) {
        for (Leaf leaf = head; leaf != null; leaf = leaf.next) {
            for (int i = 0; i < leaf.size; i++) {
                if (Arrays.equals(leaf.members[i], member)) {
                    return leaf.scores[i];
                }
            }
        }
        return Double.NaN;
    }

    /** Turns every score of -0 into 0 (listpacks keep no negative zero); the order does not change. */
    void clearNegativeZeros() {
        for (Leaf leaf = head; leaf != null; leaf = leaf.next) {
            for (int i = 0; i < leaf.size; i++) {
                if (leaf.scores[i] == 0) {
                    leaf.scores[i] = 0.0;
                }
            }
        }
    }

    /** An independent copy; the member arrays, which nobody mutates, are shared. */
    RankTree copy() {
        RankTree copy = new RankTree();
        Leaf[] previous = new Leaf[1];
        copy.root = copyNode(root, copy, previous);
        copy.tail = previous[0];
        copy.size = size;
        copy.nodeBytes = nodeBytes;
        copy.contentBytes = contentBytes;
        return copy;
    }

    private static Node copyNode(Node node, RankTree copy, Leaf[] previous) {
        if (node instanceof Leaf leaf) {
            Leaf c = new Leaf(leaf.scores.length);
            System.arraycopy(leaf.scores, 0, c.scores, 0, leaf.size);
            System.arraycopy(leaf.members, 0, c.members, 0, leaf.size);
            c.size = leaf.size;
            if (previous[0] == null) {
                copy.head = c;
            } else {
                previous[0].next = c;
                c.prev = previous[0];
            }
            previous[0] = c;
            return c;
        }
        Inner inner = (Inner) node;
        Inner c = new Inner();
        for (int i = 0; i < inner.size; i++) {
            c.children[i] = copyNode(inner.children[i], copy, previous);
        }
        System.arraycopy(inner.counts, 0, c.counts, 0, inner.size);
        System.arraycopy(inner.keyScores, 0, c.keyScores, 0, inner.size);
        System.arraycopy(inner.keyMembers, 0, c.keyMembers, 0, inner.size);
        c.size = inner.size;
        return c;
    }

    // ---- insertion

    /** Inserts below {@code node}; returns the node's new right sibling when it split, else null. */
    private Node insert(Node node, double score, byte[] member, boolean leftEdge, boolean rightEdge) {
        if (node instanceof Leaf leaf) {
            return insertIntoLeaf(leaf, score, member, leftEdge, rightEdge);
        }
        Inner inner = (Inner) node;
        int i = childFor(inner, score, member);
        Node split = insert(inner.children[i], score, member, leftEdge && i == 0, rightEdge && i == inner.size - 1);
        inner.counts[i]++;
        if (split == null) {
            return null;
        }
        int moved = count(split);
        inner.counts[i] -= moved;
        insertChild(inner, i + 1, split, moved);
        if (inner.size <= INNER_CAPACITY) {
            return null;
        }
        int keep;
        if (leftEdge && i == 0) {
            keep = 1;
        } else if (rightEdge && i + 2 == inner.size) {
            keep = inner.size - 1;
        } else {
            keep = inner.size / 2;
        }
        nodeBytes += INNER_BYTES;
        return splitInner(inner, keep);
    }

    private Node insertIntoLeaf(Leaf leaf, double score, byte[] member, boolean leftEdge, boolean rightEdge) {
        int pos = lowerBound(leaf, score, member);
        if (leaf.size < LEAF_CAPACITY) {
            int capacity = leaf.scores.length;
            leaf.insertAt(pos, score, member);
            nodeBytes += leafBytes(leaf.scores.length) - leafBytes(capacity);
            return null;
        }
        int keep;
        if (rightEdge && pos == leaf.size) {
            keep = leaf.size;
        } else if (leftEdge && pos == 0) {
            keep = 0;
        } else {
            keep = leaf.size / 2;
        }
        Leaf right = new Leaf(LEAF_CAPACITY);
        nodeBytes += leafBytes(LEAF_CAPACITY);
        int moved = leaf.size - keep;
        System.arraycopy(leaf.scores, keep, right.scores, 0, moved);
        System.arraycopy(leaf.members, keep, right.members, 0, moved);
        Arrays.fill(leaf.members, keep, leaf.size, null);
        right.size = moved;
        leaf.size = keep;
        right.prev = leaf;
        right.next = leaf.next;
        if (leaf.next != null) {
            leaf.next.prev = right;
        } else {
            tail = right;
        }
        leaf.next = right;
        if (pos < keep || (pos == keep && keep < LEAF_CAPACITY)) {
            leaf.insertAt(pos, score, member);
        } else {
            right.insertAt(pos - keep, score, member);
        }
        return right;
    }

    private static void insertChild(Inner inner, int pos, Node child, int count) {
        int tailLength = inner.size - pos;
        System.arraycopy(inner.children, pos, inner.children, pos + 1, tailLength);
        System.arraycopy(inner.counts, pos, inner.counts, pos + 1, tailLength);
        System.arraycopy(inner.keyScores, pos, inner.keyScores, pos + 1, tailLength);
        System.arraycopy(inner.keyMembers, pos, inner.keyMembers, pos + 1, tailLength);
        inner.children[pos] = child;
        inner.counts[pos] = count;
        inner.keyScores[pos] = separatorScore(child);
        inner.keyMembers[pos] = separatorMember(child);
        inner.size++;
    }

    /** Moves the children from {@code keep} on into a new right sibling, whose first separator is theirs. */
    private static Inner splitInner(Inner inner, int keep) {
        Inner right = new Inner();
        int moved = inner.size - keep;
        System.arraycopy(inner.children, keep, right.children, 0, moved);
        System.arraycopy(inner.counts, keep, right.counts, 0, moved);
        System.arraycopy(inner.keyScores, keep, right.keyScores, 0, moved);
        System.arraycopy(inner.keyMembers, keep, right.keyMembers, 0, moved);
        Arrays.fill(inner.children, keep, inner.size, null);
        Arrays.fill(inner.keyMembers, keep, inner.size, null);
        right.size = moved;
        inner.size = keep;
        return right;
    }

    // ---- removal

    private boolean remove(Node node, double score, byte[] member) {
        if (node instanceof Leaf leaf) {
            int pos = lowerBound(leaf, score, member);
            if (pos == leaf.size || !isAt(leaf, pos, score, member)) {
                return false;
            }
            leaf.removeAt(pos);
            return true;
        }
        Inner inner = (Inner) node;
        int i = childFor(inner, score, member);
        if (!remove(inner.children[i], score, member)) {
            return false;
        }
        inner.counts[i]--;
        rebalance(inner, i);
        return true;
    }

    /** Merges or refills child {@code i} when it has fallen below its minimum. */
    private void rebalance(Inner inner, int i) {
        Node child = inner.children[i];
        boolean leaves = child instanceof Leaf;
        if (child.size >= (leaves ? LEAF_MIN : INNER_MIN) || inner.size < 2) {
            return;
        }
        int l = i > 0 ? i - 1 : 0;
        Node a = inner.children[l];
        Node b = inner.children[l + 1];
        if (a.size + b.size <= (leaves ? LEAF_CAPACITY : INNER_CAPACITY)) {
            if (leaves) {
                nodeBytes -= leafBytes(((Leaf) b).scores.length);
                mergeLeaves((Leaf) a, (Leaf) b);
            } else {
                nodeBytes -= INNER_BYTES;
                mergeInners(inner, l, (Inner) a, (Inner) b);
            }
            inner.counts[l] += inner.counts[l + 1];
            removeChild(inner, l + 1);
        } else if (leaves) {
            shareLeaves(inner, l, (Leaf) a, (Leaf) b);
        } else {
            shareInners(inner, l, (Inner) a, (Inner) b);
        }
    }

    private void mergeLeaves(Leaf a, Leaf b) {
        System.arraycopy(b.scores, 0, a.scores, a.size, b.size);
        System.arraycopy(b.members, 0, a.members, a.size, b.size);
        a.size += b.size;
        a.next = b.next;
        if (b.next != null) {
            b.next.prev = a;
        } else {
            tail = a;
        }
    }

    private static void mergeInners(Inner parent, int l, Inner a, Inner b) {
        System.arraycopy(b.children, 0, a.children, a.size, b.size);
        System.arraycopy(b.counts, 0, a.counts, a.size, b.size);
        System.arraycopy(b.keyScores, 0, a.keyScores, a.size, b.size);
        System.arraycopy(b.keyMembers, 0, a.keyMembers, a.size, b.size);
        // b's own first separator may be older than the parent's, which bounds a's entries too.
        a.keyScores[a.size] = parent.keyScores[l + 1];
        a.keyMembers[a.size] = parent.keyMembers[l + 1];
        a.size += b.size;
    }

    /** Evens out two neighbouring leaves. */
    private static void shareLeaves(Inner parent, int l, Leaf a, Leaf b) {
        int target = (a.size + b.size) / 2;
        if (a.size < target) {
            int k = target - a.size;
            System.arraycopy(b.scores, 0, a.scores, a.size, k);
            System.arraycopy(b.members, 0, a.members, a.size, k);
            System.arraycopy(b.scores, k, b.scores, 0, b.size - k);
            System.arraycopy(b.members, k, b.members, 0, b.size - k);
            Arrays.fill(b.members, b.size - k, b.size, null);
            a.size += k;
            b.size -= k;
        } else {
            int k = a.size - target;
            System.arraycopy(b.scores, 0, b.scores, k, b.size);
            System.arraycopy(b.members, 0, b.members, k, b.size);
            System.arraycopy(a.scores, a.size - k, b.scores, 0, k);
            System.arraycopy(a.members, a.size - k, b.members, 0, k);
            Arrays.fill(a.members, a.size - k, a.size, null);
            a.size -= k;
            b.size += k;
        }
        parent.counts[l] = a.size;
        parent.counts[l + 1] = b.size;
        parent.keyScores[l + 1] = b.scores[0];
        parent.keyMembers[l + 1] = b.members[0];
    }

    /** Evens out two neighbouring inner nodes. */
    private static void shareInners(Inner parent, int l, Inner a, Inner b) {
        int target = (a.size + b.size) / 2;
        int movedCount = 0;
        if (a.size < target) {
            int k = target - a.size;
            System.arraycopy(b.children, 0, a.children, a.size, k);
            System.arraycopy(b.counts, 0, a.counts, a.size, k);
            System.arraycopy(b.keyScores, 0, a.keyScores, a.size, k);
            System.arraycopy(b.keyMembers, 0, a.keyMembers, a.size, k);
            a.keyScores[a.size] = parent.keyScores[l + 1];
            a.keyMembers[a.size] = parent.keyMembers[l + 1];
            for (int j = 0; j < k; j++) {
                movedCount += b.counts[j];
            }
            parent.keyScores[l + 1] = b.keyScores[k];
            parent.keyMembers[l + 1] = b.keyMembers[k];
            int rest = b.size - k;
            System.arraycopy(b.children, k, b.children, 0, rest);
            System.arraycopy(b.counts, k, b.counts, 0, rest);
            System.arraycopy(b.keyScores, k, b.keyScores, 0, rest);
            System.arraycopy(b.keyMembers, k, b.keyMembers, 0, rest);
            Arrays.fill(b.children, rest, b.size, null);
            Arrays.fill(b.keyMembers, rest, b.size, null);
            a.size += k;
            b.size = rest;
            parent.counts[l] += movedCount;
            parent.counts[l + 1] -= movedCount;
        } else {
            int k = a.size - target;
            int from = a.size - k;
            System.arraycopy(b.children, 0, b.children, k, b.size);
            System.arraycopy(b.counts, 0, b.counts, k, b.size);
            System.arraycopy(b.keyScores, 0, b.keyScores, k, b.size);
            System.arraycopy(b.keyMembers, 0, b.keyMembers, k, b.size);
            b.keyScores[k] = parent.keyScores[l + 1];
            b.keyMembers[k] = parent.keyMembers[l + 1];
            System.arraycopy(a.children, from, b.children, 0, k);
            System.arraycopy(a.counts, from, b.counts, 0, k);
            System.arraycopy(a.keyScores, from, b.keyScores, 0, k);
            System.arraycopy(a.keyMembers, from, b.keyMembers, 0, k);
            for (int j = 0; j < k; j++) {
                movedCount += b.counts[j];
            }
            parent.keyScores[l + 1] = b.keyScores[0];
            parent.keyMembers[l + 1] = b.keyMembers[0];
            Arrays.fill(a.children, from, a.size, null);
            Arrays.fill(a.keyMembers, from, a.size, null);
            a.size = from;
            b.size += k;
            parent.counts[l] -= movedCount;
            parent.counts[l + 1] += movedCount;
        }
    }

    private static void removeChild(Inner inner, int pos) {
        int tailLength = inner.size - pos - 1;
        System.arraycopy(inner.children, pos + 1, inner.children, pos, tailLength);
        System.arraycopy(inner.counts, pos + 1, inner.counts, pos, tailLength);
        System.arraycopy(inner.keyScores, pos + 1, inner.keyScores, pos, tailLength);
        System.arraycopy(inner.keyMembers, pos + 1, inner.keyMembers, pos, tailLength);
        inner.size--;
        inner.children[inner.size] = null;
        inner.keyMembers[inner.size] = null;
    }

    // ---- searching

    /** The index of the first entry of the leaf that is not below (score, member). */
    private static int lowerBound(Leaf leaf, double score, byte[] member) {
        int lo = 0;
        int hi = leaf.size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ScoreOrder.compare(leaf.scores[mid], leaf.members[mid], score, member) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The child whose range holds (score, member): the last one whose separator is not above it. */
    private static int childFor(Inner inner, double score, byte[] member) {
        int lo = 1;
        int hi = inner.size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ScoreOrder.compare(inner.keyScores[mid], inner.keyMembers[mid], score, member) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - 1;
    }

    private static boolean isAt(Leaf leaf, int pos, double score, byte[] member) {
        return leaf.scores[pos] == score && Arrays.equals(leaf.members[pos], member);
    }

    private static int countBefore(Inner inner, int child) {
        int count = 0;
        for (int j = 0; j < child; j++) {
            count += inner.counts[j];
        }
        return count;
    }

    private static int count(Node node) {
        if (node instanceof Inner inner) {
            return countBefore(inner, inner.size);
        }
        return node.size;
    }

    private static double separatorScore(Node node) {
        return node instanceof Leaf leaf ? leaf.scores[0] : ((Inner) node).keyScores[0];
    }

    private static byte[] separatorMember(Node node) {
        return node instanceof Leaf leaf ? leaf.members[0] : ((Inner) node).keyMembers[0];
    }

    /** The number of leaves; for tests of how full they are. */
    int leafCount() {
        int n = 0;
        for (Leaf leaf = head; leaf != null; leaf = leaf.next) {
            n++;
        }
        return n;
    }

    /** Checks every structural invariant; for tests. */
    void verify() {
        Leaf[] previous = new Leaf[1];
        int counted = verify(root, true, true, null, Double.NaN, null, Double.NaN, previous);
        check(counted == size, "size " + size + " but " + counted + " entries");
        check(previous[0] == tail, "tail is not the last leaf");
        check(root instanceof Leaf || root.size >= 2, "inner root with one child");
    }

    /** Nodes on the tree's edges may be small: ordered inserts split them unevenly. */
    private int verify(Node node, boolean leftEdge, boolean rightEdge, byte[] lowMember, double lowScore,
                       byte[] highMember, double highScore, Leaf[] previous) {
        if (node instanceof Leaf leaf) {
            check(leftEdge || rightEdge ? leaf.size > 0 || node == root : leaf.size >= LEAF_MIN,
                    "leaf below minimum: " + leaf.size);
            check(leaf.prev == previous[0], "broken prev link");
            if (previous[0] == null) {
                check(head == leaf, "head is not the first leaf");
            } else {
                check(previous[0].next == leaf, "broken next link");
            }
            previous[0] = leaf;
            for (int i = 0; i < leaf.size; i++) {
                check(leaf.members[i] != null, "null member");
                if (i > 0) {
                    check(ScoreOrder.compare(leaf.scores[i - 1], leaf.members[i - 1], leaf.scores[i],
                            leaf.members[i]) < 0, "leaf out of order");
                }
                if (lowMember != null) {
                    check(ScoreOrder.compare(lowScore, lowMember, leaf.scores[i], leaf.members[i]) <= 0,
                            "entry below its separator");
                }
                if (highMember != null) {
                    check(ScoreOrder.compare(leaf.scores[i], leaf.members[i], highScore, highMember) < 0,
                            "entry not below the next separator");
                }
            }
            for (int i = leaf.size; i < leaf.members.length; i++) {
                check(leaf.members[i] == null, "stale member reference");
            }
            return leaf.size;
        }
        Inner inner = (Inner) node;
        check(leftEdge || rightEdge || inner.size >= INNER_MIN, "inner node below minimum: " + inner.size);
        check(inner.size <= INNER_CAPACITY, "inner node over capacity");
        int total = 0;
        for (int i = 0; i < inner.size; i++) {
            byte[] low = i == 0 ? lowMember : inner.keyMembers[i];
            double lowS = i == 0 ? lowScore : inner.keyScores[i];
            byte[] high = i + 1 < inner.size ? inner.keyMembers[i + 1] : highMember;
            double highS = i + 1 < inner.size ? inner.keyScores[i + 1] : highScore;
            int n = verify(inner.children[i], leftEdge && i == 0, rightEdge && i == inner.size - 1, low, lowS, high,
                    highS, previous);
            check(n == inner.counts[i], "count " + inner.counts[i] + " but " + n + " entries");
            check(n > 0, "empty child");
            total += n;
        }
        for (int i = inner.size; i < inner.children.length; i++) {
            check(inner.children[i] == null, "stale child reference");
        }
        return total;
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalStateException(message);
        }
    }

    /** A position in the tree, valid until the tree changes. */
    static final class Cursor {
        private Leaf leaf;
        private int index;

        private Cursor(Leaf leaf, int index) {
            this.leaf = leaf;
            this.index = index;
        }

        boolean valid() {
            return leaf != null;
        }

        double score() {
            return leaf.scores[index];
        }

        byte[] member() {
            return leaf.members[index];
        }

        void next() {
            if (++index >= leaf.size) {
                leaf = leaf.next;
                index = 0;
            }
        }

        void previous() {
            if (--index < 0) {
                leaf = leaf.prev;
                index = leaf == null ? 0 : leaf.size - 1;
            }
        }
    }

    private abstract static class Node {
        /** Entries of a leaf, children of an inner node. */
        int size;
    }

    private static final class Leaf extends Node {
        double[] scores;
        byte[][] members;
        Leaf prev;
        Leaf next;

        Leaf(int capacity) {
            scores = new double[capacity];
            members = new byte[capacity][];
        }

        void insertAt(int pos, double score, byte[] member) {
            if (size == scores.length) {
                int capacity = Math.min(LEAF_CAPACITY, size * 2);
                scores = Arrays.copyOf(scores, capacity);
                members = Arrays.copyOf(members, capacity);
            }
            System.arraycopy(scores, pos, scores, pos + 1, size - pos);
            System.arraycopy(members, pos, members, pos + 1, size - pos);
            scores[pos] = score;
            members[pos] = member;
            size++;
        }

        void removeAt(int pos) {
            System.arraycopy(scores, pos + 1, scores, pos, size - pos - 1);
            System.arraycopy(members, pos + 1, members, pos, size - pos - 1);
            size--;
            members[size] = null;
        }
    }

    private static final class Inner extends Node {
        // One slot beyond the capacity: a child is inserted before the node splits.
        final Node[] children = new Node[INNER_CAPACITY + 1];
        final int[] counts = new int[INNER_CAPACITY + 1];
        final double[] keyScores = new double[INNER_CAPACITY + 1];
        final byte[][] keyMembers = new byte[INNER_CAPACITY + 1][];
    }
}
