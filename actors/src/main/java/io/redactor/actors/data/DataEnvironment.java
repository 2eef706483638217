package io.redactor.actors.data;

/** What the data layer needs from the server around it: access-tracking settings and statistics. */
public interface DataEnvironment {
    /** True when the eviction policy is an LFU one: the access bits then hold a frequency counter. */
    boolean lfu();

    int lfuLogFactor();

    int lfuDecayTime();

    void keyspaceHit();

    void keyspaceMiss();

    void keyExpired();

    /** A key was evicted to free memory (INFO evicted_keys). */
    default void keyEvicted() {
    }

    /** lazyfree-lazy-eviction: Redis records an evicted key's deletion as UNLINK rather than DEL. */
    default boolean lazyEviction() {
        return false;
    }

    /** lazyfree-lazy-expire: Redis records an expired key's deletion as UNLINK rather than DEL. */
    default boolean lazyExpiry() {
        return false;
    }

    /**
     * True while the data set loads: keys do not expire then (as in Redis), because the log being replayed already
     * holds the deletion of every key that expired, at the point it happened.
     */
    boolean expiryPaused();

    /**
     * True during CLIENT PAUSE (WRITE or ALL): keys past their time read as missing but are not deleted (nor counted
     * as expired) until the pause ends, as in Redis 7.0.
     */
    default boolean expiryDeferred() {
        return false;
    }
}
