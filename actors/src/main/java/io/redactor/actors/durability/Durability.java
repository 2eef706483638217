package io.redactor.actors.durability;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.effects.EffectLog;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.actors.routing.Admission;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;
import io.redactor.persistence.aof.AppendLog;
import io.redactor.persistence.aof.FsyncPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A node's persistence, as Redis 7.0 has it: the data set loaded at start-up (from the append-only file when it is
 * on, else from the RDB file), RDB snapshots ({@code SAVE}, {@code BGSAVE}, save points, at shutdown), the
 * append-only file ({@code appendonly}, {@code BGREWRITEAOF}, automatic rewrites), their configuration at run time,
 * and what INFO persistence reports. It also decides, as Redis does before running a command, whether the node
 * takes commands now: {@code -LOADING} while loading, {@code -MISCONF} for writes while the disk fails.
 *
 * <p>Snapshots and rewrites run one at a time (they freeze the same tables), like Redis's one child process: a
 * request that comes while the other kind runs is scheduled after it, as Redis schedules them.
 */
public final class Durability implements Admission {
    private static final Logger log = LoggerFactory.getLogger(Durability.class);
    private static final ErrorReply LOADING = new ErrorReply("LOADING Redis is loading the dataset in memory");
    private static final ErrorReply BGSAVE_ERROR = new ErrorReply("MISCONF Redis is configured to save RDB "
            + "snapshots, but it's currently unable to persist to disk. Commands that may modify the data set are "
            + "disabled, because this instance is configured to report errors during writes if RDB snapshotting "
            + "fails (stop-writes-on-bgsave-error option). Please check the Redis logs for details about the RDB "
            + "error.");

    /** What runs in the background now, like Redis's child process type. */
    enum Background { NONE, RDB, AOF }

    private final PersistenceSettings settings;
    private final AppendOnlyFile aof;
    private final RdbSnapshots rdb;
    private final DataLoader loader;
    private final EffectLog effects;
    private final Object lock = new Object();
    private NodeServices node;
    private Background background = Background.NONE;
    private boolean bgsaveScheduled;
    /** The running snapshot is FLUSHALL's, which Redis takes in the foreground: SAVE and BGSAVE wait for it. */
    private boolean flushSave;
    /** What waits for the background work running to end (DEBUG LOADAOF), tried again then. */
    private final List<Runnable> afterBackground = new ArrayList<>();
    /** SAVEs that came while a rewrite ran. */
    private final java.util.ArrayDeque<CompletableFuture<Reply>> waitingSaves = new java.util.ArrayDeque<>();
    private boolean rewriteScheduled;
    private long rewriteStartedMillis;
    private volatile long lastRewriteSeconds = -1;
    private long rewrites;
    private long rewriteFailuresInARow;
    private long nextRewriteTryMillis;
    /** SHUTDOWN's SAVE (true), NOSAVE (false) or neither (null). */
    private volatile Boolean shutdownSave;
    private CompletionStage<Void> stopped;
    /** Only a node that loaded its data may write it out: a partial data set must not replace the files. */
    private volatile boolean loadedOk;

    public Durability(RuntimeConfig config, EffectLog effects) {
        this.effects = effects;
        this.settings = new PersistenceSettings(config);
        this.aof = new AppendOnlyFile(settings, effects);
        this.rdb = new RdbSnapshots(settings, effects);
        this.loader = new DataLoader(settings);
    }

    /**
     * Loads the data set (clients meanwhile get {@code -LOADING}), then opens the append-only file when it is on.
     * Completes when the node may serve; fails, naming file and offset, when the data cannot be loaded.
     */
    public CompletionStage<Void> start(NodeServices services) {
        this.node = services;
        aof.latency(services.server().latencyMonitor()::record);
        CompletableFuture<Void> ready = new CompletableFuture<>();
        Thread.ofPlatform().name("redactor-loader").daemon(true).start(() -> {
            try {
                DataLoader.Loaded loaded = loader.load(services);
                rdb.loaded(loaded.keys(), loaded.expired());
                if (settings.appendOnly()) {
                    aof.openAtStart(loaded.manifest(), libraryCodes(), loaded.baseSize());
                }
                listenToConfig(services.server().config());
                effects.listenToFlushAll(this::flushedAll);
                loadedOk = true;
                ready.complete(null);
            } catch (Exception e) {
                ready.completeExceptionally(e);
            }
        });
        return ready;
    }

