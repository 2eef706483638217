package io.redactor.persistence;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Files written so that a crash at any moment leaves either the old content or the new one, and never loses both. */
public final class DurableFiles {
    private DurableFiles() {
    }

    /**
     * Writes {@code content} to {@code temporary}, forces it to disk, renames it over {@code target} and forces the
     * directory, so that the rename itself survives a crash.
     */
    public static void replace(Path target, Path temporary, byte[] content) throws IOException {
        try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer bytes = ByteBuffer.wrap(content);
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
            out.force(true);
        }
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(target.toAbsolutePath().getParent());
    }

    /** Forces a directory's entries (a file created or renamed in it) to disk. */
    public static void syncDirectory(Path dir) throws IOException {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }
}
