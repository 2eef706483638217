package io.redactor.actors.node;

import io.redactor.actors.command.CommandSpec;
import io.redactor.core.reply.SimpleString;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Per-command counters, the fixed buckets and the percentiles of {@link CommandStatistics}. */
class CommandStatisticsTest {
    private static final CommandSpec GET = spec("get");
    private static final CommandSpec SET = spec("set");
    private static final CommandSpec CONFIG_GET = CommandSpec.command("config", -2)
            .subcommands(CommandSpec.command("get", -3).runsAtClient(call -> SimpleString.OK)).build()
            .subcommand("get");

    private static CommandSpec spec(String name) {
        return CommandSpec.command(name, -1).runsAtClient(call -> SimpleString.OK).build();
    }

    private static long micros(long value) {
        return value * 1000;
    }

    @Test
    void countsCallsTimeFailuresAndRejections() {
        CommandStatistics stats = new CommandStatistics(() -> true);
        stats.record(GET, 1_500, false);
        stats.record(GET, 2_700, true);
        stats.rejected(GET);
        stats.rejected(null);
        stats.record(CONFIG_GET, micros(40), false);

        CommandStatistics.Snapshot get = stats.snapshot("get");
        assertEquals(2, get.calls());
        assertEquals(4, get.usec(), "nanoseconds summed, then divided");
        assertEquals(1, get.failed());
        assertEquals(1, get.rejected());
        assertEquals(2.0, get.usecPerCall());
        assertEquals(List.of("config|get", "get"), stats.snapshots().stream().map(CommandStatistics.Snapshot::name)
                .toList(), "sorted by full name, only commands called");
        assertEquals(0, stats.snapshot("set").calls());
    }

    @Test
    void internalWorkIsNotCounted() {
        CommandStatistics stats = new CommandStatistics(() -> true);
        CommandSpec internal = CommandSpec.command("internal-read", -1).internal()
                .runsAtClient(call -> SimpleString.OK).build();
        stats.record(internal, 1_000, false);
        stats.record(internal, 1_000, true);
        stats.rejected(internal);
        assertTrue(stats.snapshots().isEmpty(), stats.snapshots().toString());
        assertEquals(0, stats.snapshot("internal-read").calls());
    }

    @Test
    void rejectedOnlyCommandsAreListed() {
        CommandStatistics stats = new CommandStatistics(() -> true);
        stats.rejected(SET);
        List<CommandStatistics.Snapshot> all = stats.snapshots();
        assertEquals(1, all.size());
        assertEquals(0, all.get(0).calls());
        assertEquals(1, all.get(0).rejected());
        assertEquals(0, all.get(0).usecPerCall());
        assertTrue(stats.latencyPercentilesMicros(List.of(50.0)).isEmpty(), "no histogram without calls");
    }

    @Test
    void bucketsAreCumulativeWithInclusiveUpperBounds() {
        CommandStatistics stats = new CommandStatistics(() -> true);
        stats.record(GET, micros(5), false);
        stats.record(GET, micros(10), false);        // on the bound: le 10
        stats.record(GET, micros(10) + 1, false);    // just above: le 25
        stats.record(GET, micros(2_000), false);     // le 2500
        stats.record(GET, micros(1_000_000), false); // le 1 s
        stats.record(GET, micros(3_000_000), false); // +Inf only
        long[] counts = stats.snapshot("get").bucketCounts();
        long[] bounds = CommandStatistics.BUCKET_BOUNDS_MICROS;
        assertEquals(bounds.length + 1, counts.length);
        assertArrayEquals(new long[] {10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000,
                250_000, 500_000, 1_000_000}, bounds);
        assertArrayEquals(new long[] {2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 6}, counts);
        assertEquals(6, counts[counts.length - 1]);
        assertEquals(0.00001, CommandStatistics.Snapshot.boundsSeconds()[0]);
        assertEquals(1.0, CommandStatistics.Snapshot.boundsSeconds()[bounds.length - 1]);
    }

    @Test
    void snapshotsAreCopies() {
        CommandStatistics stats = new CommandStatistics(() -> true);
        stats.record(GET, 1, false);
        CommandStatistics.Snapshot snapshot = stats.snapshot("get");
        snapshot.bucketCounts()[0] = 99;
        assertEquals(1, snapshot.bucketCounts()[0]);
        stats.record(GET, 1, false);
        assertEquals(1, snapshot.calls());
    }