    private java.util.List<byte[]> libraryCodes() {
        return node.scripts().functions().libraries().stream()
                .map(io.redactor.lua.functions.FunctionLibrary::code).toList();
    }

    public boolean loading() {
        return loader.loading();
    }

    // ---- admission

    /** Work the server does itself ({@code client} null: planning a transaction, for one) is never refused. */
    @Override
    public ErrorReply refusal(CommandSpec spec, ClientSession client) {
        if (client == null) {
            return null;
        }
        if (loader.loading() && !spec.has(CommandFlag.LOADING) && !loader.isLoader(client)) {
            return LOADING;
        }
        if (Admission.writes(spec, client) || "ping".equals(spec.fullName())) {
            return writeRefusal();
        }
        return null;
    }

    private ErrorReply writeRefusal() {
        if (!rdb.lastOk() && settings.stopWritesOnBgsaveError() && settings.savePoints().length > 0) {
            return BGSAVE_ERROR;
        }
        String failure = aof.failure();
        return failure == null ? null : new ErrorReply("MISCONF Errors writing to the AOF file: " + failure);
    }

    // ---- commands

    /** SAVE: a snapshot now; the reply waits for it (after a running rewrite, if any). */
    public CompletionStage<Reply> save() {
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        synchronized (lock) {
            if (background == Background.RDB && !flushSave) {
                return done(new ErrorReply("ERR Background save already in progress"));
            }
            if (background == Background.NONE) {
                startSave(reply);
            } else {
                waitingSaves.add(reply);
            }
        }
        return reply;
    }

    /** Under lock. */
    private void startSave(CompletableFuture<Reply> reply) {
        background = Background.RDB;
        rdb.save(node, false).written().whenComplete((result, failure) -> {
            // done before the reply, so that a BGSAVE sent on the reply does not find this SAVE still running
            backgroundDone();
            reply.complete(failure == null ? SimpleString.OK : new ErrorReply("ERR"));
        });
    }

    /**
     * BGSAVE [SCHEDULE]. Answered once the snapshot's instant is taken, so that what the client does next is not in
     * it, as with Redis's fork; but at once inside a transaction ({@code inside}), which holds the partitions the
     * instant needs: the snapshot then follows the transaction.
     */
    public CompletionStage<Reply> bgsave(boolean schedule, boolean inside) {
        synchronized (lock) {
            if (flushSave) {
                bgsaveScheduled = true;
                return done(SimpleString.of("Background saving started"));
            }
            if (background == Background.RDB) {
                return done(new ErrorReply("ERR Background save already in progress"));
            }
            if (background == Background.AOF) {
                if (schedule) {
                    bgsaveScheduled = true;
                    return done(SimpleString.of("Background saving scheduled"));
                }
                return done(new ErrorReply("ERR An AOF log rewriting in progress: can't BGSAVE right now. Use BGSAVE "
                        + "SCHEDULE in order to schedule a BGSAVE whenever possible."));
            }
            return whenTaken(startBgsave(), "Background saving started", inside);
        }
    }

    /** BGREWRITEAOF, answered once the rewrite's instant is taken (at once inside a transaction, as BGSAVE). */
    public CompletionStage<Reply> bgrewriteaof(boolean inside) {
        synchronized (lock) {
            if (background == Background.AOF) {
                return done(new ErrorReply("ERR Background append only file rewriting already in progress"));
            }
            if (background == Background.RDB) {
                rewriteScheduled = true;
                return done(SimpleString.of("Background append only file rewriting scheduled"));
            }
            return whenTaken(startRewrite(), "Background append only file rewriting started", inside);
        }
    }

