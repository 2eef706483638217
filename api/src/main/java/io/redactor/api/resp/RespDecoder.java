package io.redactor.api.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.redactor.core.ArgsMemory;
import io.redactor.core.SplitArgs;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Turns the bytes a client sends into commands ({@code byte[][]}, name first): RESP multibulk requests and
 * inline commands, with Redis's limits and its protocol error texts. The parse state survives partial reads,
 * so a large argument arriving in pieces is never rescanned, and it is copied into its final array as it
 * arrives instead of waiting whole in the receive buffer. That array has the argument's full size from its header
 * on, as Redis sizes its query buffer for a big argument, and the heap guard's reservation ({@link ArgumentArrays});
 * while it is being made aside the connection does not read.
 *
 * <p>A request is parsed without recursion: like Redis, a first byte other than {@code *} starts an inline
 * command, and inside a multibulk request anything but {@code $} is a protocol error, so clients cannot nest
 * aggregates. What a command being received holds (its arguments as the JVM holds them, see
 * {@link ArgsMemory}, and the bytes not yet parsed) is checked against {@code client-query-buffer-limit} after
 * every argument; a client over it is dropped without a reply, as Redis drops a client whose query buffer is
 * over it.
 */
final class RespDecoder extends ByteToMessageDecoder {
    private static final Logger log = LoggerFactory.getLogger(RespDecoder.class);
    static final int INLINE_MAX = 64 * 1024;
    private static final int INITIAL_ARGS = 1024;
    private static final int PROGRESSIVE_BULK = 64 * 1024;
    /** Redis's PROTO_MBULK_BIG_ARG: an argument this big is read as it comes (see {@link FairReads}). */
    private static final int BIG_ARGUMENT = 32 * 1024;
    private static final int MAX_COUNT_DIGITS = 18;
    private static final int UNAUTHENTICATED_MAX_ARGS = 10;
    private static final int UNAUTHENTICATED_MAX_BULK = 16384;

    private final LongSupplier maxBulkLength;
    private final LongSupplier queryBufferLimit;
    private final LongAdder inputBytes;
    private final ArgumentArrays arrays;
    private final ReadSwitch reading;
    /** While true, a client may not send more than 10 arguments or arguments over 16 KB (Redis's limits before AUTH). */
    private BooleanSupplier unauthenticated = () -> false;

    private int remainingArgs;
    private byte[][] args;
    private int argCount;
    private long argBytes;
    /** What the arguments received so far hold, {@link ArgsMemory#argument} each. */
    private long argMemory;
    private long bulkLength = -1;
    /** The array of the large argument being received, reserved with the heap guard ({@link #arrays}). */
    private byte[] bulk;
    /** The large argument's array is being made aside: nothing is decoded meanwhile. */
    private boolean awaitingArray;
    /** The connection is gone: an array made aside after that is given back. */
    private boolean removed;
    private int bulkFilled;
    private boolean failed;
    private boolean numberValid;
    /** The command being received is refused for want of heap: its arguments are read and dropped. */
    private boolean refusing;
    /** Bytes of the argument being dropped (and its CRLF) read so far. */
    private long skipped;

    RespDecoder(LongSupplier maxBulkLength, LongSupplier queryBufferLimit, LongAdder inputBytes,
                ArgumentArrays arrays, ReadSwitch reading) {
        this.maxBulkLength = maxBulkLength;
        this.queryBufferLimit = queryBufferLimit;
        this.inputBytes = inputBytes;
        this.arrays = arrays;
        this.reading = reading;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (msg instanceof ByteBuf bytes) {
            inputBytes.add(bytes.readableBytes());
        }
        super.channelRead(ctx, msg);
    }