    @Test
    void percentilesAreRedisHdrValues() {
        CommandStatistics stats = new CommandStatistics(() -> true);
        // Redis records whole microseconds as nanoseconds: 2 us reads back as 2.007 (the highest equivalent value of
        // its bucket, precision 2), 88 us as 88.063, exactly the figures a real Redis 7 prints for them.
        stats.record(GET, micros(2), false);
        stats.record(SET, micros(88), false);
        Map<String, double[]> percentiles = stats.latencyPercentilesMicros(List.of(50.0, 99.0, 99.9));
        assertArrayEquals(new double[] {2.007, 2.007, 2.007}, percentiles.get("get"), 1e-9);
        assertArrayEquals(new double[] {88.063, 88.063, 88.063}, percentiles.get("set"), 1e-9);
    }

    @Test
    void percentilesFollowTheDistribution() {
        CommandStatistics stats = new CommandStatistics(() -> true);
        for (int us = 1; us <= 1000; us++) {
            stats.record(GET, micros(us), false);
        }
        double[] values = stats.latencyPercentilesMicros(List.of(0.0, 50.0, 99.0, 100.0)).get("get");
        assertEquals(1.0, values[0], 0.01, "percentile 0 is the lowest equivalent value");
        assertEquals(500, values[1], 500 * 0.01);
        assertEquals(990, values[2], 990 * 0.01);
        assertEquals(1000, values[3], 1000 * 0.01);
    }

    @Test
    void longCallsCountAsOneSecondInTheHistogramButNotInTheBuckets() {
        CommandStatistics stats = new CommandStatistics(() -> true);
        stats.record(GET, micros(5_000_000), false);
        assertEquals(1_000_000, stats.latencyPercentilesMicros(List.of(50.0)).get("get")[0], 1_000_000 * 0.01);
        assertEquals(5_000_000, stats.snapshot("get").usec());
        assertEquals(0, stats.snapshot("get").bucketCounts()[CommandStatistics.BUCKET_BOUNDS_MICROS.length - 1]);
    }

    @Test
    void histogramsAreKeptOnlyWhileLatencyTrackingIsOn() {
        AtomicBoolean tracking = new AtomicBoolean(false);
        CommandStatistics stats = new CommandStatistics(tracking::get);
        stats.record(GET, micros(3), false);
        assertTrue(stats.latencyPercentilesMicros(List.of(50.0)).isEmpty());
        assertEquals(1, stats.snapshot("get").calls(), "calls and buckets are counted regardless");
        assertEquals(1, stats.snapshot("get").bucketCounts()[0]);
        tracking.set(true);
        stats.record(GET, micros(7), false);
        assertEquals(7.0, stats.latencyPercentilesMicros(List.of(50.0)).get("get")[0], 0.1);
    }

    @Test
    void resetForgetsEverything() {
        CommandStatistics stats = new CommandStatistics(() -> true);
        stats.record(GET, micros(3), true);
        stats.rejected(SET);
        stats.reset();
        assertEquals(List.of(), stats.snapshots());
        assertTrue(stats.latencyPercentilesMicros(List.of(50.0)).isEmpty());
        stats.record(GET, micros(9), false);
        CommandStatistics.Snapshot get = stats.snapshot("get");
        assertEquals(1, get.calls());
        assertEquals(0, get.failed());
        assertEquals(9.0, stats.latencyPercentilesMicros(List.of(50.0)).get("get")[0], 0.1);
    }

    @Test
    void eachNodeHasItsOwnFiguresForSharedSpecs() {
        CommandStatistics first = new CommandStatistics(() -> true);
        CommandStatistics second = new CommandStatistics(() -> true);
        first.record(GET, 1, false);
        assertEquals(1, first.snapshot("get").calls());
        assertEquals(0, second.snapshot("get").calls());
        // Tables built apart (one per node) number the same name alike, and different names apart.
        assertEquals(GET.id(), spec("get").id());
        assertNotEquals(GET.id(), SET.id());
        assertNotEquals(GET.id(), CONFIG_GET.id());
        first.record(spec("get"), 1, false);
        assertEquals(2, first.snapshot("get").calls());
    }

    @Test
    void concurrentRecordingLosesNothing() throws InterruptedException {
        CommandStatistics stats = new CommandStatistics(() -> true);
        int threads = 4;
        int perThread = 50_000;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < perThread; i++) {
                    stats.record(GET, micros(i % 100), i % 10 == 0);
                    if (i % 1000 == 0) {
                        stats.snapshots();
                    }
                }
            });
            worker.start();
            workers.add(worker);
        }
        start.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
        CommandStatistics.Snapshot get = stats.snapshot("get");
        assertEquals((long) threads * perThread, get.calls());
        assertEquals((long) threads * perThread / 10, get.failed());
        long[] counts = get.bucketCounts();
        assertEquals(get.calls(), counts[counts.length - 1]);
        assertEquals((long) threads * perThread / 100 * 11, counts[0], "0..10 us of every 100");
    }
}
