package io.redactor.actors.data;

/** The time a command runs at, frozen for its duration as in Redis; one per partition, set per command. */
public final class CommandClock {
    private long now = System.currentTimeMillis();

    public long now() {
        return now;
    }

    public void set(long unixMs) {
        now = unixMs;
    }
}
