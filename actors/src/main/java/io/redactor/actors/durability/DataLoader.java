package io.redactor.actors.durability;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.client.LocalEndpoint;
import io.redactor.actors.node.NodeServices;
import io.redactor.persistence.FileInput;
import io.redactor.persistence.aof.AofCommandReader;
import io.redactor.persistence.aof.AofDirectory;
import io.redactor.persistence.aof.AofManifest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Loads the data set at start-up, as Redis 7.0 does: with {@code appendonly yes} from the files the AOF manifest
 * names (an RDB base, or a base of commands, then the incremental files), else from the RDB file. A torn tail of
 * the last file is cut off when {@code aof-load-truncated} allows it; anything else that cannot be read stops the
 * start with a message naming the file and the offset. Never loads half of a transaction.
 */
final class DataLoader {
    private static final Logger log = LoggerFactory.getLogger(DataLoader.class);
    private static final byte[] RDB_SIGNATURE = {'R', 'E', 'D', 'I', 'S'};

    private final PersistenceSettings settings;
    private volatile boolean loading;
    private volatile ClientSession loaderSession;
    private volatile long startSeconds;
    private volatile long totalBytes;
    private volatile long loadedBytes;

    /** What was loaded: the manifest (empty without an append-only file) and the RDB's key counts. */
    record Loaded(AofManifest manifest, long keys, long expired, long baseSize) {
    }

    /** The data cannot be loaded: the node must not start. */
    static final class LoadFailure extends Exception {
        private static final long serialVersionUID = 1L;

        LoadFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    DataLoader(PersistenceSettings settings) {
        this.settings = settings;
    }

    boolean loading() {
        return loading;
    }

    /** The client replaying the append-only file, which alone may run commands while loading. */
    boolean isLoader(ClientSession client) {
        return client == loaderSession;
    }

    Loaded load(NodeServices node) throws LoadFailure {
        loading = true;
        startSeconds = System.currentTimeMillis() / 1000;
        try {
            if (settings.appendOnly()) {
                return loadAppendOnly(node);
            }
            Path rdbFile = settings.rdbFile();
            if (!Files.exists(rdbFile)) {
                return new Loaded(AofManifest.empty(), 0, 0, 0);
            }
            long started = System.nanoTime();
            RdbLoader.Counts counts = loadRdb(node, rdbFile);
            log.info("DB loaded from disk: {} seconds", seconds(started));
            return new Loaded(AofManifest.empty(), counts.keys(), counts.expired(), 0);
        } finally {
            loading = false;
        }
    }

    /**
     * DEBUG LOADAOF's load: clients get {@code -LOADING} while {@code emptyFirst} empties the data set and the files
     * the manifest on disk names are replayed. Returns null, emptying nothing, when there is no manifest naming a
     * file.
     */
    Loaded reloadAppendOnly(NodeServices node, Runnable emptyFirst) throws LoadFailure {
        AofDirectory dir = new AofDirectory(settings.aofDir(), settings.appendFilename());
        try {
            if (!Files.exists(dir.manifestPath()) || dir.loadManifest().isEmpty()) {
                return null;
            }
        } catch (AofManifest.ManifestException | IOException e) {
            throw new LoadFailure("Fatal AOF manifest file error in " + dir.manifestPath() + ": " + e.getMessage(), e);
        }
        loading = true;
        startSeconds = System.currentTimeMillis() / 1000;
        try {
            emptyFirst.run();
            return loadAppendOnly(node);
        } finally {
            loading = false;
        }
    }

    private RdbLoader.Counts loadRdb(NodeServices node, Path file) throws LoadFailure {
        try (FileInput in = FileInput.open(file)) {
            totalBytes = Files.size(file);
            return new RdbLoader(node, false).load(in, totalBytes, bytes -> loadedBytes = bytes);
        } catch (IOException | RdbLoader.Corrupt e) {
            throw new LoadFailure("Short read or OOM loading DB. Unrecoverable error, aborting now. ("
                    + file.getFileName() + ": " + e.getMessage() + ")", e);
        }
    }

