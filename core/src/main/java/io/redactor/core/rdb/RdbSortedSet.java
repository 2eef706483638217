package io.redactor.core.rdb;

import java.util.List;
import java.util.Objects;

/**
 * A sorted set value: {@code members.get(i)} has score {@code scores[i]}, members distinct, scores never NaN.
 * For writing they must be in Redis's order: ascending score, equal scores by member bytes (unsigned). Read back,
 * they come in that order from whatever Redis wrote (a skiplist-encoded set is stored from the highest score down;
 * the reader turns it around); from a hand-made file, in the stored order (reversed for the skiplist encodings).
 * {@code listpack} says the set is (for writing) or was stored as (when read) a listpack or ziplist.
 */
public record RdbSortedSet(List<byte[]> members, double[] scores, boolean listpack) implements RdbValue {
    public RdbSortedSet {
        Objects.requireNonNull(members, "members");
        Objects.requireNonNull(scores, "scores");
        if (members.size() != scores.length) {
            throw new IllegalArgumentException(members.size() + " members but " + scores.length + " scores");
        }
    }

    @Override
    public int size() {
        return members.size();
    }
}
