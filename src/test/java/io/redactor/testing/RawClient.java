package io.redactor.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A bare socket client for protocol-level tests: sends bytes, reads exactly one RESP reply (any RESP2/RESP3
 * type) as its raw bytes, so that replies can be compared byte for byte with a real Redis.
 */
public final class RawClient implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    public RawClient(String host, int port) {
        this(host, port, 10_000);
    }

    /** A client whose reads give up after {@code timeoutMillis}. */
    public RawClient(String host, int port, int timeoutMillis) {
        try {
            socket = new Socket(host, port);
            socket.setSoTimeout(timeoutMillis);
            socket.setTcpNoDelay(true);
            in = new java.io.BufferedInputStream(socket.getInputStream());
            out = new java.io.BufferedOutputStream(socket.getOutputStream(), 1 << 16);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void send(byte[] bytes) {
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void send(String text) {
        send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Sends a command as a RESP array of bulk strings, written as they are (no copy of large arguments). */
    public void command(byte[]... args) {
        try {
            out.write(("*" + args.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            for (byte[] arg : args) {
                writeBulk(arg);
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sends a command whose {@code args} are followed by one more argument of {@code length} bytes, whose bytes are
     * sent later by {@link #finishCommand}: the server sees the header of a large argument before its body.
     */
    public void startCommand(int length, byte[]... args) {
        try {
            out.write(("*" + (args.length + 1) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            for (byte[] arg : args) {
                writeBulk(arg);
            }
            out.write(("$" + length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code body}, the last argument {@link #startCommand} announced (or a first part of it, unterminated). */
    public void finishCommand(byte[] body, boolean whole) {
        try {
            out.write(body);
            if (whole) {
                out.write(CRLF);
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void writeBulk(byte[] arg) throws IOException {
        out.write(("$" + arg.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(arg);
        out.write(CRLF);
    }

    public void command(String... args) {
        byte[][] bytes = new byte[args.length][];
        for (int i = 0; i < args.length; i++) {
            bytes[i] = args[i].getBytes(StandardCharsets.UTF_8);
        }
        command(bytes);
    }

    /** Sends a command and returns its reply's raw bytes. */
    public byte[] call(byte[]... args) {
        command(args);
        return readReply();
    }

    public String call(String... args) {
        command(args);
        return new String(readReply(), StandardCharsets.ISO_8859_1);
    }

    private static final byte[] CRLF = {'\r', '\n'};

    public static byte[] encode(byte[]... args) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        buffer.writeBytes(("*" + args.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (byte[] arg : args) {
            buffer.writeBytes(("$" + arg.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            buffer.writeBytes(arg);
            buffer.writeBytes(new byte[] {'\r', '\n'});
        }
        return buffer.toByteArray();
    }

    /** Reads one complete reply and returns its bytes (nested replies included). */
    public byte[] readReply() {
        ByteArrayOutputStream reply = new ByteArrayOutputStream();
        readInto(reply);
        return reply.toByteArray();
    }

    public String readReplyText() {
        return new String(readReply(), StandardCharsets.ISO_8859_1);
    }

    /** The next reply, one of a single line (status, error, integer), without its line end. */
    public String readLineReply() {
        return readReplyText().stripTrailing();
    }

    private void readInto(ByteArrayOutputStream reply) {
        String line = readLine(reply);
        char type = line.charAt(0);
        switch (type) {
            case '+', '-', ':', '_', ',', '#', '(' -> {
            }
            case '$', '=', '!' -> {
                int length = Integer.parseInt(line.substring(1));
                if (length >= 0) {
                    readExactly(reply, length + 2);
                }
            }
            case '*', '~', '>' -> {
                int count = Integer.parseInt(line.substring(1));
                for (int i = 0; i < count; i++) {
                    readInto(reply);
                }
            }
            case '%', '|' -> {
                int count = Integer.parseInt(line.substring(1));
                for (int i = 0; i < 2 * count; i++) {
                    readInto(reply);
                }
            }
            default -> throw new IllegalStateException("not a RESP reply: " + line);
        }
    }

    private String readLine(ByteArrayOutputStream reply) {
        StringBuilder line = new StringBuilder();
        try {
            int previous = -1;
            while (true) {
                int b = in.read();
                if (b < 0) {
                    throw new UncheckedIOException(new IOException("connection closed after: " + line));
                }
                reply.write(b);
                if (previous == '\r' && b == '\n') {
                    return line.substring(0, line.length() - 1);
                }
                line.append((char) b);
                previous = b;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void readExactly(ByteArrayOutputStream reply, int length) {
        try {
            byte[] bytes = in.readNBytes(length);
            if (bytes.length < length) {
                throw new IOException("connection closed in the middle of a reply");
            }
            reply.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * True when the server has closed the connection: end of stream within the timeout. Data waiting to be read
     * means it is open; that data is left unread.
     */
    public boolean isClosedByServer(int timeoutMillis) {
        try {
            socket.setSoTimeout(timeoutMillis);
            in.mark(1);
            if (in.read() < 0) {
                return true;
            }
            in.reset();
            return false;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        } finally {
            try {
                socket.setSoTimeout(10_000);
            } catch (IOException ignored) {
                // the socket is gone
            }
        }
    }

    /** True when a byte arrives within the timeout (left unread). */
    public boolean hasData(int timeoutMillis) {
        try {
            socket.setSoTimeout(timeoutMillis);
            in.mark(1);
            int b = in.read();
            if (b >= 0) {
                in.reset();
            }
            return b >= 0;
        } catch (IOException e) {
            return false;
        } finally {
            try {
                socket.setSoTimeout(10_000);
            } catch (IOException ignored) {
                // the socket is gone
            }
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
