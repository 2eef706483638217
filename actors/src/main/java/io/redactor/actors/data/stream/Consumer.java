package io.redactor.actors.data.stream;

import java.util.Collections;
import java.util.NavigableMap;
import java.util.TreeMap;

/** A consumer of a group: its name, when it was last seen (unix ms) and the entries pending for it. */
public final class Consumer {
    private final byte[] name;
    private long seenTime;
    final TreeMap<StreamId, PendingEntry> pending = new TreeMap<>();

    Consumer(byte[] name, long seenTime) {
        this.name = name;
        this.seenTime = seenTime;
    }

    public byte[] name() {
        return name;
    }

    public long seenTime() {
        return seenTime;
    }

    public void seen(long unixMs) {
        seenTime = unixMs;
    }

    /** Its pending entries by ID. */
    public NavigableMap<StreamId, PendingEntry> pending() {
        return Collections.unmodifiableNavigableMap(pending);
    }

    public int pendingCount() {
        return pending.size();
    }
}
