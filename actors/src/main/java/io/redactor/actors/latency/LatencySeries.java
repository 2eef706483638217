package io.redactor.actors.latency;

import java.util.ArrayList;
import java.util.List;

/**
 * The recent samples of one latency event, as Redis keeps them: at most {@value #LENGTH} samples (Unix second,
 * milliseconds), one per second (a second sample in the same second keeps the larger latency), oldest dropped
 * first, and the largest latency seen since the event was created or reset. Thread-safe.
 */
public final class LatencySeries {
    static final int LENGTH = 160;

    private final long[] seconds = new long[LENGTH];
    private final long[] millis = new long[LENGTH];
    private int next;
    private long allTimeHigh;

    /** A sample in time order, oldest first. */
    public record Sample(long unixSeconds, long millis) {
    }

    synchronized void add(long unixSeconds, long latencyMillis) {
        allTimeHigh = Math.max(allTimeHigh, latencyMillis);
        int previous = (next + LENGTH - 1) % LENGTH;
        if (seconds[previous] == unixSeconds) {
            millis[previous] = Math.max(millis[previous], latencyMillis);
            return;
        }
        seconds[next] = unixSeconds;
        millis[next] = latencyMillis;
        next = (next + 1) % LENGTH;
    }

    public synchronized List<Sample> samples() {
        List<Sample> result = new ArrayList<>();
        for (int i = 0; i < LENGTH; i++) {
            int index = (next + i) % LENGTH;
            if (seconds[index] != 0) {
                result.add(new Sample(seconds[index], millis[index]));
            }
        }
        return result;
    }

    /** The newest sample; null when there is none. */
    public synchronized Sample latest() {
        int last = (next + LENGTH - 1) % LENGTH;
        return seconds[last] == 0 ? null : new Sample(seconds[last], millis[last]);
    }

    public synchronized long allTimeHigh() {
        return allTimeHigh;
    }
}
