package io.redactor.actors.durability;

import io.redactor.persistence.LatencyListener;
import io.redactor.actors.effects.EffectLog;
import io.redactor.actors.node.NodeServices;
import io.redactor.persistence.DurableFiles;
import io.redactor.persistence.aof.AofDirectory;
import io.redactor.persistence.aof.AofManifest;
import io.redactor.persistence.aof.AppendLog;
import io.redactor.persistence.snapshot.SnapshotSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The append-only file as Redis 7.0 keeps it: a directory with a manifest, one base file and incremental files.
 * Effects go to the last incremental file through an {@link AppendLog}. A rewrite ({@code BGREWRITEAOF}, or turning
 * the file on at run time) opens a new incremental file, takes a snapshot at one instant at which the log switches
 * to that file, writes the snapshot as the new base, and then makes the manifest name the new base and the new
 * incremental file only, the old files becoming history and being deleted.
 *
 * <p>At every moment the manifest on disk names files that together hold every acknowledged write: the new
 * incremental file is in the manifest before the first effect reaches it, and the old files leave it only once
 * the new base is on the disk.
 */
final class AppendOnlyFile {
    private static final Logger log = LoggerFactory.getLogger(AppendOnlyFile.class);

    enum State { OFF, ON, WAIT_REWRITE }

    private final PersistenceSettings settings;
    private final EffectLog effects;
    private volatile State state = State.OFF;
    private AofDirectory directory;
    private AofManifest manifest = AofManifest.empty();
    private volatile AppendLog appendLog;
    private volatile long baseSize;
    private volatile long rewriteBaseSize;
    private volatile boolean lastRewriteOk = true;
    /** Sizes of the incremental files before the one appends go to. */
    private volatile long incrementalsBeforeLast;

    private volatile LatencyListener latency = LatencyListener.NONE;

    /** Where the log reports its slow writes and flushes (the latency monitor), once the node has started. */
    void latency(LatencyListener listener) {
        this.latency = listener;
    }

    AppendOnlyFile(PersistenceSettings settings, EffectLog effects) {
        this.settings = settings;
        this.effects = effects;
    }

    State state() {
        return state;
    }

    AofDirectory directory() {
        if (directory == null || !directory.path().equals(settings.aofDir())
                || !directory.appendFilename().equals(settings.appendFilename())) {
            directory = new AofDirectory(settings.aofDir(), settings.appendFilename());
        }
        return directory;
    }

    AppendLog appendLog() {
        return appendLog;
    }

    /** Why the log cannot write, or null. */
    String failure() {
        AppendLog current = appendLog;
        return current == null ? null : current.failure();
    }

    boolean lastRewriteOk() {
        return lastRewriteOk;
    }

    long baseSize() {
        return baseSize;
    }

    /** Size of the base plus incremental files. */
    long currentSize() {
        AppendLog current = appendLog;
        return baseSize + incrementalsBeforeLast + (current == null ? 0 : current.currentFileSize());
    }

    long rewriteBaseSize() {
        return rewriteBaseSize;
    }

    /**
     * At start-up with {@code appendonly yes}, after loading {@code loaded} (the manifest that was loaded): an
     * empty directory gets a base first (the data set is empty then); the last incremental file is opened for
     * appending, or a new one is made.
     */
    void openAtStart(AofManifest loaded, List<byte[]> libraries, long loadedBaseSize) throws IOException {
        AofDirectory dir = directory();
        dir.create();
        manifest = loaded;
        if (manifest.isEmpty()) {
            manifest = manifest.withNewBase(settings.appendFilename(), settings.rdbPreamble());
            writeEmptyBase(dir.pathOf(manifest.base().orElseThrow()), libraries);
            baseSize = dir.size(manifest.base().orElseThrow());
            log.info("Creating AOF base file {} on server start", manifest.base().orElseThrow().name());
        } else {
            baseSize = loadedBaseSize;
        }
        if (manifest.incrementals().isEmpty()) {
            manifest = manifest.withNewIncremental(settings.appendFilename());
        }
        AofManifest.AofFile last = manifest.lastIncremental().orElseThrow();
        FileChannel channel = dir.openForAppend(last);
        dir.persist(manifest);
        incrementalsBeforeLast = sizesBeforeLast(dir, manifest);
        rewriteBaseSize = baseSize;
        startLog(channel, channel.size());
        state = State.ON;
        log.info("Opening AOF incr file {} on server start", last.name());
    }

    private void writeEmptyBase(Path path, List<byte[]> libraries) throws IOException {
        SnapshotSink sink = SnapshotFormats.sink(settings, path, libraries, true);
        sink.finish();
        DurableFiles.syncDirectory(path.getParent());
    }

    /** Effects go to {@code channel} from now on. */
    private void startLog(FileChannel channel, long size) {
        AppendLog opened = new AppendLog(channel, size, settings.fsync(), settings.timestamps(), "aof-writer",
                latency);
        appendLog = opened;
        effects.attach(opened);
    }

