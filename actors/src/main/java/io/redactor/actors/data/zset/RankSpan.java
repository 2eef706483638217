package io.redactor.actors.data.zset;

/** The ranks {@code start} (inclusive) to {@code end} (exclusive) of a sorted set. */
public record RankSpan(int start, int end) {
    public static final RankSpan EMPTY = new RankSpan(0, 0);

    public int length() {
        return end - start;
    }

    public boolean isEmpty() {
        return end <= start;
    }
}