    private static CompletionStage<Reply> whenTaken(SnapshotJob.Progress progress, String started, boolean inside) {
        if (inside) {
            return done(SimpleString.of(started));
        }
        return progress.taken().handle((taken, failure) -> failure == null ? SimpleString.of(started)
                : new ErrorReply("ERR " + (failure.getCause() != null ? failure.getCause() : failure).getMessage()));
    }

    /**
     * DEBUG RELOAD [MERGE] [NOFLUSH] [NOSAVE]: a snapshot (unless NOSAVE), then the data set emptied (unless NOFLUSH)
     * and the RDB file loaded back, with every partition held meanwhile.
     */
    public CompletionStage<Reply> debugReload(boolean save, boolean flush, boolean merge) {
        CompletionStage<Reply> saved = save ? save() : done(SimpleString.OK);
        return saved.thenCompose(reply -> reply instanceof ErrorReply ? done(reply)
                : new DebugReload(node, settings.rdbFile(), flush, merge).start());
    }

    /**
     * FLUSHALL with save points: Redis saves the emptied data set before it answers, so that the changes counted
     * start from zero. Here the count starts from zero at once and a snapshot follows: called while FLUSHALL holds
     * every partition, the snapshot's instant comes after it (or, when one is running, the next one's does).
     */
    private void flushedAll() {
        if (settings.savePoints().length == 0) {
            return;
        }
        rdb.forgetChanges();
        synchronized (lock) {
            if (background == Background.NONE) {
                flushSave = true;
                startBgsave();
            } else {
                bgsaveScheduled = true;
            }
        }
    }

    /**
     * DEBUG LOADAOF: the data set emptied and loaded again from the append-only files the manifest on disk names.
     * A snapshot or rewrite running, whose files it would race with, is waited for first (Redis's rewrite of a small
     * data set, as after CONFIG SET appendonly yes, is over before the next command).
     */
    public CompletionStage<Reply> debugLoadAof() {
        synchronized (lock) {
            if (background != Background.NONE) {
                CompletableFuture<Reply> reply = new CompletableFuture<>();
                afterBackground.add(() -> debugLoadAof().whenComplete((done, failure) -> {
                    if (failure != null) {
                        reply.completeExceptionally(failure);
                    } else {
                        reply.complete(done);
                    }
                }));
                return reply;
            }
        }
        return new AofReload(node, effects, loader, rdb).start();
    }

    public Reply lastsave() {
        return IntegerReply.of(rdb.lastSaveSeconds());
    }

    // ---- background work, one at a time

    /** Under lock. */
    private SnapshotJob.Progress startBgsave() {
        background = Background.RDB;
        SnapshotJob.Progress progress = rdb.save(node, true);
        progress.written().whenComplete((result, failure) -> backgroundDone());
        return progress;
    }

    /** Under lock. */
    private SnapshotJob.Progress startRewrite() {
        background = Background.AOF;
        rewriteStartedMillis = System.currentTimeMillis();
        AppendLog current = aof.appendLog();
        if (current != null && settings.noFsyncOnRewrite()) {
            current.suspendFsync(true);
        }
        SnapshotJob.Progress progress = aof.rewrite(node);
        progress.written().whenComplete((result, failure) -> {
            synchronized (lock) {
                lastRewriteSeconds = (System.currentTimeMillis() - rewriteStartedMillis) / 1000;
                rewriteStartedMillis = 0;
                if (failure == null) {
                    rewrites++;
                    rewriteFailuresInARow = 0;
                } else {
                    rewriteFailuresInARow++;
                    // like Redis's aofRewriteLimited: back off 1, 2, 4... minutes, at most an hour
                    long minutes = Math.min(60, 1L << Math.min(6, rewriteFailuresInARow - 1));
                    nextRewriteTryMillis = System.currentTimeMillis() + minutes * 60_000;
                }
            }
            AppendLog now = aof.appendLog();
            if (now != null) {
                now.suspendFsync(false);
            }
            backgroundDone();
        });
        return progress;
    }

