package io.redactor.actors.data;

/** A data environment for tests of the data structures: LRU, Redis's LFU defaults, no counters; expiry as set. */
public final class TestDataEnvironment implements DataEnvironment {
    /** Whether expiry is paused (CLIENT PAUSE): keys past their time then read as gone but stay. */
    public boolean paused;

    @Override
    public boolean lfu() {
        return false;
    }

    @Override
    public int lfuLogFactor() {
        return 10;
    }

    @Override
    public int lfuDecayTime() {
        return 1;
    }

    @Override
    public void keyspaceHit() {
    }

    @Override
    public void keyspaceMiss() {
    }

    @Override
    public void keyExpired() {
    }

    @Override
    public boolean expiryPaused() {
        return paused;
    }
}
