package io.redactor.persistence.aof;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the commands of an append-only file as Redis 7.0's loader does: {@code *argc} and {@code $len} header
 * lines (at most 1024 bytes each), {@code len} bytes and two more for the line end; lines starting with {@code #}
 * are annotations and skipped. Transactions come back whole: {@code MULTI}, its commands and {@code EXEC} as one
 * {@link Entry}, so that a caller never applies half of one.
 *
 * <p>An input that ends inside a command or a transaction is {@link Truncated}, with the offset of the end of the
 * last whole entry; anything else out of shape is {@link Malformed}, with the offset where it was found. A length
 * longer than what is left of the input counts as an early end, so forged lengths never allocate.
 */
public final class AofCommandReader {
    static final int MAX_LINE = 1024;
    private static final byte[] MULTI = {'m', 'u', 'l', 't', 'i'};
    private static final byte[] EXEC = {'e', 'x', 'e', 'c'};

    private final InputStream in;
    private final long length;
    private final byte[] buf = new byte[64 << 10];
    private int bufPos;
    private int bufEnd;
    private long offset;
    private long validUpTo;
    private final byte[] line = new byte[MAX_LINE];

    /** One command, or a whole transaction ({@code MULTI} ... {@code EXEC}, both included). */
    public record Entry(List<byte[][]> commands, long endOffset) {
        public boolean isTransaction() {
            return commands.size() > 1;
        }
    }

    /** The input ended inside an entry; everything up to {@code validUpTo} was whole. */
    public static final class Truncated extends Exception {
        private static final long serialVersionUID = 1L;
        private final long validUpTo;
        private final boolean insideTransaction;

        Truncated(long validUpTo, boolean insideTransaction) {
            super(insideTransaction ? "incomplete MULTI/EXEC transaction at the end" : "unexpected end of file");
            this.validUpTo = validUpTo;
            this.insideTransaction = insideTransaction;
        }

        public long validUpTo() {
            return validUpTo;
        }

        public boolean insideTransaction() {
            return insideTransaction;
        }
    }

    /** Not an append-only file from {@code offset} on. */
    public static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;
        private final long offset;

        Malformed(String message, long offset) {
            super(message + " at offset " + offset);
            this.offset = offset;
        }

        public long offset() {
            return offset;
        }
    }

    /**
     * Reads from {@code in}, positioned at {@code startOffset} of a file of {@code length} bytes (offsets in errors
     * are the file's).
     */
    public AofCommandReader(InputStream in, long startOffset, long length) {
        this.in = in;
        this.offset = startOffset;
        this.validUpTo = startOffset;
        this.length = length;
    }

    /** Offset just past the last whole entry returned. */
    public long validUpTo() {
        return validUpTo;
    }

    /** The next entry, or null at a clean end of the input. */
    public Entry next() throws IOException, Truncated, Malformed {
        List<byte[][]> transaction = null;
        while (true) {
            byte[][] command;
            try {
                command = readCommand();
            } catch (EOFException e) {
                throw new Truncated(validUpTo, transaction != null);
            }
            if (command == null) {
                if (transaction != null) {
                    throw new Truncated(validUpTo, true);
                }
                return null;
            }
            if (transaction == null) {
                if (is(command[0], MULTI)) {
                    transaction = new ArrayList<>();
                    transaction.add(command);
                    continue;
                }
                validUpTo = offset;
                return new Entry(List.<byte[][]>of(command), offset);
            }
            transaction.add(command);
            if (is(command[0], EXEC)) {
                validUpTo = offset;
                return new Entry(transaction, offset);
            }
        }
    }

    /** One command; null at a clean end; EOFException when the input ends inside it. */
    private byte[][] readCommand() throws IOException, Malformed, EOFException {
        while (true) {
            long lineStart = offset;
            int n = readLine(true);
            if (n < 0) {
                return null;
            }
            if (n > 0 && line[0] == '#') {
                continue;
            }
            if (n == 0 || line[0] != '*') {
                throw new Malformed("bad file format: expected '*'", lineStart);
            }
            if (n == 1) {
                throw new EOFException();
            }
            long argc = strtol(n);
            if (argc < 1) {
                throw new Malformed("bad file format: invalid number of arguments", lineStart);
            }
            // every argument takes at least 6 bytes ("$0\r\n\r\n")
            if (argc > (length - offset) / 6 + 1) {
                throw new EOFException();
            }
            byte[][] args = new byte[(int) argc][];
            for (int i = 0; i < argc; i++) {
                long argStart = offset;
                int h = readLine(false);
                if (h == 0 || line[0] != '$') {
                    throw new Malformed("bad file format: expected '$'", argStart);
                }
                long len = strtol(h);
                if (len < 0 || len > Integer.MAX_VALUE - 8) {
                    throw new Malformed("bad file format: invalid bulk length", argStart);
                }
                if (len + 2 > length - offset) {
                    throw new EOFException();
                }
                args[i] = readBytes((int) len);
                skip(2);
            }
            return args;
        }
    }

    /**
     * Reads a line into {@link #line} without its ending and returns its length, as C's fgets with a 1024-byte
     * buffer sees it: a longer line is cut (and its rest read as the next line). {@code endAllowed}: the end of the
     * input before the line is a clean end (-1).
     */
    private int readLine(boolean endAllowed) throws IOException, EOFException {
        int n = 0;
        while (n < MAX_LINE - 1) {
            int b = read();
            if (b < 0) {
                if (n == 0 && endAllowed) {
                    return -1;
                }
                if (n == 0) {
                    throw new EOFException();
                }
                break;
            }
            line[n++] = (byte) b;
            if (b == '\n') {
                break;
            }
        }
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) {
            n--;
        }
        return n;
    }

    private byte[] readBytes(int len) throws IOException, EOFException {
        byte[] out = new byte[len];
        int done = 0;
        while (done < len) {
            if (bufPos == bufEnd && !fill()) {
                throw new EOFException();
            }
            int n = Math.min(len - done, bufEnd - bufPos);
            System.arraycopy(buf, bufPos, out, done, n);
            bufPos += n;
            done += n;
            offset += n;
        }
        return out;
    }

    private void skip(int n) throws IOException, EOFException {
        for (int i = 0; i < n; i++) {
            if (read() < 0) {
                throw new EOFException();
            }
        }
    }

    private int read() throws IOException {
        if (bufPos == bufEnd && !fill()) {
            return -1;
        }
        offset++;
        return buf[bufPos++] & 0xff;
    }

    private boolean fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            return false;
        }
        bufPos = 0;
        bufEnd = n;
        return true;
    }

    /** C's strtol of the line after its type byte: an optional sign and digits, anything after them ignored. */
    private long strtol(int n) {
        int i = 1;
        boolean negative = false;
        if (i < n && (line[i] == '-' || line[i] == '+')) {
            negative = line[i++] == '-';
        }
        long v = 0;
        while (i < n && line[i] >= '0' && line[i] <= '9') {
            if (v > (Long.MAX_VALUE - 9) / 10) {
                return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
            v = v * 10 + (line[i++] - '0');
        }
        return negative ? -v : v;
    }

    private static boolean is(byte[] name, byte[] lower) {
        if (name.length != lower.length) {
            return false;
        }
        for (int i = 0; i < name.length; i++) {
            if ((name[i] | 0x20) != lower[i]) {
                return false;
            }
        }
        return true;
    }
}