    private void backgroundDone() {
        List<Runnable> waited;
        synchronized (lock) {
            waited = List.copyOf(afterBackground);
            afterBackground.clear();
            background = Background.NONE;
            flushSave = false;
            CompletableFuture<Reply> waitingSave = waitingSaves.poll();
            if (waitingSave != null) {
                startSave(waitingSave);
            } else if (rewriteScheduled) {
                rewriteScheduled = false;
                startRewrite();
            } else if (bgsaveScheduled) {
                bgsaveScheduled = false;
                startBgsave();
            }
        }
        waited.forEach(Runnable::run);
    }

    // ---- periodic work (the node's cron, 10 times a second)

    public void cron(long nowMillis) {
        if (!loadedOk) {
            return;
        }
        synchronized (lock) {
            if (background != Background.NONE) {
                return;
            }
            if (aof.state() == AppendOnlyFile.State.WAIT_REWRITE || rewriteDue(nowMillis)) {
                startRewrite();
            } else if (rdb.savePointDue(nowMillis)) {
                startBgsave();
            }
        }
    }

    /** auto-aof-rewrite-percentage over auto-aof-rewrite-min-size, as Redis decides it. Under lock. */
    private boolean rewriteDue(long nowMillis) {
        long percentage = settings.autoRewritePercentage();
        if (aof.state() != AppendOnlyFile.State.ON || percentage == 0 || nowMillis < nextRewriteTryMillis) {
            return false;
        }
        long size = aof.currentSize();
        long base = Math.max(1, aof.rewriteBaseSize());
        if (size < settings.autoRewriteMinSize()) {
            return false;
        }
        long growth = (size * 100 / base) - 100;
        if (growth >= percentage) {
            log.info("Starting automatic rewriting of AOF on {}% growth", growth);
            return true;
        }
        return false;
    }

    // ---- configuration at run time

    private void listenToConfig(RuntimeConfig config) {
        config.onChange("appendonly", value -> {
            if ("yes".equals(value) && aof.state() == AppendOnlyFile.State.OFF) {
                synchronized (lock) {
                    if (background == Background.NONE) {
                        startRewrite();
                    } else {
                        rewriteScheduled = true;
                    }
                }
            } else if ("no".equals(value) && aof.state() != AppendOnlyFile.State.OFF) {
                aof.turnOff();
            }
        });
        config.onChange("appendfsync", value -> {
            AppendLog current = aof.appendLog();
            if (current != null) {
                current.setPolicy(FsyncPolicy.of(value));
            }
        });
        config.onChange("aof-timestamp-enabled", value -> {
            AppendLog current = aof.appendLog();
            if (current != null) {
                current.setTimestamps("yes".equals(value));
            }
        });
    }

    // ---- shutdown

    /**
     * SHUTDOWN, before the node stops taking commands: a snapshot when {@code save} says so (or, when null, when
     * save points are configured), so that a failure can still be reported while the node keeps running, as Redis
     * does. Remembers the choice for {@link #stop}.
     */
    public CompletionStage<Void> beforeShutdown(Boolean save) {
        shutdownSave = save;
        if (!wantsSnapshot(save) || !loadedOk) {
            return CompletableFuture.completedFuture(null);
        }
        return save().thenApply(reply -> {
            if (reply instanceof ErrorReply) {
                throw new IllegalStateException("Errors trying to SHUTDOWN. Check logs.");
            }
            return null;
        });
    }

    /**
     * The node stops, its front ends already closed: a last snapshot when one is wanted (SHUTDOWN's choice, else
     * the save points, as on SIGTERM) and something changed since SHUTDOWN's own, then the append-only file flushed
     * to the disk and closed. Runs once; later calls return the same result.
     */
    public synchronized CompletionStage<Void> stop() {
        if (stopped != null) {
            return stopped;
        }
        Boolean save = shutdownSave;
        boolean snapshot = wantsSnapshot(save) && loadedOk && rdb.changesSinceSave() > 0;
        CompletionStage<Void> saved = snapshot
                ? save().handle((reply, failure) -> {
                    if (failure != null || reply instanceof ErrorReply) {
                        log.warn("Error trying to save the DB before stopping: the data since the last save is "
                                + "only in the append-only file, if it is on");
                    }
                    return null;
                })
                : CompletableFuture.completedFuture(null);
        stopped = saved.thenRun(aof::close);
        return stopped;
    }

