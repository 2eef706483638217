package io.redactor.persistence.aof;

import io.redactor.persistence.LatencyListener;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The live append-only file: effects appended from any thread, in the order of the calls, written and flushed
 * to the disk by one writer thread according to the {@link FsyncPolicy}.
 *
 * <p>Positions in the log (LSNs) count every byte appended since the log was opened, across files. Under
 * {@code always} the writer takes everything appended while it was busy, writes it with one {@code write} and
 * makes it durable with one {@code fdatasync} (group commit): the more threads append at once, the more writes
 * one flush covers. The threads that append never wait for the disk: while the writer flushes one batch, the event
 * loops go on running the commands of the next, which Redis's one thread cannot do while it flushes before it
 * sleeps. {@link #whenDurable} tells a waiter when a position is on the disk.
 *
 * <p>A failed write or flush is not the end: the writer keeps every byte it has not yet seen flushed, and once a
 * second truncates the file back to what was flushed and writes it all again, until that works. Meanwhile
 * {@link #failure()} says why (the node refuses writes then), and waiters are told that their data is not known
 * to be on the disk. Appends are never lost while the process lives.
 *
 * <p>{@link #rotate} switches to a new file at one position (an AOF rewrite's cut): what was appended before goes
 * to the old file, which is flushed and closed, what comes after to the new one.
 */
public final class AppendLog implements AutoCloseable {
    /** Appends wait while this much is buffered and the disk does not keep up. */
    static final int MAX_BUFFERED = 256 << 20;
    private static final long RETRY_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long EVERYSEC_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How long the idle writer sleeps unless woken (appends and policy changes wake it). */
    private static final long IDLE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final int KEEP_CAPACITY = 1 << 20;
    private static final int BUFFER_CAPACITY = 64 << 10;
    /** The longest a flush under always waits for more appends (the last flush's time, at most this). */
    private static final long MAX_GATHER_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
    /**
     * Under everysec and no, replies do not wait for the file: appends are written a millisecond after the first of
     * them at the latest (or at 64 KB), one write for all, instead of waking the writer for each.
     */
    private static final long LAZY_WRITE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final int LAZY_WRITE_BYTES = 64 << 10;

    private final Object lock = new Object();
    private final Object waitersLock = new Object();
    private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    private final Thread writer;

    // guarded by lock
    private CommandBuffer pending = new CommandBuffer(BUFFER_CAPACITY);
    /** The buffer the writer handed back, or null while it writes it. */
    private CommandBuffer spare = new CommandBuffer(BUFFER_CAPACITY);
    private long appended;
    private int selectedDb = -1;
    private long timestampSecond;
    private boolean timestamps;
    private Rotation rotation;
    private boolean closing;
    /** Appends in {@code pending}. */
    private int pendingAppends;
    /** Appends the last flush covered, and how long it took: what the next flush waits a little to gather. */
    private int lastBatchAppends;
    private long lastFlushNanos;

    private volatile long appendedLsn;
    private volatile long durableLsn;
    private volatile FsyncPolicy policy;
    private volatile boolean fsyncSuspended;
    private volatile String failure;
    private volatile long currentFileSize;
    private volatile long delayedFsyncs;
    private volatile long flushes;

    // the writer thread's
    private FileChannel channel;
    private long fileSize;
    private long syncedSize;
    private final CommandBuffer unsynced = new CommandBuffer(64 << 10);
    private long writtenLsn;
    /** Read without the file: when everysec's flush is due, and whether one is pending. */
    private volatile long lastSyncNanos = System.nanoTime();
    private volatile boolean unsyncedData;

    private final LatencyListener latency;

    private record Waiter(long lsn, DurabilityWaiter waiter) {
    }

    private record Rotation(FileChannel next, CommandBuffer tail, long lsn) {
    }

    /**
     * Opens the log on {@code channel}, appending after its {@code size} bytes (which are taken as flushed).
     * {@code name} names the writer thread.
     */
    public AppendLog(FileChannel channel, long size, FsyncPolicy policy, boolean timestamps, String name) {
        this(channel, size, policy, timestamps, name, LatencyListener.NONE);
    }

    /** As above; {@code latency} hears how long writes ({@code aof-write}) and flushes under always took. */
    public AppendLog(FileChannel channel, long size, FsyncPolicy policy, boolean timestamps, String name,
                     LatencyListener latency) {
        this.latency = latency;
        this.channel = channel;
        this.fileSize = size;
        this.syncedSize = size;
        this.currentFileSize = size;
        this.policy = policy;
        this.timestamps = timestamps;
        this.writer = Thread.ofPlatform().name(name).daemon(true).unstarted(this::writeLoop);
        writer.start();
    }

    /**
     * Appends encoded commands that run in database {@code firstDb} and leave {@code lastDb} selected (they carry
     * their own SELECTs in between); the log adds a SELECT first when the file is in another database, and a
     * timestamp annotation when enabled and a new second has begun. Returns the position after them.
     */
    public long append(int firstDb, int lastDb, byte[] bytes, int off, int len) {
        synchronized (lock) {
            while (pending.size() > MAX_BUFFERED && !closing) {
                lock.notifyAll();
                awaitRoom();
            }
            int start = pending.size();
            if (timestamps) {
                long second = System.currentTimeMillis() / 1000;
                if (second > timestampSecond) {
                    timestampSecond = second;
                    pending.annotation("TS:" + second);
                }
            }
            if (firstDb != selectedDb) {
                pending.select(firstDb);
            }
            pending.raw(bytes, off, len);
            selectedDb = lastDb;
            appended += pending.size() - start;
            appendedLsn = appended;
            pendingAppends++;
            if (pendingAppends == 1 || pendingAppends >= gatherTarget() || pending.size() >= LAZY_WRITE_BYTES) {
                lock.notifyAll();
            }
            return appended;
        }
    }

    private void awaitRoom() {
        try {
            lock.wait(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Everything appended so far, as a position. */
    public long appendedLsn() {
        return appendedLsn;
    }

    /** What is known to be on the disk (under {@code always}; under the other policies: written). */
    public long durableLsn() {
        return durableLsn;
    }

    /**
     * Calls {@code waiter} once position {@code lsn} is durable, or when writing it failed (at once, on this thread,
     * while the log is failing); returns false, calling nothing, when it already is durable.
     */
    public boolean whenDurable(long lsn, DurabilityWaiter waiter) {
        if (durableLsn >= lsn) {
            return false;
        }
        String failing = failure;
        if (failing != null) {
            waiter.failed(failing);
            return true;
        }
        synchronized (waitersLock) {
            if (durableLsn >= lsn) {
                return false;
            }
            waiters.add(new Waiter(lsn, waiter));
        }
        return true;
    }

    public FsyncPolicy policy() {
        return policy;
    }

    public void setPolicy(FsyncPolicy value) {
        policy = value;
        synchronized (lock) {
            lock.notifyAll();
        }
    }

    public void setTimestamps(boolean enabled) {
        synchronized (lock) {
            timestamps = enabled;
        }
    }

    /**
     * {@code no-appendfsync-on-rewrite} while a snapshot or rewrite runs: no flushes, and what is written counts as
     * durable (Redis then replies without waiting for the disk too).
     */
    public void suspendFsync(boolean suspended) {
        fsyncSuspended = suspended;
        synchronized (lock) {
            lock.notifyAll();
        }
    }

    /** Why the last write or flush failed, or null when the log works. */
    public String failure() {
        return failure;
    }

    /** Bytes appended but not yet handed to the file. */
    public long bufferedBytes() {
        synchronized (lock) {
            return pending.size();
        }
    }

    /** The size of the file appends go to now. */
    public long currentFileSize() {
        return currentFileSize;
    }

    /** How many times the file was flushed to the disk (each one covers every append since the one before). */
    public long flushes() {
        return flushes;
    }

    /** Flushes that came more than two seconds late (Redis's {@code aof_delayed_fsync}). */
    public long delayedFsyncs() {
        return delayedFsyncs;
    }

    /**
     * From the next append on, appends go to {@code next} (an empty file); what was appended before is written to
     * the current file, which is then flushed and closed. Returns the position of the switch. Does not block.
     */
    public long rotate(FileChannel next) {
        synchronized (lock) {
            if (rotation != null) {
                throw new IllegalStateException("a rotation is already under way");
            }
            rotation = new Rotation(next, pending, appended);
            pending = takeSpare();
            selectedDb = -1;
            timestampSecond = 0;
            lock.notifyAll();
            return appended;
        }
    }

    /** Writes and flushes what is appended, stops the writer and closes the file. */
    @Override
    public void close() {
        synchronized (lock) {
            closing = true;
            lock.notifyAll();
        }
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- the writer thread

    private void writeLoop() {
        while (awaitWork()) {
            Work work = takeWork();
            if (work != null) {
                process(work);
            }
        }
        try {
            if (policy != FsyncPolicy.NO || unsynced.size() > 0) {
                syncUntilDone(writtenLsn);
            }
        } finally {
            closeQuietly(channel);
        }
    }

    private void process(Work work) {
        if (work.rotation != null) {
            writeAndSync(work.rotation.tail, work.rotation.lsn, true);
            switchTo(work.rotation.next);
        }
        writeAndSync(work.batch, work.endLsn, false);
        work.batch.clearAndTrim(KEEP_CAPACITY);
        synchronized (lock) {
            if (spare == null) {
                spare = work.batch;
            }
        }
    }

    private record Work(CommandBuffer batch, long endLsn, Rotation rotation) {
    }

    /** Under lock. */
    private CommandBuffer takeSpare() {
        CommandBuffer next = spare != null ? spare : new CommandBuffer(BUFFER_CAPACITY);
        spare = null;
        return next;
    }

    /**
     * Under {@code always}, how many appends a flush waits for: as many as the last one covered. The writers a flush
     * released send their next writes within a round trip; taking the first of them alone would flush it and leave
     * the others to the next flush. When fewer come, the wait ends after the last flush's time at most, and the
     * next flush waits for that many.
     */
    private int gatherTarget() {
        return policy == FsyncPolicy.ALWAYS ? Math.max(1, lastBatchAppends) : Integer.MAX_VALUE;
    }

    /**
     * The writer waits until there is something to write (gathered as {@link #gatherTarget} says) or a flush is
     * due; false once the log is closing with nothing left, or the writer is interrupted.
     */
    private boolean awaitWork() {
        synchronized (lock) {
            long gatherUntil = 0;
            while (true) {
                if (rotation != null || pending.size() > 0) {
                    if (rotation == null && !closing && pendingAppends < gatherTarget()
                            && pending.size() < LAZY_WRITE_BYTES) {
                        long now = System.nanoTime();
                        if (gatherUntil == 0) {
                            gatherUntil = now + (policy == FsyncPolicy.ALWAYS
                                    ? Math.min(MAX_GATHER_NANOS, lastFlushNanos) : LAZY_WRITE_NANOS);
                        }
                        if (now < gatherUntil) {
                            waitOnLock(gatherUntil - now);
                            continue;
                        }
                    }
                    return true;
                }
                if (closing) {
                    return false;
                }
                long waitNanos = syncDueInNanos();
                if (waitNanos == 0) {
                    return true;
                }
                if (!waitOnLock(waitNanos < 0 ? IDLE_WAIT_NANOS : waitNanos)) {
                    return false;
                }
            }
        }
    }

    /** What there is to write now, or null. */
    private Work takeWork() {
        synchronized (lock) {
            if (rotation != null || pending.size() > 0) {
                return takeBatch();
            }
            return syncDueInNanos() == 0 ? new Work(new CommandBuffer(16), appended, null) : null;
        }
    }

    /** Under lock. */
    private Work takeBatch() {
        Rotation rotating = rotation;
        rotation = null;
        CommandBuffer batch = pending;
        pending = takeSpare();
        lastBatchAppends = pendingAppends;
        pendingAppends = 0;
        if (batch.size() > MAX_BUFFERED) {
            lock.notifyAll();
        }
        return new Work(batch, appended, rotating);
    }

    /** Under lock; false when interrupted. */
    private boolean waitOnLock(long nanos) {
        try {
            TimeUnit.NANOSECONDS.timedWait(lock, nanos);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * 0 when a flush is due now (under everysec a second after the last; under always at once, for bytes written
     * before the policy changed to it), -1 when none is pending, else how long until it is.
     */
    private long syncDueInNanos() {
        if (!unsyncedData && failure == null) {
            return -1;
        }
        if (failure != null || policy == FsyncPolicy.ALWAYS && !fsyncSuspended) {
            return 0;
        }
        if (policy != FsyncPolicy.EVERYSEC || fsyncSuspended) {
            return -1;
        }
        long left = EVERYSEC_NANOS - (System.nanoTime() - lastSyncNanos);
        return Math.max(0, left);
    }

    /**
     * Writes {@code batch}, then flushes as the policy says ({@code force}: always, the file is being closed). On
     * failure, retries until it works.
     */
    private void writeAndSync(CommandBuffer batch, long endLsn, boolean force) {
        unsynced.raw(batch.array(), 0, batch.size());
        unsyncedData = unsynced.size() > 0;
        long unsyncedEnd = endLsn;
        if (failure == null) {
            try {
                long writeStart = System.nanoTime();
                writeFully(batch.array(), 0, batch.size());
                latency.took("aof-write", (System.nanoTime() - writeStart) / 1_000_000);
                writtenLsn = unsyncedEnd;
                FsyncPolicy now = policy;
                if (force || (now == FsyncPolicy.ALWAYS && !fsyncSuspended)) {
                    long flushStart = System.nanoTime();
                    channel.force(false);
                    long flushed = System.nanoTime() - flushStart;
                    if (!force) {
                        latency.took("aof-fsync-always", flushed / 1_000_000);
                    }
                    synchronized (lock) {
                        lastFlushNanos = flushed;
                    }
                    synced(unsyncedEnd);
                } else if (now == FsyncPolicy.EVERYSEC && !fsyncSuspended) {
                    if (System.nanoTime() - lastSyncNanos >= EVERYSEC_NANOS) {
                        if (System.nanoTime() - lastSyncNanos >= 2 * EVERYSEC_NANOS && lastSyncNanos != 0) {
                            delayedFsyncs++;
                        }
                        channel.force(false);
                        synced(unsyncedEnd);
                    }
                } else {
                    written(unsyncedEnd);
                }
                return;
            } catch (IOException e) {
                failed(e);
            }
        }
        writtenLsn = unsyncedEnd;
        syncUntilDone(unsyncedEnd);
    }

    /** Everything written up to {@code lsn} is flushed. */
    private void synced(long lsn) {
        flushes++;
        syncedSize = fileSize;
        unsynced.clearAndTrim(KEEP_CAPACITY);
        unsyncedData = false;
        lastSyncNanos = System.nanoTime();
        markDurable(lsn);
    }

    /** Under {@code no} (or while flushes are suspended), written is as durable as it gets. */
    private void written(long lsn) {
        syncedSize = fileSize;
        unsynced.clearAndTrim(KEEP_CAPACITY);
        unsyncedData = false;
        markDurable(lsn);
    }

    /**
     * Flushes what is written, retrying once a second after failures: the file is cut back to what was flushed and
     * everything since is written again from memory (after a failed fsync the kernel may have dropped those pages).
     */
    private void syncUntilDone(long lsn) {
        while (true) {
            try {
                if (failure != null) {
                    channel.truncate(syncedSize);
                    channel.position(syncedSize);
                    fileSize = syncedSize;
                    writeFully(unsynced.array(), 0, unsynced.size());
                }
                if (!fsyncSuspended && policy != FsyncPolicy.NO || failure != null) {
                    channel.force(false);
                }
                synced(lsn);
                failure = null;
                return;
            } catch (IOException e) {
                failed(e);
                synchronized (lock) {
                    if (closing) {
                        return;
                    }
                }
                try {
                    TimeUnit.NANOSECONDS.sleep(RETRY_NANOS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private void failed(IOException e) {
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        failure = reason;
        Waiter[] failing;
        synchronized (waitersLock) {
            failing = waiters.toArray(new Waiter[0]);
            waiters.clear();
        }
        for (Waiter w : failing) {
            w.waiter().failed(reason);
        }
    }

    private void markDurable(long lsn) {
        if (lsn <= durableLsn) {
            return;
        }
        durableLsn = lsn;
        while (true) {
            Waiter next;
            synchronized (waitersLock) {
                next = waiters.peek();
                if (next == null || next.lsn() > lsn) {
                    return;
                }
                waiters.poll();
            }
            next.waiter().durable();
        }
    }

    private void writeFully(byte[] bytes, int off, int len) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes, off, len);
        while (buffer.hasRemaining()) {
            fileSize += channel.write(buffer);
        }
        currentFileSize = fileSize;
    }

    private void switchTo(FileChannel next) {
        closeQuietly(channel);
        channel = next;
        fileSize = 0;
        syncedSize = 0;
        currentFileSize = 0;
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing after a flush: nothing left to lose
        }
    }
}
