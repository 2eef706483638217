package io.redactor.api.resp;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.AttributeReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.DoubleReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.PushReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.ReplySequence;
import io.redactor.core.reply.SetReply;
import io.redactor.core.reply.SimpleString;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReplyStreamTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 100, 4096, 65536, Integer.MAX_VALUE})
    void aStreamedReplyIsByteForByteTheReplyWrittenWhole(int partBytes) {
        SplittableRandom random = new SplittableRandom(partBytes);
        for (int round = 0; round < 200; round++) {
            Reply reply = randomReply(random, 0);
            for (int protocol : new int[] {2, 3}) {
                byte[] whole = whole(reply, protocol);
                Sink parts = new Sink();
                ReplyStream stream = new ReplyStream(reply, protocol);
                int calls = 0;
                while (!stream.writeSome(parts, partBytes)) {
                    calls++;
                    assertTrue(calls <= whole.length + 1, "the stream does not end");
                }
                assertArrayEquals(whole, parts.bytes(), "round " + round + ", RESP" + protocol);
            }
        }
    }

    @Test
    void eachPartIsAboutThePartSize() {
        List<Reply> items = new ArrayList<>(Collections.nCopies(100_000, new BulkString(new byte[100])));
        Sink sink = new Sink();
        ReplyStream stream = new ReplyStream(new ArrayReply(items), 2);
        long before = sink.writtenBytes();
        assertFalse(stream.writeSome(sink, 64 * 1024));
        long part = sink.writtenBytes() - before;
        assertTrue(part >= 64 * 1024 && part < 64 * 1024 + 200, "part of " + part + " bytes");
    }

    @Test
    void largeAggregatesAndTransactionsHoldingThemAreLarge() {
        Reply large = new ArrayReply(Collections.nCopies(ReplyStream.LARGE_AGGREGATE + 1, IntegerReply.of(1)));
        Reply small = new ArrayReply(Collections.nCopies(ReplyStream.LARGE_AGGREGATE, IntegerReply.of(1)));
        assertTrue(ReplyStream.isLarge(large));
        assertFalse(ReplyStream.isLarge(small));
        assertTrue(ReplyStream.isLarge(ArrayReply.of(SimpleString.OK, large)));
        assertTrue(ReplyStream.isLarge(new MapReply(List.of(new BulkString(new byte[] {'k'}), large))));
        assertFalse(ReplyStream.isLarge(ArrayReply.of(SimpleString.OK, small)));
        assertFalse(ReplyStream.isLarge(new BulkString(new byte[1 << 20])));
    }

    private static byte[] whole(Reply reply, int protocol) {
        Sink sink = new Sink();
        RespWriter.write(sink, reply, protocol);
        return sink.bytes();
    }

    /** Replies of every kind, nested, some aggregates large enough to be streamed, some bulks large enough to go whole. */
    private static Reply randomReply(SplittableRandom random, int depth) {
        int kind = random.nextInt(depth >= 3 ? 6 : 12);
        return switch (kind) {
            case 0 -> new BulkString(bytes(random, random.nextInt(10) == 0 ? RespWriter.LARGE_BULK + 5 : 20));
            case 1 -> IntegerReply.of(random.nextLong());
            case 2 -> new SimpleString("OK" + random.nextInt(100));
            case 3 -> new ErrorReply("ERR e" + random.nextInt(100));
            case 4 -> random.nextBoolean() ? NullReply.NULL_BULK : NullReply.NULL_ARRAY;
            case 5 -> new DoubleReply(random.nextDouble() * 1000);
            case 6 -> new ArrayReply(items(random, depth, false));
            case 7 -> new MapReply(items(random, depth, true));
            case 8 -> new SetReply(items(random, depth, false));
            case 9 -> new PushReply(items(random, depth, false));
            case 10 -> new AttributeReply(items(random, depth, true), randomReply(random, depth + 1));
            default -> new ReplySequence(items(random, depth, false));
        };
    }

    private static List<Reply> items(SplittableRandom random, int depth, boolean even) {
        int size = switch (random.nextInt(4)) {
            case 0 -> 0;
            case 1 -> random.nextInt(1, 70);
            case 2 -> random.nextInt(60, 80);
            default -> random.nextInt(ReplyStream.LARGE_AGGREGATE - 2, ReplyStream.LARGE_AGGREGATE + 300);
        };
        if (even) {
            size &= ~1;
        }
        List<Reply> items = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            items.add(size > 100 ? IntegerReply.of(i) : randomReply(random, depth + 1));
        }
        if (size > 100 && random.nextBoolean()) {
            items.set(random.nextInt(size), randomReply(random, depth + 1));
        }
        return items;
    }

    private static byte[] bytes(SplittableRandom random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    /** What RespConnection is to the writer: a buffer, large bulks handed over apart, bytes counted. */
    private static final class Sink implements RespWriter.Sink {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private ByteBuf buffer;

        @Override
        public ByteBuf buffer() {
            if (buffer == null) {
                buffer = Unpooled.buffer();
            }
            return buffer;
        }

        @Override
        public void writeLarge(byte[] bytes) {
            moveBuffer();
            out.writeBytes(bytes);
        }

        @Override
        public long writtenBytes() {
            return out.size() + (buffer == null ? 0 : buffer.readableBytes());
        }

        byte[] bytes() {
            moveBuffer();
            return out.toByteArray();
        }

        private void moveBuffer() {
            if (buffer != null) {
                byte[] bytes = new byte[buffer.readableBytes()];
                buffer.readBytes(bytes);
                out.writeBytes(bytes);
                buffer = null;
            }
        }
    }
}