    /**
     * A rewrite: {@code BGREWRITEAOF}, or turning the file on ({@code WAIT_REWRITE}). Completes when the new base
     * is in the manifest.
     */
    SnapshotJob.Progress rewrite(NodeServices node) {
        AofDirectory dir = directory();
        boolean turningOn = state != State.ON;
        AofManifest withNewIncr;
        AofManifest.AofFile incr;
        FileChannel incrChannel;
        try {
            dir.create();
            if (turningOn) {
                manifest = dir.loadManifest();
                state = State.WAIT_REWRITE;
            }
            withNewIncr = manifest.withNewIncremental(settings.appendFilename());
            incr = withNewIncr.lastIncremental().orElseThrow();
            incrChannel = dir.createEmpty(incr);
            if (!turningOn) {
                dir.persist(withNewIncr);
                manifest = withNewIncr;
            }
        } catch (IOException | AofManifest.ManifestException e) {
            CompletionStage<Void> failed = failedRewrite(e, turningOn);
            return new SnapshotJob.Progress(failed, failed.thenApply(v -> null));
        }
        AofManifest.AofFile baseName = withNewIncr.withNewBase(settings.appendFilename(), settings.rdbPreamble())
                .base().orElseThrow();
        Path temp = dir.path().resolve("temp-rewriteaof-bg-" + ProcessHandle.current().pid() + ".aof");
        log.info("Background append only file rewriting started");
        SnapshotPlan plan = new SnapshotPlan() {
            @Override
            public SnapshotSink open(List<byte[]> libraryCodes) throws IOException {
                return SnapshotFormats.sink(settings, temp, libraryCodes, true);
            }

            @Override
            public EntryEncoder encoder() {
                return SnapshotFormats.encoder(settings, true);
            }

            @Override
            public void atCut() {
                if (turningOn) {
                    startLog(incrChannel, 0);
                } else if (appendLog != null) {
                    incrementalsBeforeLast += appendLog.currentFileSize();
                    appendLog.rotate(incrChannel);
                }
            }
        };
        CompletableFuture<SnapshotJob.SnapshotResult> done = new CompletableFuture<>();
        SnapshotJob.Progress progress = new SnapshotJob(node, plan, "aof-rewrite").start();
        progress.written().whenComplete((result, failure) -> {
            if (failure != null) {
                closeQuietly(incrChannel);
                failedRewrite(failure, turningOn).whenComplete((v, f) -> done.completeExceptionally(f));
                return;
            }
            if (state == State.OFF) {
                // turned off while it ran: nothing to install
                closeQuietly(incrChannel);
                deleteQuietly(temp);
                done.complete(result);
                return;
            }
            try {
                Files.move(temp, dir.pathOf(baseName), StandardCopyOption.ATOMIC_MOVE);
                AofManifest next = withNewIncr.withNewBase(settings.appendFilename(), settings.rdbPreamble())
                        .withIncrementalsBeforeAsHistory(incr);
                dir.persist(next);
                manifest = dir.deleteHistory(next);
                baseSize = result.bytes();
                rewriteBaseSize = result.bytes();
                incrementalsBeforeLast = 0;
                state = State.ON;
                lastRewriteOk = true;
                log.info("Background AOF rewrite finished successfully ({} keys, {} bytes)", result.keys(),
                        result.bytes());
                done.complete(result);
            } catch (IOException | RuntimeException e) {
                failedRewrite(e, turningOn).whenComplete((v, f) -> done.completeExceptionally(f));
            }
        });
        return new SnapshotJob.Progress(progress.taken(), done);
    }

    private CompletionStage<Void> failedRewrite(Throwable failure, boolean turningOn) {
        lastRewriteOk = false;
        log.warn("Background AOF rewrite terminated with error: {}", failure.toString());
        if (turningOn && state == State.WAIT_REWRITE) {
            AppendLog opened = appendLog;
            effects.attach(null);
            appendLog = null;
            if (opened != null) {
                opened.close();
            }
            state = State.OFF;
        }
        return CompletableFuture.failedFuture(failure);
    }

    /** {@code CONFIG SET appendonly no}: effects stop going to the file, which is flushed and closed. */
    void turnOff() {
        AppendLog current = appendLog;
        effects.attach(null);
        appendLog = null;
        state = State.OFF;
        if (current != null) {
            current.close();
        }
    }

    /** Flushes what is appended to the disk and closes the file (shutdown). */
    void close() {
        AppendLog current = appendLog;
        if (current != null) {
            effects.attach(null);
            current.close();
        }
    }

    private static long sizesBeforeLast(AofDirectory dir, AofManifest manifest) throws IOException {
        long total = 0;
        List<AofManifest.AofFile> incrs = manifest.incrementals();
        for (int i = 0; i < incrs.size() - 1; i++) {
            total += Math.max(0, dir.size(incrs.get(i)));
        }
        return total;
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // a temporary file nothing loads
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // a file the manifest does not name
        }
    }
}
