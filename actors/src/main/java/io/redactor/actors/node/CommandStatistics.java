package io.redactor.actors.node;

import io.redactor.actors.command.CommandSpec;
import org.HdrHistogram.Histogram;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BooleanSupplier;

/**
 * One node's per-command statistics, as Redis 7 keeps them for {@code INFO commandstats} and
 * {@code INFO latencystats}, reset by {@code CONFIG RESETSTAT}. One entry per command or subcommand, named by its
 * full name ({@code get}, {@code config|get}).
 *
 * <p>Per entry:
 * <ul>
 *   <li>{@code calls}: times the command ran. A blocking command that blocked counts once, when it is answered
 *       (served, timed out, unblocked, or its client gone); commands run by EXEC and by scripts ({@code redis.call})
 *       count as well, as in Redis. (An atomic script that has to start over to take a partition out of order runs
 *       its first reads again: they count again.)</li>
 *   <li>{@code usec}: the time it ran, in microseconds (measured in nanoseconds, summed, then divided): the command
 *       itself, not the time it waited in queues or for partitions. A blocking command's time is that of the runs
 *       that found nothing plus the run that served it, not the wait in between.</li>
 *   <li>{@code rejected_calls}: refused before running (wrong number of arguments, not allowed inside MULTI, in
 *       subscriber mode or from a script, refused by an overloaded or busy partition). Unknown commands and
 *       subcommands are counted nowhere, as in Redis.</li>
 *   <li>{@code failed_calls}: ran and answered an error.</li>
 *   <li>a latency histogram of each call (nanoseconds, 2 significant digits, 1 ns to 1 s, longer calls counted as
 *       1 s: Redis's bounds) for the percentiles of {@code latencystats}, kept while {@code latency-tracking} is
 *       yes;</li>
 *   <li>fixed cumulative buckets for Prometheus, bounded by {@link #BUCKET_BOUNDS_MICROS}, kept always.</li>
 * </ul>
 *
 * <p>Reading, for a metrics endpoint: {@link #snapshots()} gives an immutable {@link Snapshot} of every command
 * called (or refused) at least once since start-up or the last {@code CONFIG RESETSTAT}, sorted by name;
 * {@link #snapshot(String)} one of them. Each snapshot is consistent in itself ({@code bucketCounts}' last
 * element equals {@code calls}); different commands are read one after the other, not at one instant.
 *
 * <p>Thread safety: commands run on many threads at once (partitions, client event loops, script threads). Each
 * entry has a few cells, chosen by the recording thread's id; a recording locks its cell with one uncontended
 * compare-and-set, or moves on to the next cell if another thread has it. Readers and {@link #reset()} lock the
 * cells one at a time. Nothing here is static: every node of a JVM has its own statistics. Memory: an entry per
 * command seen; a histogram (about 25 KB) per cell a thread has recorded into while latency tracking was on.
 */
public final class CommandStatistics {
    /**
     * Upper bounds in microseconds of the cumulative buckets of {@link Snapshot#bucketCounts()}, ascending; the
     * last bucket, above them all ({@code +Inf}), has no entry here. Do not modify.
     */
    public static final long[] BUCKET_BOUNDS_MICROS = {10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000,
            50_000, 100_000, 250_000, 500_000, 1_000_000};
    private static final long[] BUCKET_BOUNDS_NANOS = Arrays.stream(BUCKET_BOUNDS_MICROS).map(b -> b * 1000).toArray();
    /** Redis's LATENCY_HISTOGRAM_MIN_VALUE, MAX_VALUE and PRECISION. */
    static final long HISTOGRAM_LOWEST_NANOS = 1;
    static final long HISTOGRAM_HIGHEST_NANOS = 1_000_000_000L;
    static final int HISTOGRAM_DIGITS = 2;
    /** Cells per command: enough for the threads of a small machine to rarely meet, few enough to stay small. */
    private static final int CELLS = Math.min(8, Integer.highestOneBit(
            Math.max(1, 2 * Runtime.getRuntime().availableProcessors() - 1)) << 1);

    private final BooleanSupplier latencyTracking;
    private final Object growing = new Object();
    /** By {@link CommandSpec#id()}; replaced (never changed in place) when a command is first seen. */
    private volatile Entry[] entries = new Entry[0];

    /** {@code latencyTracking}: read at every call; the histograms are kept while it is true. */
    public CommandStatistics(BooleanSupplier latencyTracking) {
        this.latencyTracking = latencyTracking;
    }

    /**
     * One command's figures since start-up or the last {@code CONFIG RESETSTAT}.
     *
     * @param name         the full name, lower case: {@code get}, {@code config|get}
     * @param calls        times it ran (see the class comment)
     * @param usec         total time it ran, in microseconds
     * @param rejected     times it was refused before running
     * @param failed       times it ran and answered an error
     * @param bucketCounts cumulative: element {@code i} counts the calls that took at most
     *                     {@code BUCKET_BOUNDS_MICROS[i]} microseconds; the last element ({@code +Inf},
     *                     {@code BUCKET_BOUNDS_MICROS.length}) counts them all and equals {@code calls}
     */
    public record Snapshot(String name, long calls, long usec, long rejected, long failed, long[] bucketCounts) {
        public Snapshot {
            bucketCounts = bucketCounts.clone();
            if (bucketCounts.length != BUCKET_BOUNDS_MICROS.length + 1) {
                throw new IllegalArgumentException("one count per bucket bound, plus +Inf");
            }
        }

