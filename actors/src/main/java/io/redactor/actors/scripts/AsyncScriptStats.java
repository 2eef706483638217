package io.redactor.actors.scripts;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of async scripts for INFO: how many completed, were rejected or were stopped, how many commands they
 * called, and how long those calls took (a histogram since start-up, fed by many threads at once).
 */
final class AsyncScriptStats {
    private static final long MAX_TRACKED_MICROS = TimeUnit.MINUTES.toMicros(10);

    final LongAdder started = new LongAdder();
    final LongAdder completed = new LongAdder();
    final LongAdder rejected = new LongAdder();
    final LongAdder killed = new LongAdder();
    final LongAdder timedOut = new LongAdder();
    final LongAdder calls = new LongAdder();
    private final Recorder recorder = new Recorder(MAX_TRACKED_MICROS, 2);
    private final Histogram callLatencies = new Histogram(MAX_TRACKED_MICROS, 2);

    void recordCall(long nanos) {
        calls.increment();
        recorder.recordValue(Math.min(MAX_TRACKED_MICROS, Math.max(1, nanos / 1000)));
    }

    /** The call latencies at {@code percentiles} (0-100) in microseconds, over every call so far. */
    synchronized double[] callLatencyMicros(double... percentiles) {
        callLatencies.add(recorder.getIntervalHistogram());
        double[] values = new double[percentiles.length];
        for (int i = 0; i < percentiles.length; i++) {
            values[i] = callLatencies.getTotalCount() == 0 ? 0 : callLatencies.getValueAtPercentile(percentiles[i]);
        }
        return values;
    }
}
