package io.redactor.actors.durability;

import io.redactor.actors.effects.EffectLog;
import io.redactor.actors.node.NodeServices;
import io.redactor.persistence.DurableFiles;
import io.redactor.persistence.snapshot.SnapshotSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * RDB snapshots in {@code dir/dbfilename}: written to a temporary file by a {@link SnapshotJob} and renamed over the
 * last one only when complete and on the disk, so that a crash never leaves half a snapshot under the real name.
 * Keeps what {@code LASTSAVE} and {@code INFO persistence} report, and decides when save points are due.
 */
final class RdbSnapshots {
    private static final Logger log = LoggerFactory.getLogger(RdbSnapshots.class);
    /** Redis's CONFIG_BGSAVE_RETRY_DELAY: after a failed save, save points wait this long before trying again. */
    private static final long RETRY_DELAY_MS = 5000;

    private final PersistenceSettings settings;
    private final EffectLog effects;
    private volatile long lastSaveSeconds = System.currentTimeMillis() / 1000;
    private volatile boolean lastOk = true;
    private volatile long lastTryMillis;
    private volatile long lastDurationSeconds = -1;
    private volatile long startedMillis;
    private volatile long saves;
    private volatile long changesAtLastSave;
    private volatile long lastCopies;
    private volatile long keysLoaded;
    private volatile long keysExpiredAtLoad;

    RdbSnapshots(PersistenceSettings settings, EffectLog effects) {
        this.settings = settings;
        this.effects = effects;
    }

    /**
     * Writes a snapshot of the data set as it is once every partition has been reached. Only a failed
     * {@code background} one (BGSAVE, save points) counts as a failed background save, which stops writes; a failed
     * SAVE is answered with an error and nothing more, as in Redis.
     */
    SnapshotJob.Progress save(NodeServices node, boolean background) {
        Path target = settings.rdbFile();
        Path temp = target.resolveSibling("temp-" + ProcessHandle.current().pid() + ".rdb");
        long[] changesAtCut = new long[1];
        startedMillis = System.currentTimeMillis();
        if (background) {
            lastTryMillis = startedMillis;
        }
        SnapshotPlan plan = new SnapshotPlan() {
            @Override
            public SnapshotSink open(List<byte[]> libraryCodes) throws IOException {
                return SnapshotFormats.sink(settings, temp, libraryCodes, false);
            }

            @Override
            public EntryEncoder encoder() {
                return SnapshotFormats.encoder(settings, false);
            }

            @Override
            public void atCut() {
                changesAtCut[0] = effects.changes();
            }
        };
        CompletableFuture<SnapshotJob.SnapshotResult> done = new CompletableFuture<>();
        SnapshotJob.Progress progress = new SnapshotJob(node, plan, "rdb-save").start();
        progress.written().whenComplete((result, failure) -> {
            lastDurationSeconds = (System.currentTimeMillis() - startedMillis) / 1000;
            startedMillis = 0;
            try {
                if (failure != null) {
                    throw failure;
                }
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                DurableFiles.syncDirectory(target.toAbsolutePath().getParent());
                lastOk = true;
                lastSaveSeconds = result.cutAtMillis() / 1000;
                changesAtLastSave = changesAtCut[0];
                lastCopies = result.copies();
                saves++;
                log.info("DB saved on disk ({} keys, {} bytes)", result.keys(), result.bytes());
                done.complete(result);
            } catch (Throwable e) {
                if (background) {
                    lastOk = false;
                }
                long unlinkStart = System.nanoTime();
                deleteQuietly(temp);
                if (background) {
                    node.server().latencyMonitor().record("rdb-unlink-temp-file",
                            (System.nanoTime() - unlinkStart) / 1_000_000);
                }
                log.warn(background ? "Background saving error: {}" : "Error saving DB on disk: {}", e.toString());
                done.completeExceptionally(e);
            }
        });
        return new SnapshotJob.Progress(progress.taken(), done);
    }

    /** Whether a save point is reached (and the last failed save is old enough to try again). */
    boolean savePointDue(long nowMillis) {
        long[] points = settings.savePoints();
        long changes = changesSinceSave();
        for (int i = 0; i + 1 < points.length; i += 2) {
            if (changes >= points[i + 1] && nowMillis / 1000 - lastSaveSeconds > points[i]
                    && (lastOk || nowMillis - lastTryMillis > RETRY_DELAY_MS)) {
                log.info("{} changes in {} seconds. Saving...", points[i + 1], points[i]);
                return true;
            }
        }
        return false;
    }

    long changesSinceSave() {
        return effects.changes() - changesAtLastSave;
    }

    long lastSaveSeconds() {
        return lastSaveSeconds;
    }

    boolean lastOk() {
        return lastOk;
    }

    boolean inProgress() {
        return startedMillis != 0;
    }

    long currentSeconds() {
        long started = startedMillis;
        return started == 0 ? -1 : (System.currentTimeMillis() - started) / 1000;
    }

    long lastDurationSeconds() {
        return lastDurationSeconds;
    }

    long saves() {
        return saves;
    }

    /** Values copied during the last save because they changed before it reached them. */
    long lastCopies() {
        return lastCopies;
    }

    /** Redis's {@code server.dirty = 0} after DEBUG LOADAOF: what was replayed is not a change to save. */
    void forgetChanges() {
        changesAtLastSave = effects.changes();
    }

    void loaded(long keys, long expired) {
        keysLoaded = keys;
        keysExpiredAtLoad = expired;
        changesAtLastSave = effects.changes();
    }

    long keysLoaded() {
        return keysLoaded;
    }

    long keysExpiredAtLoad() {
        return keysExpiredAtLoad;
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // a temporary file nothing loads
        }
    }
}