        /** A copy: see the record's description. */
        @Override
        public long[] bucketCounts() {
            return bucketCounts.clone();
        }

        /** Total time it ran, in seconds (a Prometheus histogram's {@code _sum}). */
        public double seconds() {
            return usec / 1e6;
        }

        /** Average microseconds per call, 0 without calls (INFO's {@code usec_per_call}). */
        public double usecPerCall() {
            return calls == 0 ? 0 : (double) usec / calls;
        }

        /** The bucket bounds in seconds, as Prometheus labels them ({@code le}), without {@code +Inf}. */
        public static double[] boundsSeconds() {
            return Arrays.stream(BUCKET_BOUNDS_MICROS).mapToDouble(b -> b / 1e6).toArray();
        }
    }

    // ---- recording, on any thread

    /**
     * {@code spec} ran for {@code nanos} nanoseconds; {@code failed} when it answered an error. Internal work
     * ({@link CommandSpec#isInternal()}) is not counted.
     */
    public void record(CommandSpec spec, long nanos, boolean failed) {
        record(spec, nanos, failed ? 1 : 0);
    }

    /**
     * As {@link #record(CommandSpec, long, boolean)}, adding {@code failures} failed calls: Redis counts a script's
     * call failed once per error its reply carries that a called command gave (see {@link ScriptReplyErrors}).
     */
    public void record(CommandSpec spec, long nanos, int failures) {
        if (spec.isInternal()) {
            return;
        }
        long value = Math.max(0, nanos);
        Cell cell = lockCell(entry(spec));
        try {
            cell.calls++;
            cell.nanos += value;
            cell.failed += failures;
            cell.buckets[bucketOf(value)]++;
            if (latencyTracking.getAsBoolean()) {
                cell.histogram().recordValue(Math.clamp(value, HISTOGRAM_LOWEST_NANOS, HISTOGRAM_HIGHEST_NANOS));
            }
        } finally {
            cell.unlock();
        }
    }

    /** {@code spec} was refused before running (null: an unknown command, counted nowhere). */
    public void rejected(CommandSpec spec) {
        if (spec == null || spec.isInternal()) {
            return;
        }
        Cell cell = lockCell(entry(spec));
        try {
            cell.rejected++;
        } finally {
            cell.unlock();
        }
    }

    /** CONFIG RESETSTAT: every figure back to zero, histograms dropped. */
    public void reset() {
        for (Entry entry : entries) {
            if (entry != null) {
                entry.forEachCell(Cell::clear);
            }
        }
    }

    // ---- reading

    /** Every command called or refused at least once since start-up or the last reset, sorted by name. */
    public List<Snapshot> snapshots() {
        List<Snapshot> result = new ArrayList<>();
        for (Entry entry : entries) {
            if (entry != null) {
                Snapshot snapshot = entry.snapshot();
                if (snapshot.calls() > 0 || snapshot.rejected() > 0 || snapshot.failed() > 0) {
                    result.add(snapshot);
                }
            }
        }
        result.sort(Comparator.comparing(Snapshot::name));
        return result;
    }

    /** The figures of the command of that full name ({@code config|get}); zeros if it never ran. */
    public Snapshot snapshot(String fullName) {
        for (Entry entry : entries) {
            if (entry != null && entry.name.equals(fullName)) {
                return entry.snapshot();
            }
        }
        long[] zeros = new long[BUCKET_BOUNDS_MICROS.length + 1];
        return new Snapshot(fullName, 0, 0, 0, 0, zeros);
    }

    /**
     * INFO latencystats: for every command with a latency histogram (called while {@code latency-tracking} was on),
     * sorted by name, its latency at each of {@code percentiles} (0..100), in microseconds, as Redis computes it
     * (the highest value equivalent to the one at the percentile; the lowest for percentile 0).
     */
    public Map<String, double[]> latencyPercentilesMicros(List<Double> percentiles) {
        Map<String, double[]> result = new LinkedHashMap<>();
        List<Entry> sorted = new ArrayList<>();
        for (Entry entry : entries) {
            if (entry != null) {
                sorted.add(entry);
            }
        }
        sorted.sort(Comparator.comparing(entry -> entry.name));
        for (Entry entry : sorted) {
            Histogram merged = entry.histogram();
            if (merged == null) {
                continue;
            }
            double[] values = new double[percentiles.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = merged.getValueAtPercentile(percentiles.get(i)) / 1000.0;
            }
            result.put(entry.name, values);
        }
        return result;
    }

    /**
     * LATENCY HISTOGRAM: the latency histogram (nanoseconds) of the command of that full name, its cells added up;
     * null when it has none (never called while {@code latency-tracking} was on since start-up or the last reset).
     */
    public Histogram latencyHistogram(String fullName) {
        for (Entry entry : entries) {
            if (entry != null && entry.name.equals(fullName)) {
                return entry.histogram();
            }
        }
        return null;
    }

