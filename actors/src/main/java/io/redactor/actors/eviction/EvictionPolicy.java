package io.redactor.actors.eviction;

import io.redactor.actors.data.AccessClock;
import io.redactor.actors.data.Database;

import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One of Redis 7.0's eight maxmemory policies: which keys it may evict (all, or those with a time to live) and how it
 * ranks them, as a score where higher is evicted first (Redis's idle value in its eviction pool).
 */
public enum EvictionPolicy {
    NOEVICTION(false, null),
    ALLKEYS_LRU(false, Rank.LRU),
    VOLATILE_LRU(true, Rank.LRU),
    ALLKEYS_LFU(false, Rank.LFU),
    VOLATILE_LFU(true, Rank.LFU),
    ALLKEYS_RANDOM(false, Rank.RANDOM),
    VOLATILE_RANDOM(true, Rank.RANDOM),
    VOLATILE_TTL(true, Rank.TTL);

    private enum Rank { LRU, LFU, RANDOM, TTL }

    private final boolean volatileOnly;
    private final Rank rank;

    EvictionPolicy(boolean volatileOnly, Rank rank) {
        this.volatileOnly = volatileOnly;
        this.rank = rank;
    }

    /** The policy maxmemory-policy names ({@code allkeys-lru}, ...). */
    public static EvictionPolicy of(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    public boolean evicts() {
        return rank != null;
    }

    public boolean volatileOnly() {
        return volatileOnly;
    }

    /** The scoring of candidates, with LFU's decay period in minutes. */
    public Database.EvictionScore scoring(int lfuDecayMinutes) {
        return switch (rank) {
            case LRU -> (bits, expireAt, now) -> AccessClock.idleSeconds(bits, now) * 1000;
            case LFU -> (bits, expireAt, now) -> 255 - AccessClock.frequency(bits, now, lfuDecayMinutes);
            case TTL -> (bits, expireAt, now) -> Long.MAX_VALUE - expireAt;
            case RANDOM -> (bits, expireAt, now) -> ThreadLocalRandom.current().nextLong(Long.MAX_VALUE);
        };
    }
}
