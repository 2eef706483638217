package io.redactor.persistence.aof;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.concurrent.atomic.AtomicInteger;

/** A real file channel whose writes or flushes fail while told to (a full or failing disk), counting flushes. */
final class FaultyChannel extends FileChannel {
    private final FileChannel file;
    volatile boolean failWrites;
    volatile boolean failForce;
    /** Delay of each flush, to make group commit visible on a fast disk. */
    volatile long forceDelayMillis;
    final AtomicInteger forces = new AtomicInteger();

    FaultyChannel(FileChannel file) {
        this.file = file;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        if (failWrites) {
            // a short write first, as a full disk gives
            if (src.remaining() > 1) {
                ByteBuffer half = src.duplicate();
                half.limit(src.position() + src.remaining() / 2);
                int n = file.write(half);
                src.position(src.position() + n);
            }
            throw new IOException("No space left on device");
        }
        return file.write(src);
    }

    @Override
    public void force(boolean metaData) throws IOException {
        if (failForce) {
            throw new IOException("Input/output error");
        }
        if (forceDelayMillis > 0) {
            try {
                Thread.sleep(forceDelayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        forces.incrementAndGet();
        file.force(metaData);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return file.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        return file.read(dsts, offset, length);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        return file.write(srcs, offset, length);
    }

    @Override
    public long position() throws IOException {
        return file.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
        file.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        return file.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
        file.truncate(size);
        return this;
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        return file.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
        return file.transferFrom(src, position, count);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return file.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        return file.write(src, position);
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        return file.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
        return file.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return file.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
        file.close();
    }
}
