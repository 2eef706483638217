package io.redactor.actors.data.zset;

/** A score interval of ZRANGEBYSCORE and friends; each bound inclusive unless marked exclusive ("(1.5"). */
public record ScoreRange(double min, boolean minExclusive, double max, boolean maxExclusive) {
    public boolean aboveMin(double score) {
        return minExclusive ? score > min : score >= min;
    }

    public boolean belowMax(double score) {
        return maxExclusive ? score < max : score <= max;
    }
}