    private Loaded loadAppendOnly(NodeServices node) throws LoadFailure {
        AofDirectory dir = new AofDirectory(settings.aofDir(), settings.appendFilename());
        AofManifest manifest;
        try {
            manifest = dir.loadManifest();
        } catch (AofManifest.ManifestException e) {
            throw new LoadFailure("Fatal AOF manifest file error in " + dir.manifestPath() + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new LoadFailure("Fatal error: can't open the AOF manifest file " + dir.manifestPath() + " for "
                    + "reading: " + e.getMessage(), e);
        }
        if (manifest.isEmpty()) {
            refuseOrphanFiles(dir);
            return new Loaded(manifest, 0, 0, 0);
        }
        List<AofManifest.AofFile> files = manifest.loadOrder();
        long total = 0;
        for (AofManifest.AofFile file : files) {
            long size = sizeOf(dir, file);
            if (size < 0) {
                throw new LoadFailure("The AOF file " + file.name() + " doesn't exist", null);
            }
            total += size;
        }
        totalBytes = total;
        long started = System.nanoTime();
        long done = 0;
        long keys = 0;
        long baseSize = manifest.base().map(base -> sizeOf(dir, base)).orElse(0L);
        ClientSession session = node.clients().internalSession(System.currentTimeMillis());
        session.markReplaysLog();
        loaderSession = session;
        node.server().pauseExpiry(true);
        try (AofReplay replay = new AofReplay(node, session)) {
            for (int i = 0; i < files.size(); i++) {
                AofManifest.AofFile file = files.get(i);
                boolean last = i == files.size() - 1;
                long size = sizeOf(dir, file);
                if (size > 0) {
                    long base = done;
                    keys += loadFile(node, dir, file, size, last, replay, bytes -> loadedBytes = base + bytes);
                }
                done += size;
                loadedBytes = done;
            }
            log.info("DB loaded from append only file: {} seconds ({} commands replayed, {} with errors)",
                    seconds(started), replay.commands(), replay.errors());
            if (replay.errors() > 0) {
                log.warn("the first error replaying the append only file: {}", replay.firstError());
            }
        } finally {
            loaderSession = null;
            node.server().pauseExpiry(false);
        }
        return new Loaded(manifest, keys, 0, baseSize);
    }

    /**
     * Append-only files without a manifest naming them: starting empty would write a new base over them (Redis 7.0
     * does), so the start stops instead, saying how to go on.
     */
    private static void refuseOrphanFiles(AofDirectory dir) throws LoadFailure {
        if (!dir.exists()) {
            return;
        }
        String prefix = dir.appendFilename() + ".";
        try (java.util.stream.Stream<Path> files = Files.list(dir.path())) {
            List<String> orphans = files.map(file -> file.getFileName().toString())
                    .filter(name -> name.startsWith(prefix) && !name.endsWith(".manifest")).sorted().toList();
            if (!orphans.isEmpty()) {
                throw new LoadFailure("The AOF directory " + dir.path() + " holds " + orphans + " but no manifest "
                        + dir.manifestPath().getFileName() + ": restore the manifest (redis-check-aof reads it), or "
                        + "move the files away to start without them", null);
            }
        } catch (IOException e) {
            throw new LoadFailure("Can't read the AOF directory " + dir.path() + ": " + e.getMessage(), e);
        }
    }

    /** Loads one file of the manifest; returns the keys its RDB part held. */
    private long loadFile(NodeServices node, AofDirectory dir, AofManifest.AofFile file, long size, boolean last,
                          AofReplay replay, java.util.function.LongConsumer progress) throws LoadFailure {
        Path path = dir.pathOf(file);
        long keys = 0;
        try (FileInput in = FileInput.open(path)) {
            if (in.startsWith(RDB_SIGNATURE)) {
                log.info("Reading RDB base file {} on AOF loading...", file.name());
                keys = new RdbLoader(node, true).load(in, size, progress).keys();
            }
            AofCommandReader reader = new AofCommandReader(in, in.position(), size);
            try {
                replay.replay(reader);
            } catch (AofCommandReader.Truncated truncated) {
                if (!last || !settings.loadTruncated()) {
                    throw new LoadFailure("Unexpected end of file reading the append only file " + file.name()
                            + " at offset " + truncated.validUpTo() + (last ? ". You can: 1) Make a backup of your "
                            + "AOF file, then use ./redis-check-aof --fix <filename.manifest>. 2) Alternatively "
                            + "you can set the 'aof-load-truncated' configuration option to yes and restart the "
                            + "server." : ": the truncated file is not the last file"), truncated);
                }
                log.warn("!!! Warning: short read while loading the AOF file {}!!! ({})", file.name(),
                        truncated.getMessage());
                log.warn("!!! Truncating the AOF {} at offset {} !!!", file.name(), truncated.validUpTo());
                dir.truncate(file, truncated.validUpTo());
                log.warn("AOF {} loaded anyway because aof-load-truncated is enabled", file.name());
            }
        } catch (AofCommandReader.Malformed e) {
            throw new LoadFailure("Bad file format reading the append only file " + file.name() + ": "
                    + e.getMessage() + ". Make a backup of your AOF file, then use ./redis-check-aof --fix "
                    + "<filename.manifest>", e);
        } catch (AofReplay.UnknownCommand e) {
            throw new LoadFailure(e.getMessage() + " reading the append only file " + file.name(), e);
        } catch (RdbLoader.Corrupt e) {
            throw new LoadFailure("Error reading the RDB base file " + file.name() + ", AOF loading aborted: "
                    + e.getMessage(), e);
        } catch (IOException e) {
            throw new LoadFailure("Unrecoverable error reading the append only file " + file.name() + ": "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadFailure("interrupted while loading " + file.name(), e);
        }
        return keys;
    }

    private static long sizeOf(AofDirectory dir, AofManifest.AofFile file) {
        try {
            return dir.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    /** INFO persistence's loading fields, while loading. */
    void progress(Map<String, Object> out) {
        if (!loading) {
            return;
        }
        long total = totalBytes;
        long loaded = loadedBytes;
        long elapsed = System.currentTimeMillis() / 1000 - startSeconds;
        out.put("loading_start_time", startSeconds);
        out.put("loading_total_bytes", total);
        out.put("loading_rdb_used_mem", 0);
        out.put("loading_loaded_bytes", loaded);
        out.put("loading_loaded_perc", String.format(java.util.Locale.ROOT, "%.2f",
                total == 0 ? 0.0 : loaded * 100.0 / total));
        out.put("loading_eta_seconds", elapsed == 0 ? 1 : elapsed * Math.max(1, total - loaded) / (loaded + 1));
    }

    private static String seconds(long startedNanos) {
        return String.format(java.util.Locale.ROOT, "%.3f", (System.nanoTime() - startedNanos) / 1e9);
    }
}