    /** The full names of the commands that have a latency histogram, sorted. */
    public List<String> namesWithLatencyHistogram() {
        List<String> names = new ArrayList<>();
        for (Entry entry : entries) {
            if (entry != null && entry.histogram() != null) {
                names.add(entry.name);
            }
        }
        names.sort(Comparator.naturalOrder());
        return names;
    }

    // ---- internals

    private static int bucketOf(long nanos) {
        int bucket = 0;
        while (bucket < BUCKET_BOUNDS_NANOS.length && nanos > BUCKET_BOUNDS_NANOS[bucket]) {
            bucket++;
        }
        return bucket;
    }

    private Entry entry(CommandSpec spec) {
        int id = spec.id();
        Entry[] current = entries;
        if (id < current.length) {
            Entry entry = current[id];
            if (entry != null) {
                return entry;
            }
        }
        return addEntry(spec);
    }

    private Entry addEntry(CommandSpec spec) {
        synchronized (growing) {
            Entry[] current = entries;
            int id = spec.id();
            if (id < current.length && current[id] != null) {
                return current[id];
            }
            Entry[] grown = Arrays.copyOf(current, Math.max(current.length, id + 1));
            grown[id] = new Entry(spec.fullName());
            entries = grown;
            return grown[id];
        }
    }

    private static Cell lockCell(Entry entry) {
        int index = (int) Thread.currentThread().threadId() & (CELLS - 1);
        while (true) {
            Cell cell = entry.cell(index);
            if (cell.tryLock()) {
                return cell;
            }
            index = (index + 1) & (CELLS - 1);
            Thread.onSpinWait();
        }
    }

    private static final class Entry {
        final String name;
        private final AtomicReferenceArray<Cell> cells = new AtomicReferenceArray<>(CELLS);

        Entry(String name) {
            this.name = name;
        }

        Cell cell(int index) {
            Cell cell = cells.get(index);
            if (cell == null) {
                cells.compareAndSet(index, null, new Cell());
                cell = cells.get(index);
            }
            return cell;
        }

        /** Runs {@code action} on every cell that exists, each locked meanwhile. */
        void forEachCell(java.util.function.Consumer<Cell> action) {
            for (int i = 0; i < CELLS; i++) {
                Cell cell = cells.get(i);
                if (cell == null) {
                    continue;
                }
                while (!cell.tryLock()) {
                    Thread.onSpinWait();
                }
                try {
                    action.accept(cell);
                } finally {
                    cell.unlock();
                }
            }
        }

        Snapshot snapshot() {
            long[] totals = new long[4];
            long[] buckets = new long[BUCKET_BOUNDS_MICROS.length + 1];
            forEachCell(cell -> {
                totals[0] += cell.calls;
                totals[1] += cell.nanos;
                totals[2] += cell.rejected;
                totals[3] += cell.failed;
                for (int i = 0; i < buckets.length; i++) {
                    buckets[i] += cell.buckets[i];
                }
            });
            for (int i = 1; i < buckets.length; i++) {
                buckets[i] += buckets[i - 1];
            }
            return new Snapshot(name, totals[0], totals[1] / 1000, totals[2], totals[3], buckets);
        }

        /** The cells' histograms added up; null when none has a value. */
        Histogram histogram() {
            Histogram[] merged = {null};
            forEachCell(cell -> {
                if (cell.histogram != null && cell.histogram.getTotalCount() > 0) {
                    if (merged[0] == null) {
                        merged[0] = newHistogram();
                    }
                    merged[0].add(cell.histogram);
                }
            });
            return merged[0];
        }
    }

    static Histogram newHistogram() {
        return new Histogram(HISTOGRAM_LOWEST_NANOS, HISTOGRAM_HIGHEST_NANOS, HISTOGRAM_DIGITS);
    }

    /** A share of one command's figures, written by whichever thread holds its lock. */
    private static final class Cell {
        private static final VarHandle LOCKED;

        static {
            try {
                LOCKED = MethodHandles.lookup().findVarHandle(Cell.class, "locked", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unused") // through LOCKED
        private volatile int locked;
        long calls;
        long nanos;
        long rejected;
        long failed;
        /** Calls per bucket (not cumulative), the last one above every bound. */
        final long[] buckets = new long[BUCKET_BOUNDS_MICROS.length + 1];
        /** Created at the first call recorded while latency tracking is on; dropped by a reset, as in Redis. */
        Histogram histogram;

        boolean tryLock() {
            return LOCKED.compareAndSet(this, 0, 1);
        }

        void unlock() {
            LOCKED.setRelease(this, 0);
        }

        Histogram histogram() {
            if (histogram == null) {
                histogram = newHistogram();
            }
            return histogram;
        }

        void clear() {
            calls = 0;
            nanos = 0;
            rejected = 0;
            failed = 0;
            Arrays.fill(buckets, 0);
            histogram = null;
        }
    }
}
