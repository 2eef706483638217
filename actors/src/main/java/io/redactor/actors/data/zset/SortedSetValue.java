package io.redactor.actors.data.zset;

import io.redactor.actors.data.BlockableValue;
import io.redactor.actors.data.SizedValue;

/**
 * A sorted set: members (binary, stored immutably and shared with replies) with scores, ordered by score then
 * member bytes. The entries live in a {@link RankTree}; while the set is small enough for Redis to keep it in a
 * listpack, members are found by a linear scan as Redis does, and past that a {@link MemberIndex} maps members
 * to scores. The encoding goes one way, as in Redis 7.0: a write that would exceed zset-max-listpack-entries or
 * zset-max-listpack-value converts the set to "skiplist" for good (only freshly built sets, see
 * {@link SortedSetBuilder}, may start as a listpack again).
 *
 * <p>A listpack stores an integral score as an integer, so a score of -0 becomes 0 there; this class does the
 * same while the set is listpack-encoded, and keeps -0 after it is not.
 */
public final class SortedSetValue extends SizedValue implements BlockableValue {
    private RankTree tree;
    /** Null while the set is listpack-encoded. */
    private MemberIndex index;

    public SortedSetValue(boolean listpack) {
        this(new RankTree(), listpack ? null : new MemberIndex());
    }

    private SortedSetValue(RankTree tree, MemberIndex index) {
        this.tree = tree;
        this.index = index;
    }

    /**
     * An empty set about to receive {@code firstMember}, as Redis 7.0's ZADD creates one: a skiplist when
     * listpacks are disabled (zset-max-listpack-entries 0) or the member is longer than zset-max-listpack-value.
     */
    public static SortedSetValue forFirstMember(byte[] firstMember, long maxListpackEntries,
                                                long maxListpackValue) {
        return forMembers(firstMember, 0, maxListpackEntries, maxListpackValue);
    }

    /**
     * {@link #forFirstMember} for a set whose size is known (one read from a snapshot): its first leaf has room for
     * {@code expected} members.
     */
    public static SortedSetValue forMembers(byte[] firstMember, int expected, long maxListpackEntries,
                                            long maxListpackValue) {
        boolean listpack = maxListpackEntries != 0 && firstMember.length <= maxListpackValue;
        return new SortedSetValue(new RankTree(expected), listpack ? null : new MemberIndex(expected));
    }

    static SortedSetValue of(RankTree tree, MemberIndex index) {
        return new SortedSetValue(tree, index);
    }

    @Override
    public String typeName() {
        return "zset";
    }

    @Override
    public String encoding() {
        return index == null ? "listpack" : "skiplist";
    }

    @Override
    public long memoryBytes() {
        return shell(2, 0) + tree.memoryBytes() + (index == null ? 0 : index.memoryBytes());
    }

    public boolean isListpack() {
        return index == null;
    }

    @Override
    public SortedSetValue copy() {
        return new SortedSetValue(tree.copy(), index == null ? null : index.copy());
    }

    public int size() {
        return tree.size();
    }

    public boolean isEmpty() {
        return tree.size() == 0;
    }

    /** The member's score, or NaN when it is not in the set (scores are never NaN). */
    public double score(byte[] member) {
        if (index == null) {
            return tree.scanForScore(member);
        }
        int e = index.find(member);
        return e < 0 ? Double.NaN : index.score(e);
    }

    /**
     * Adds a member the caller knows is absent, converting the set to a skiplist first when it would outgrow
     * a listpack (Redis's zsetAdd). The set keeps the array, which must not change afterwards.
     */
    public void add(byte[] member, double score, long maxListpackEntries, long maxListpackValue) {
        if (index == null && (tree.size() + 1L > maxListpackEntries || member.length > maxListpackValue)) {
            convertToSkiplist();
        }
        if (index == null) {
            tree.insert(score == 0 ? 0.0 : score, member);
        } else {
            tree.insert(score, member);
            index.insert(member, score);
        }
    }

    /** Changes the score of a member that has {@code oldScore} now. */
    public void updateScore(byte[] member, double oldScore, double newScore) {
        tree.remove(oldScore, member);
        if (index == null) {
            tree.insert(newScore == 0 ? 0.0 : newScore, member);
        } else {
            tree.insert(newScore, member);
            index.setScore(index.find(member), newScore);
        }
    }

    /** Removes a member; false when it was not in the set. */
    public boolean remove(byte[] member) {
        double score = score(member);
        if (Double.isNaN(score)) {
            return false;
        }
        tree.remove(score, member);
        if (index != null) {
            index.remove(member);
        }
        return true;
    }

    /** The member's rank from the lowest score (from the highest when {@code reverse}), or -1 when absent. */
    public int rank(byte[] member, boolean reverse) {
        double score = score(member);
        if (Double.isNaN(score)) {
            return -1;
        }
        int rank = tree.rank(score, member);
        return reverse ? tree.size() - 1 - rank : rank;
    }

    /** The ranks of the members whose scores are in {@code range}. */
    public RankSpan scoreSpan(ScoreRange range) {
        int start = tree.countByScore(range.min(), range.minExclusive());
        int end = tree.countByScore(range.max(), !range.maxExclusive());
        return start < end ? new RankSpan(start, end) : RankSpan.EMPTY;
    }