    private boolean wantsSnapshot(Boolean save) {
        return save != null ? save : settings.savePoints().length > 0;
    }

    // ---- INFO persistence

    /** The fields of INFO persistence, in Redis's order. */
    public Map<String, Object> info() {
        Map<String, Object> out = new LinkedHashMap<>();
        boolean rdbRunning;
        boolean aofRunning;
        synchronized (lock) {
            rdbRunning = background == Background.RDB;
            aofRunning = background == Background.AOF;
            out.put("loading", loader.loading() ? 1 : 0);
            out.put("async_loading", 0);
            out.put("current_cow_peak", 0);
            out.put("current_cow_size", 0);
            out.put("current_cow_size_age", 0);
            out.put("current_fork_perc", "0.00");
            out.put("current_save_keys_processed", 0);
            out.put("current_save_keys_total", 0);
            out.put("rdb_changes_since_last_save", rdb.changesSinceSave());
            out.put("rdb_bgsave_in_progress", rdbRunning ? 1 : 0);
            out.put("rdb_last_save_time", rdb.lastSaveSeconds());
            out.put("rdb_last_bgsave_status", rdb.lastOk() ? "ok" : "err");
            out.put("rdb_last_bgsave_time_sec", rdb.lastDurationSeconds());
            out.put("rdb_current_bgsave_time_sec", rdbRunning ? rdb.currentSeconds() : -1);
            out.put("rdb_saves", rdb.saves());
            out.put("rdb_last_cow_size", 0);
            out.put("rdb_last_load_keys_expired", rdb.keysExpiredAtLoad());
            out.put("rdb_last_load_keys_loaded", rdb.keysLoaded());
            out.put("aof_enabled", aof.state() != AppendOnlyFile.State.OFF ? 1 : 0);
            out.put("aof_rewrite_in_progress", aofRunning ? 1 : 0);
            out.put("aof_rewrite_scheduled", rewriteScheduled ? 1 : 0);
            out.put("aof_last_rewrite_time_sec", lastRewriteSeconds);
            out.put("aof_current_rewrite_time_sec",
                    aofRunning ? (System.currentTimeMillis() - rewriteStartedMillis) / 1000 : -1);
            out.put("aof_last_bgrewrite_status", aof.lastRewriteOk() ? "ok" : "err");
            out.put("aof_rewrites", rewrites);
            out.put("aof_rewrites_consecutive_failures", rewriteFailuresInARow);
            out.put("aof_last_write_status", aof.failure() == null ? "ok" : "err");
            out.put("aof_last_cow_size", 0);
            out.put("module_fork_in_progress", 0);
            out.put("module_fork_last_cow_size", 0);
            // Redactor's own: values the last BGSAVE copied because a command changed them before it saved them
            out.put("redactor_rdb_last_copied_values", rdb.lastCopies());
        }
        AppendLog current = aof.appendLog();
        if (aof.state() != AppendOnlyFile.State.OFF && current != null) {
            out.put("aof_current_size", aof.currentSize());
            out.put("aof_base_size", aof.rewriteBaseSize());
            out.put("aof_pending_rewrite", rewriteScheduled ? 1 : 0);
            out.put("aof_buffer_length", current.bufferedBytes());
            out.put("aof_pending_bio_fsync", 0);
            out.put("aof_delayed_fsync", current.delayedFsyncs());
            // Redactor's own: how many flushes to the disk since the file opened (each covers all appends before it)
            out.put("redactor_aof_fsyncs", current.flushes());
        }
        loader.progress(out);
        return out;
    }

    private static CompletionStage<Reply> done(Reply reply) {
        return CompletableFuture.completedFuture(reply);
    }
}
