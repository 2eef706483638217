package io.redactor.persistence;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * A data file read through a buffer by one thread, counting the bytes read. RDB files are parsed a byte at a time,
 * and {@link java.io.BufferedInputStream} takes a lock on every call, which costs more than the read itself.
 */
public final class FileInput extends InputStream {
    private static final int BUFFER = 1 << 16;

    private final ReadableByteChannel channel;
    private final byte[] buffer = new byte[BUFFER];
    private final ByteBuffer wrapped = ByteBuffer.wrap(buffer);
    private int next;
    private int end;
    private long position;

    private FileInput(ReadableByteChannel channel) {
        this.channel = channel;
    }

    public static FileInput open(Path file) throws IOException {
        return new FileInput(Files.newByteChannel(file));
    }

    /** A stream over {@code in} (tests read bytes that are not in a file). */
    public static FileInput of(InputStream in) {
        return new FileInput(Channels.newChannel(in));
    }

    /** The bytes read so far. */
    public long position() {
        return position;
    }

    /** Whether the bytes still to read start with {@code prefix}; reads none of them. */
    public boolean startsWith(byte[] prefix) throws IOException {
        if (prefix.length > BUFFER) {
            throw new IllegalArgumentException("a prefix longer than the buffer");
        }
        if (end - next < prefix.length) {
            System.arraycopy(buffer, next, buffer, 0, end - next);
            end -= next;
            next = 0;
            while (end < prefix.length && fillFrom(end) > 0) {
                // keep reading: the channel may return fewer bytes than asked
            }
        }
        return end - next >= prefix.length && Arrays.equals(buffer, next, next + prefix.length, prefix, 0,
                prefix.length);
    }

    @Override
    public int read() throws IOException {
        if (next == end && fill() <= 0) {
            return -1;
        }
        position++;
        return buffer[next++] & 0xff;
    }

    @Override
    public int read(byte[] into, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, into.length);
        if (len == 0) {
            return 0;
        }
        if (next == end) {
            if (len >= BUFFER) {
                int n = channel.read(ByteBuffer.wrap(into, off, len));
                if (n > 0) {
                    position += n;
                }
                return n;
            }
            if (fill() <= 0) {
                return -1;
            }
        }
        int n = Math.min(len, end - next);
        System.arraycopy(buffer, next, into, off, n);
        next += n;
        position += n;
        return n;
    }

    @Override
    public int available() {
        return end - next;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private int fill() throws IOException {
        next = 0;
        end = 0;
        return fillFrom(0);
    }

    private int fillFrom(int at) throws IOException {
        wrapped.clear().position(at);
        int n = channel.read(wrapped);
        if (n > 0) {
            end = at + n;
        }
        return n;
    }
}
