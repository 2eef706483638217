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
}
