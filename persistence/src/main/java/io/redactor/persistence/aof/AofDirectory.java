package io.redactor.persistence.aof;

import io.redactor.persistence.DurableFiles;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The append-only directory ({@code dir/appenddirname}) and its files, laid out as Redis 7.0 lays them out: the
 * manifest {@code <appendfilename>.manifest}, replaced atomically (a temporary file, flushed, renamed over it,
 * then the directory flushed), and the base and incremental files it names.
 */
public final class AofDirectory {
    private final Path dir;
    private final String appendFilename;

    public AofDirectory(Path dir, String appendFilename) {
        this.dir = dir;
        this.appendFilename = appendFilename;
    }

    public Path path() {
        return dir;
    }

    public String appendFilename() {
        return appendFilename;
    }

    public Path manifestPath() {
        return dir.resolve(appendFilename + ".manifest");
    }

    public Path pathOf(AofManifest.AofFile file) {
        return dir.resolve(file.name());
    }

    public boolean exists() {
        return Files.isDirectory(dir);
    }

    /** The manifest on disk; empty when the directory or the manifest does not exist (nothing to load). */
    public AofManifest loadManifest() throws IOException, AofManifest.ManifestException {
        Path manifest = manifestPath();
        if (!Files.isDirectory(dir) || !Files.exists(manifest)) {
            return AofManifest.empty();
        }
        return AofManifest.parse(Files.readAllBytes(manifest));
    }

    public void create() throws IOException {
        Files.createDirectories(dir);
    }

    /** Writes {@code manifest} so that a crash at any moment leaves either the old or the new one. */
    public void persist(AofManifest manifest) throws IOException {
        create();
        DurableFiles.replace(manifestPath(), dir.resolve("temp-" + appendFilename + ".manifest"),
                manifest.format().getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Opens an incremental file for appending, creating it when missing; positioned at its end. */
    public FileChannel openForAppend(AofManifest.AofFile file) throws IOException {
        create();
        FileChannel channel = FileChannel.open(pathOf(file), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        channel.position(channel.size());
        return channel;
    }

    /** Creates an empty incremental file (truncating a leftover of that name) and flushes the directory entry. */
    public FileChannel createEmpty(AofManifest.AofFile file) throws IOException {
        create();
        FileChannel channel = FileChannel.open(pathOf(file), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        DurableFiles.syncDirectory(dir);
        return channel;
    }

    /** The size of a file of the manifest; -1 when it is missing. */
    public long size(AofManifest.AofFile file) throws IOException {
        try {
            return Files.size(pathOf(file));
        } catch (NoSuchFileException e) {
            return -1;
        }
    }

    /** Cuts a file back to {@code length} bytes (a torn tail, as aof-load-truncated allows). */
    public void truncate(AofManifest.AofFile file, long length) throws IOException {
        try (FileChannel channel = FileChannel.open(pathOf(file), StandardOpenOption.WRITE)) {
            channel.truncate(length);
            channel.force(true);
        }
    }

    /** Deletes the history files and writes the manifest without them. */
    public AofManifest deleteHistory(AofManifest manifest) throws IOException {
        if (manifest.history().isEmpty()) {
            return manifest;
        }
        AofManifest cleaned = manifest.withoutHistory();
        persist(cleaned);
        for (AofManifest.AofFile file : manifest.history()) {
            Files.deleteIfExists(pathOf(file));
        }
        return cleaned;
    }

    /** Makes a directory's new and renamed entries durable. */
}