    /** A connection closed in the middle of a large argument gives its array's reservation back. */
    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        removed = true;
        dropBulk();
    }

    /** Applies the limits of clients that must authenticate, for as long as {@code mustAuthenticate} says. */
    void limitWhile(BooleanSupplier mustAuthenticate) {
        this.unauthenticated = mustAuthenticate;
    }

    /** True while an argument of 32 KB or more is being received. */
    boolean readingBigArgument() {
        return !failed && bulkLength >= BIG_ARGUMENT;
    }

    /** Bytes received and not yet handed over as commands (CLIENT LIST qbuf). */
    /** Room left in the buffer being filled from the socket: what it can take before it grows. */
    long bufferFree() {
        ByteBuf cumulation = internalBuffer();
        return cumulation == null ? 0 : cumulation.writableBytes();
    }

    long bufferedBytes() {
        ByteBuf cumulation = internalBuffer();
        return argBytes + bulkFilled + (cumulation == null ? 0 : cumulation.readableBytes());
    }

    /**
     * What the command being received holds, counted against client-query-buffer-limit: its array of arguments,
     * the arguments received, what arrived of the one being filled, and the bytes not parsed yet. The argument being
     * filled counts what arrived of it, as Redis counts its query buffer's content and not its allocation; the heap
     * guard counts all of it.
     */
    long heldBytes(ByteBuf unparsed) {
        long held = unparsed.readableBytes();
        if (args != null) {
            held += ArgsMemory.ARRAY_HEADER + (long) ArgsMemory.REFERENCE * (args.length - argCount) + argMemory;
        }
        if (bulk != null) {
            held += ArgsMemory.ARRAY_HEADER + bulkFilled;
        }
        return held;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        while (in.isReadable() && !awaitingArray) {
            boolean progressed = remainingArgs == 0 ? startCommand(in, out) : continueMultibulk(ctx, in, out);
            if (failed) {
                in.skipBytes(in.readableBytes());
                return;
            }
            if (!progressed) {
                break;
            }
            if (remainingArgs > 0 && overLimit(ctx, in)) {
                return;
            }
        }
        overLimit(ctx, in);
    }

    /** Over client-query-buffer-limit the client is dropped without a reply, as Redis drops it. */
    private boolean overLimit(ChannelHandlerContext ctx, ByteBuf in) {
        long held = heldBytes(in);
        if (held <= queryBufferLimit.getAsLong()) {
            return false;
        }
        log.warn("Closing client that reached max query buffer length: addr={} qbuf-held={}",
                ctx.channel().remoteAddress(), held);
        failed = true;
        args = null;
        dropBulk();
        argMemory = 0;
        argBytes = 0;
        bulkFilled = 0;
        in.skipBytes(in.readableBytes());
        ctx.close();
        return true;
    }

    private boolean startCommand(ByteBuf in, List<Object> out) {
        int start = in.readerIndex();
        if (in.getByte(start) != '*') {
            return inlineCommand(in, out);
        }
        int cr = lineEnd(in, start);
        if (cr < 0) {
            if (in.readableBytes() > INLINE_MAX) {
                fail(out, "too big mbulk count string");
            }
            return false;
        }
        if (cr + 1 >= in.writerIndex()) {
            return false;
        }
        long count = parseNumber(in, start + 1, cr);
        if (!numberValid || count > Integer.MAX_VALUE) {
            fail(out, "invalid multibulk length");
            return false;
        }
        if (count > UNAUTHENTICATED_MAX_ARGS && unauthenticated.getAsBoolean()) {
            fail(out, "unauthenticated multibulk length");
            return false;
        }
        in.readerIndex(cr + 2);
        if (count > 0) {
            remainingArgs = (int) count;
            args = new byte[(int) Math.min(count, INITIAL_ARGS)][];
            argCount = 0;
            argBytes = 0;
            argMemory = 0;
        }
        return true;
    }

    private boolean inlineCommand(ByteBuf in, List<Object> out) {
        int start = in.readerIndex();
        int newline = in.indexOf(start, in.writerIndex(), (byte) '\n');
        // Redis looks for the newline with strchr, which stops at a zero byte: such a line never ends.
        int zero = in.indexOf(start, newline < 0 ? in.writerIndex() : newline, (byte) 0);
        if (zero >= 0) {
            newline = -1;
        }
        if (newline < 0) {
            if (in.readableBytes() > INLINE_MAX) {
                fail(out, "too big inline request");
            }
            return false;
        }
        int end = newline > start && in.getByte(newline - 1) == '\r' ? newline - 1 : newline;
        byte[] line = new byte[end - start];
        in.getBytes(start, line);
        in.readerIndex(newline + 1);
        byte[][] command = SplitArgs.split(line, 0, line.length);
        if (command == null) {
            fail(out, "unbalanced quotes in request");
            return false;
        }
        if (command.length > 0) {
            out.add(command);
        }
        return true;
    }

    private boolean continueMultibulk(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (bulkLength < 0) {
            if (!readBulkHeader(in, out)) {
                return false;
            }
            if (!refusing && bulkLength >= PROGRESSIVE_BULK) {
                bulk = arrays.makeHere((int) bulkLength);
                bulkFilled = 0;
                if (bulk == null) {
                    makeArrayAside(ctx);
                    return false;
                }
            }
        }
        byte[] arg = null;
        if (!refusing) {
            arg = bulkLength >= PROGRESSIVE_BULK ? readBulkProgressively(in) : readBulkWhole(in);
            if (arg == null && !refusing) {
                return false;
            }
        }
        if (refusing && !skipBulk(in)) {
            return false;
        }
        if (arg != null) {
            if (argCount == args.length) {
                args = Arrays.copyOf(args, (int) Math.min((long) args.length * 2, argCount + (long) remainingArgs));
            }
            args[argCount++] = arg;
            argBytes += arg.length;
            argMemory += ArgsMemory.argument(arg.length);
        }
        bulkLength = -1;
        if (--remainingArgs == 0) {
            if (refusing) {
                refusing = false;
                out.add(RefusedCommand.OUT_OF_MEMORY);
            } else {
                out.add(argCount == args.length ? args : Arrays.copyOf(args, argCount));
            }
            args = null;
            argBytes = 0;
            argMemory = 0;
        }
        return true;
    }

    /**
     * The heap cannot take the argument being received: the command is answered with an error once all of it has
     * been read, as Redis answers a command over maxmemory, and the connection goes on.
     */
    private void refuse() {
        log.warn("Refusing a command with an argument of {} bytes: the heap cannot hold it", bulkLength);
        refusing = true;
        skipped = 0;
        args = null;
        argBytes = 0;
        argMemory = 0;
    }

    /**
     * Reading stops until the array is made; then the decoder goes on, on the event loop, with what arrived
     * meanwhile (or refuses the command if the heap cannot take the argument).
     */
    private void makeArrayAside(ChannelHandlerContext ctx) {
        awaitingArray = true;
        reading.awaitingArray(true);
        arrays.makeAside((int) bulkLength, array -> ctx.executor().execute(() -> arrayMade(ctx, array)));
    }

    private void arrayMade(ChannelHandlerContext ctx, byte[] array) {
        if (removed) {
            if (array != null) {
                arrays.settle(array);
            }
            return;
        }
        awaitingArray = false;
        if (array == null) {
            refuse();
        } else {
            bulk = array;
            bulkFilled = 0;
        }
        reading.awaitingArray(false);
        try {
            channelRead(ctx, Unpooled.EMPTY_BUFFER);
            channelReadComplete(ctx);
        } catch (Exception e) {
            ctx.fireExceptionCaught(e);
        }
    }

    /** The large argument is done with (handed over or dropped): its reservation ends. */
    private void dropBulk() {
        if (bulk != null) {
            arrays.settle(bulk);
            bulk = null;
            bulkFilled = 0;
        }
    }

    /** Reads and drops the argument and the two bytes after it; true once all of them are read. */
    private boolean skipBulk(ByteBuf in) {
        int take = (int) Math.min(in.readableBytes(), bulkLength + 2 - skipped);
        in.skipBytes(take);
        skipped += take;
        if (skipped < bulkLength + 2) {
            return false;
        }
        skipped = 0;
        return true;
    }

    private boolean readBulkHeader(ByteBuf in, List<Object> out) {
        int start = in.readerIndex();
        int cr = lineEnd(in, start);
        if (cr < 0) {
            if (in.readableBytes() > INLINE_MAX) {
                fail(out, "too big bulk count string");
            }
            return false;
        }
        if (cr + 1 >= in.writerIndex()) {
            return false;
        }
        byte marker = in.getByte(start);
        if (marker != '$') {
            fail(out, "expected '$', got '" + (char) (marker & 0xff) + "'");
            return false;
        }
        long length = parseNumber(in, start + 1, cr);
        if (!numberValid || length < 0 || length > maxBulkLength.getAsLong() || length > Integer.MAX_VALUE - 8) {
            fail(out, "invalid bulk length");
            return false;
        }
        if (length > UNAUTHENTICATED_MAX_BULK && unauthenticated.getAsBoolean()) {
            fail(out, "unauthenticated bulk length");
            return false;
        }
        in.readerIndex(cr + 2);
        bulkLength = length;
        return true;
    }

    /** Like Redis, the two bytes after the argument are skipped, whatever they are. */
    private byte[] readBulkWhole(ByteBuf in) {
        if (in.readableBytes() < bulkLength + 2) {
            return null;
        }
        byte[] arg = new byte[(int) bulkLength];
        in.readBytes(arg);
        in.skipBytes(2);
        return arg;
    }

    private byte[] readBulkProgressively(ByteBuf in) {
        int take = Math.min(in.readableBytes(), bulk.length - bulkFilled);
        in.readBytes(bulk, bulkFilled, take);
        bulkFilled += take;
        if (bulkFilled < bulk.length || in.readableBytes() < 2) {
            return null;
        }
        in.skipBytes(2);
        byte[] arg = bulk;
        dropBulk();
        return arg;
    }

    /**
     * Where the line starting at {@code start} ends (its CR), or -1 while it has not ended. Redis looks for the CR
     * with strchr, which stops at a zero byte: a header line with a zero byte before its CR never ends, and the
     * client gets "too big ... count string" once 64 KB wait.
     */
    private static int lineEnd(ByteBuf in, int start) {
        int cr = in.indexOf(start, in.writerIndex(), (byte) '\r');
        return cr < 0 || in.indexOf(start, cr, (byte) 0) >= 0 ? -1 : cr;
    }

    /** Redis's string2ll on the bytes [from, to); sets {@link #numberValid}. */
    private long parseNumber(ByteBuf in, int from, int to) {
        numberValid = true;
        int length = to - from;
        if (length > 0 && length <= MAX_COUNT_DIGITS) {
            byte first = in.getByte(from);
            if (first >= '1' && first <= '9') {
                long value = 0;
                for (int i = from; i < to; i++) {
                    byte b = in.getByte(i);
                    if (b < '0' || b > '9') {
                        numberValid = false;
                        return 0;
                    }
                    value = value * 10 + (b - '0');
                }
                return value;
            }
        }
        byte[] text = new byte[Math.max(0, length)];
        in.getBytes(from, text);
        try {
            return RedisIntegers.parseLong(text);
        } catch (NotANumberException e) {
            numberValid = false;
            return 0;
        }
    }

    private void fail(List<Object> out, String message) {
        failed = true;
        out.add(new ProtocolError(message));
    }
}
