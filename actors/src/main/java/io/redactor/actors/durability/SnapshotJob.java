package io.redactor.actors.durability;

import io.redactor.actors.data.PartitionData;
import io.redactor.actors.data.RdbValues;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.partition.Partition;
import io.redactor.actors.reservation.Reservation;
import io.redactor.core.reply.ErrorReply;
import io.redactor.lua.functions.FunctionLibrary;
import io.redactor.persistence.snapshot.SnapshotSink;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One snapshot of the whole data set at one instant, without fork and without stopping the world.
 *
 * <p>The instant: every partition is reserved at once (ascending order, like any atomic operation, so no
 * transaction, script or multi-key command is half in it), and while they are all held each freezes its tables
 * ({@link io.redactor.actors.data.TableFreeze}), the function libraries are read, and the plan's own cut runs;
 * then they are released at once. That costs one reservation round, not a copy of the data.
 *
 * <p>The save: each partition then captures its frozen entries in short steps between its commands, and a writer
 * thread of the job's own encodes them and writes them to the file (the costly part, compression included, off the
 * partitions' threads, as Redis's fork leaves it to another process). A value about to change before its partition saved it is
 * copied first, so memory grows only by what changes during the save. The number of steps under way or waiting
 * for the writer is bounded (see {@link #CREDITS}): a partition that finds no room waits until the writer has made
 * some.
 */
final class SnapshotJob extends AllPartitions.Holder {
    /**
     * Steps under way or waiting for the writer at once: about one per core, so that a client's command queued on a
     * partition's thread waits behind a step or two, not behind a step of every partition.
     */
    private static final int CREDITS = Math.max(2, Runtime.getRuntime().availableProcessors());
    /**
     * The writer offers its core to other threads this often while it encodes ({@link Thread#yield}: the OS's
     * {@code sched_yield}). When the partitions' event loops keep every core busy, a client's command then waits
     * for the writer a fifth of a millisecond, not a scheduler time slice of several (GETs during a BGSAVE under 50
     * writing clients on 2 cores: p99 1.6-2.1 ms against 3.8-4.2 without).
     */
    private static final long YIELD_EVERY_NANOS = 200_000;
    /** Put in the queue when the last saver is done. */
    private static final StepOutput END = new StepOutput(List.of(), 0);
    /** Put in the queue when a saver failed. */
    private static final StepOutput FAILED = new StepOutput(List.of(), 0);

    private final NodeServices node;
    private final SnapshotPlan plan;
    private final String name;
    private final CompletableFuture<Void> taken = new CompletableFuture<>();
    private final CompletableFuture<SnapshotResult> done = new CompletableFuture<>();
    private final LinkedBlockingQueue<StepOutput> chunks = new LinkedBlockingQueue<>();
    private final Semaphore credits = new Semaphore(CREDITS);
    private final ConcurrentLinkedQueue<PartitionSaver> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicInteger saving = new AtomicInteger();
    private final AtomicLong keys = new AtomicLong();
    private final AtomicLong copies = new AtomicLong();
    private volatile Throwable failure;
    private List<byte[]> libraries = List.of();
    private long cutAtMillis;

    /** A key as its partition captured it ({@link RdbValues#capture}). */
    record Entry(byte[] key, Object value, long expireAt) {
    }

    /** Entries of one database, in the order their partition visited them. */
    record Chunk(int db, List<Entry> entries) {
    }

    /** What one step of a saver encoded: chunks of one database each, and how many keys they hold. */
    private record StepOutput(List<Chunk> chunks, long entries) {
    }

    SnapshotJob(NodeServices node, SnapshotPlan plan, String name) {
        this.node = node;
        this.plan = plan;
        this.name = name;
    }

    /**
     * Takes the instant and saves: {@link Progress#taken} completes once the instant is taken (what a client that
     * asked for the snapshot may be told before it goes on), {@link Progress#written} with what was written, or
     * fails with the reason.
     */
    Progress start() {
        AllPartitions.hold(node, this);
        return new Progress(taken, done);
    }

    /** A snapshot under way: the instant taken, then the file written. */
    record Progress(CompletionStage<Void> taken, CompletionStage<SnapshotResult> written) {
    }

    // ---- the instant, on the last partition's thread with every partition held

    @Override
    public void granted(Reservation.Grant grant) {
        PartitionData[] data = grant.data();
        List<PartitionSaver> savers = new ArrayList<>(data.length);
        try {
            for (PartitionData partition : data) {
                savers.add(new PartitionSaver(this, partition.partition(), partition.freeze()));
            }
            libraries = node.scripts().functions().libraries().stream().map(FunctionLibrary::code).toList();
            cutAtMillis = System.currentTimeMillis();
            plan.atCut();
        } catch (RuntimeException e) {
            savers.forEach(PartitionSaver::abandon);
            AllPartitions.release(node, grant);
            taken.completeExceptionally(e);
            done.completeExceptionally(e);
            return;
        }
        AllPartitions.release(node, grant);
        taken.complete(null);
        saving.set(savers.size());
        Thread.ofPlatform().name(name).daemon(true).start(this::writeLoop);
        for (PartitionSaver saver : savers) {
            node.partitions().tell(saver.partition(), new Partition.Step(saver));
        }
    }

    @Override
    public void refused(ErrorReply reason) {
        IOException failure = new IOException(reason.message());
        taken.completeExceptionally(failure);
        done.completeExceptionally(failure);
    }

    // ---- called by the savers, on partition threads

    boolean failed() {
        return failure != null;
    }

    /** A saver failed: the writer gives up at its next chunk. */
    void fail(Throwable e) {
        failure = e;
        chunks.add(FAILED);
    }

    /** A step may run now; false when the writer is behind (the saver is resumed later). */
    boolean mayStep(PartitionSaver saver) {
        if (credits.tryAcquire()) {
            return true;
        }
        waiting.add(saver);
        // the writer may have made room between the try and the queueing
        if (credits.tryAcquire()) {
            if (waiting.remove(saver)) {
                return true;
            }
            credits.release();
        }
        return false;
    }

    void submit(List<Chunk> output, long entries, long copied) {
        keys.addAndGet(entries);
        copies.addAndGet(copied);
        chunks.add(new StepOutput(output, entries));
    }

    /** The saver goes on in another step, after the commands that came meanwhile. */
    void stepAgain(PartitionSaver saver) {
        node.partitions().tell(saver.partition(), new Partition.Step(saver));
    }

    void saverDone() {
        if (saving.decrementAndGet() == 0) {
            chunks.add(END);
        }
    }

    // ---- the writer thread

    private void writeLoop() {
        SnapshotSink sink = null;
        long lastYield = System.nanoTime();
        try {
            sink = plan.open(libraries);
            EntryEncoder encoder = plan.encoder();
            while (true) {
                StepOutput next = chunks.poll(100, TimeUnit.MILLISECONDS);
                if (next == null) {
                    continue;
                }
                if (next == END) {
                    break;
                }
                if (next == FAILED) {
                    throw new IOException("a partition failed to save its part", failure);
                }
                for (Chunk chunk : next.chunks()) {
                    for (Entry entry : chunk.entries()) {
                        encoder.entry(entry.key(), RdbValues.toRdb(entry.value()), entry.expireAt());
                        if (System.nanoTime() - lastYield >= YIELD_EVERY_NANOS) {
                            Thread.yield();
                            lastYield = System.nanoTime();
                        }
                    }
                    byte[] bytes = encoder.take();
                    sink.entries(chunk.db(), bytes, 0, bytes.length);
                }
                delayPerKey(next.entries());
                credits.release();
                resumeOne();
            }
            long size = sink.finish();
            done.complete(new SnapshotResult(size, keys.get(), cutAtMillis, copies.get()));
        } catch (IOException | RuntimeException | InterruptedException e) {
            failure = e;
            if (sink != null) {
                sink.abort();
            }
            resumeAll();
            done.completeExceptionally(e);
        }
    }

    /**
     * Redis's hidden {@code rdb-key-save-delay} ({@link TestingDelay}), spent here, on the writer, where it holds
     * back the partitions only through the bound on chunks waiting.
     */
    private void delayPerKey(long keys) throws InterruptedException {
        TestingDelay.perKeys(Long.parseLong(node.server().config().get("rdb-key-save-delay")), keys);
    }

    private void resumeOne() {
        PartitionSaver saver = waiting.poll();
        if (saver != null) {
            if (credits.tryAcquire()) {
                saver.resumeWithCredit();
                node.partitions().tell(saver.partition(), new Partition.Step(saver));
            } else {
                waiting.add(saver);
            }
        }
    }

    /** After a failure: every waiting saver gets a step, in which it gives up. */
    private void resumeAll() {
        PartitionSaver saver;
        while ((saver = waiting.poll()) != null) {
            node.partitions().tell(saver.partition(), new Partition.Step(saver));
        }
    }

    /** What a finished snapshot wrote, and how many values it had to copy because they changed first. */
    record SnapshotResult(long bytes, long keys, long cutAtMillis, long copies) {
    }
}
