package io.redactor.persistence.snapshot;

import io.redactor.core.rdb.Crc64;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file being written by a snapshot: buffered writes, an optional running CRC-64 of everything written, and a
 * finish that flushes it to the disk. On failure it deletes itself.
 */
public final class SnapshotFile {
    private static final int BUFFER = 1 << 20;

    private final Path path;
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
    private final boolean checksum;
    private long crc;
    private long size;

    public SnapshotFile(Path path, boolean checksum) throws IOException {
        this.path = path;
        this.checksum = checksum;
        this.channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
    }

    public Path path() {
        return path;
    }

    public void write(byte[] bytes, int off, int len) throws IOException {
        if (checksum) {
            crc = Crc64.update(crc, bytes, off, len);
        }
        size += len;
        while (len > 0) {
            if (!buffer.hasRemaining()) {
                drain();
            }
            int n = Math.min(len, buffer.remaining());
            buffer.put(bytes, off, n);
            off += n;
            len -= n;
        }
    }

    public void write(byte[] bytes) throws IOException {
        write(bytes, 0, bytes.length);
    }

    public void writeByte(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    /** The CRC-64 of everything written so far (0 without checksums, as Redis writes it then). */
    public long crc() {
        return crc;
    }

    public long size() {
        return size;
    }

    /** Writes what is buffered, flushes the file to the disk and closes it; returns its size. */
    public long finish() throws IOException {
        drain();
        channel.force(true);
        channel.close();
        return size;
    }

    public void abort() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // deleting it anyway
        }
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // a leftover temporary file, named so that nothing loads it
        }
    }

    private void drain() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }
}
