package io.redactor.persistence.aof;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Commands encoded as RESP arrays of bulk strings, the way Redis writes them to its append-only file
 * ({@code *argc\r\n$len\r\narg\r\n...}), in a growing byte array. Single-threaded; reused after {@link #clear()}.
 */
public final class CommandBuffer {
    private static final byte[] CRLF = {'\r', '\n'};

    private byte[] bytes;
    private int size;

    public CommandBuffer() {
        this(256);
    }

    public CommandBuffer(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    /** Appends one command: its name and arguments, as they are. */
    public CommandBuffer command(byte[][] argv) {
        header('*', argv.length);
        for (byte[] arg : argv) {
            bulk(arg);
        }
        return this;
    }

    /** Appends a command whose name is ASCII text. */
    public CommandBuffer command(String name, byte[]... args) {
        header('*', args.length + 1);
        bulk(name.getBytes(StandardCharsets.US_ASCII));
        for (byte[] arg : args) {
            bulk(arg);
        }
        return this;
    }

    /** {@code SELECT db}, as Redis writes it before a command for another database. */
    public CommandBuffer select(int db) {
        return command("SELECT", Integer.toString(db).getBytes(StandardCharsets.US_ASCII));
    }

    /** Appends bytes that are already encoded (another buffer's contents). */
    public CommandBuffer raw(byte[] src, int off, int len) {
        ensure(len);
        System.arraycopy(src, off, bytes, size, len);
        size += len;
        return this;
    }

    /** Appends an annotation line ({@code #TS:...}), which loaders skip. */
    public CommandBuffer annotation(String text) {
        byte[] line = ("#" + text).getBytes(StandardCharsets.US_ASCII);
        raw(line, 0, line.length);
        return raw(CRLF, 0, 2);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The backing array; valid up to {@link #size()} until the next change. */
    public byte[] array() {
        return bytes;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    public void clear() {
        size = 0;
    }

    /** Empties the buffer and lets a large backing array go, so that one big command does not pin its memory. */
    public void clearAndTrim(int keepCapacity) {
        size = 0;
        if (bytes.length > keepCapacity) {
            bytes = new byte[keepCapacity];
        }
    }

    private void bulk(byte[] arg) {
        header('$', arg.length);
        raw(arg, 0, arg.length);
        raw(CRLF, 0, 2);
    }

    private void header(char type, long n) {
        ensure(24);
        bytes[size++] = (byte) type;
        if (n == 0) {
            bytes[size++] = '0';
        } else {
            int digits = 0;
            for (long v = n; v > 0; v /= 10) {
                digits++;
            }
            for (int i = size + digits - 1; i >= size; i--) {
                bytes[i] = (byte) ('0' + n % 10);
                n /= 10;
            }
            size += digits;
        }
        bytes[size++] = '\r';
        bytes[size++] = '\n';
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            long grown = Math.max((long) bytes.length * 2, (long) size + more);
            if (grown > Integer.MAX_VALUE - 8) {
                if ((long) size + more > Integer.MAX_VALUE - 8) {
                    throw new IllegalStateException("command buffer over 2 GB");
                }
                grown = Integer.MAX_VALUE - 8;
            }
            bytes = Arrays.copyOf(bytes, (int) grown);
        }
    }
}
