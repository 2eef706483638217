package io.redactor.actors.data.zset;

/**
 * Collects the members and scores of a computed sorted set (ZUNION, ZINTER, ZDIFF and their STORE forms),
 * where a member may be met several times and its score aggregated, then builds the set. Like Redis, which
 * computes into a skiplist and converts the result to a listpack if it is small enough, the built set is
 * skiplist-encoded unless {@link #build} is asked for the stored form.
 */
public final class SortedSetBuilder {
    private final MemberIndex index;
    private int longestMember;

    public SortedSetBuilder(int expectedSize) {
        index = new MemberIndex(expectedSize);
    }

    public int size() {
        return index.size();
    }

    /** The entry of a member, to read or update its score; -1 when it was not added. */
    public int find(byte[] member) {
        return index.find(member);
    }

    public double score(int entry) {
        return index.score(entry);
    }

    public void setScore(int entry, double score) {
        index.setScore(entry, score);
    }

    /** Adds a member that is not in the builder yet. */
    public void add(byte[] member, double score) {
        index.insert(member, score);
        longestMember = Math.max(longestMember, member.length);
    }

    /** The set as computed, skiplist-encoded: what ZUNION, ZINTER and ZDIFF reply from. */
    public SortedSetValue build() {
        RankTree tree = new RankTree();
        index.forEach((member, score) -> tree.insert(score, member));
        return SortedSetValue.of(tree, index);
    }

    /**
     * The set to store (ZUNIONSTORE and friends): listpack-encoded when it has at most
     * {@code maxListpackEntries} members, none longer than {@code maxListpackValue} bytes.
     */
    public SortedSetValue build(long maxListpackEntries, long maxListpackValue) {
        SortedSetValue value = build();
        if (index.size() <= maxListpackEntries && longestMember <= maxListpackValue) {
            value.convertToListpack();
        }
        return value;
    }
}