    /**
     * The ranks of the members in a lexicographic range, walked from the low end (from the high end when
     * {@code fromTop}), as Redis finds them. Lexicographic ranges assume equal scores, so that members ascend
     * with ranks; when they do not, a listpack-encoded set answers exactly as Redis's listpack walk does
     * (the first member in range from that end, then its neighbours while they stay in range), and a
     * skiplist-encoded one answers by bisection (Redis's own answer then depends on its skiplist's levels).
     */
    public RankSpan lexSpan(LexRange range, boolean fromTop) {
        int size = tree.size();
        if (range.isEmpty() || size == 0 || !range.aboveMin(tree.last().member())
                || !range.belowMax(tree.first().member())) {
            return RankSpan.EMPTY;
        }
        if (index != null) {
            int start = range.min() == LexRange.MINUS_INFINITY ? 0
                    : tree.countByMember(range.min(), range.minExclusive());
            int end = range.max() == LexRange.PLUS_INFINITY ? size
                    : tree.countByMember(range.max(), !range.maxExclusive());
            return start < end ? new RankSpan(start, end) : RankSpan.EMPTY;
        }
        if (!fromTop) {
            RankTree.Cursor c = tree.first();
            int i = 0;
            while (c.valid() && !range.aboveMin(c.member())) {
                c.next();
                i++;
            }
            if (!c.valid() || !range.belowMax(c.member())) {
                return RankSpan.EMPTY;
            }
            int start = i;
            while (c.valid() && range.belowMax(c.member())) {
                c.next();
                i++;
            }
            return new RankSpan(start, i);
        }
        RankTree.Cursor c = tree.last();
        int i = size - 1;
        while (c.valid() && !range.belowMax(c.member())) {
            c.previous();
            i--;
        }
        if (!c.valid() || !range.aboveMin(c.member())) {
            return RankSpan.EMPTY;
        }
        int end = i + 1;
        while (c.valid() && range.aboveMin(c.member())) {
            c.previous();
            i--;
        }
        return new RankSpan(i + 1, end);
    }

    /**
     * Visits the entries of ranks {@code start} to {@code end} (exclusive), from the low end, or from the high
     * end when {@code reverse}; {@code 0 <= start <= end <= size()}.
     */
    public void visit(int start, int end, boolean reverse, EntryVisitor visitor) {
        if (start >= end) {
            return;
        }
        RankTree.Cursor c = tree.at(reverse ? end - 1 : start);
        for (int n = end - start; n > 0; n--) {
            visitor.visit(c.member(), c.score());
            if (reverse) {
                c.previous();
            } else {
                c.next();
            }
        }
    }

    /**
     * Visits the entries with scores from {@code min} (inclusive) to {@code maxExclusive}, in order, while
     * {@code scanner} returns true.
     */
    public void scanScores(double min, double maxExclusive, EntryScanner scanner) {
        int rank = tree.countByScore(min, false);
        if (rank >= tree.size()) {
            return;
        }
        for (RankTree.Cursor c = tree.at(rank); c.valid() && c.score() < maxExclusive; c.next()) {
            if (!scanner.visit(c.member(), c.score())) {
                return;
            }
        }
    }

    /** Visits every entry in order. */
    public void forEach(EntryVisitor visitor) {
        tree.forEach(visitor);
    }

    /** Visits the entry of the given rank. */
    public void visitAt(int rank, EntryVisitor visitor) {
        RankTree.Cursor c = tree.at(rank);
        visitor.visit(c.member(), c.score());
    }

    /**
     * Removes the entries of ranks {@code start} to {@code end} (exclusive), lowest first or highest first when
     * {@code fromTop}, telling {@code removed} about each.
     */
    public void removeRange(int start, int end, boolean fromTop, EntryVisitor removed) {
        for (int n = end - start; n > 0; n--) {
            RankTree.Cursor c = tree.at(fromTop ? start + n - 1 : start);
            byte[] member = c.member();
            double score = c.score();
            tree.remove(score, member);
            if (index != null) {
                index.remove(member);
            }
            if (removed != null) {
                removed.visit(member, score);
            }
        }
    }

    /**
     * One step of ZSCAN over a skiplist-encoded set (listpack-encoded sets are returned whole by the caller):
     * Redis's loop over its hash table, which stops after {@code count * 10} buckets or once the reply holds
     * {@code count} items, a member and a score counting as two. Returns the next cursor, 0 when done.
     */
    public long scan(long cursor, long count, EntryVisitor visitor) {
        long maxIterations = count > Long.MAX_VALUE / 10 ? Long.MAX_VALUE : count * 10;
        long[] items = new long[1];
        EntryVisitor counting = (member, score) -> {
            items[0] += 2;
            visitor.visit(member, score);
        };
        do {
            cursor = index.scan(cursor, counting);
        } while (cursor != 0 && maxIterations-- > 0 && items[0] < count);
        return cursor;
    }

    private void convertToSkiplist() {
        MemberIndex built = new MemberIndex(tree.size() + 1);
        tree.forEach(built::insert);
        index = built;
    }

    /** Drops the member index and the negative zeros, as Redis's conversion to a listpack does. */
    void convertToListpack() {
        index = null;
        tree.clearNegativeZeros();
    }
}
