package io.redactor.api.resp;

import io.netty.buffer.ByteBuf;
import io.redactor.core.number.RedisDoubles;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.AttributeReply;
import io.redactor.core.reply.BigNumber;
import io.redactor.core.reply.BooleanReply;
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
import io.redactor.core.reply.VerbatimString;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Renders replies in RESP2 or RESP3. Texts of simple strings and errors are byte strings carried as
 * ISO-8859-1 characters, so whatever bytes a client sent come back unchanged.
 */
final class RespWriter {
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[][] SMALL_DECIMALS = new byte[1024][];

    static {
        for (int i = 0; i < SMALL_DECIMALS.length; i++) {
            SMALL_DECIMALS[i] = Integer.toString(i).getBytes(StandardCharsets.US_ASCII);
        }
    }

    /** Where rendered bytes go; large bulk strings are handed over without copying. */
    interface Sink {
        ByteBuf buffer();

        void writeLarge(byte[] bytes);

        /** How many bytes were rendered into this sink so far. */
        long writtenBytes();
    }

    static final int LARGE_BULK = 32 * 1024;

    private RespWriter() {
    }

    static void write(Sink sink, Reply reply, int protocol) {
        boolean resp3 = protocol >= 3;
        switch (reply) {
            case SimpleString s -> line(sink.buffer(), '+', s.text());
            case ErrorReply e -> line(sink.buffer(), '-', e.message());
            case IntegerReply i -> header(sink.buffer(), ':', i.value());
            case BulkString b -> bulk(sink, b.bytes());
            case NullReply n -> sink.buffer().writeBytes(resp3 ? NULL3 : n == NullReply.NULL_BULK ? NULL_BULK2 : NULL_ARRAY2);
            case ArrayReply a -> aggregate(sink, a, a.items(), protocol);
            case MapReply m -> aggregate(sink, m, m.keysAndValues(), protocol);
            case SetReply s -> aggregate(sink, s, s.items(), protocol);
            case PushReply p -> aggregate(sink, p, p.items(), protocol);
            case ReplySequence sequence -> sequence.replies().forEach(item -> write(sink, item, protocol));
            case AttributeReply a -> {
                if (resp3) {
                    header(sink.buffer(), '|', a.size());
                    a.keysAndValues().forEach(item -> write(sink, item, protocol));
                }
                write(sink, a.reply(), protocol);
            }
            case DoubleReply d -> writeDouble(sink, d, resp3);
            case BooleanReply b -> {
                if (resp3) {
                    sink.buffer().writeBytes(b == BooleanReply.TRUE ? TRUE3 : FALSE3);
                } else {
                    header(sink.buffer(), ':', b == BooleanReply.TRUE ? 1 : 0);
                }
            }
            case VerbatimString v -> {
                if (resp3) {
                    ByteBuf out = sink.buffer();
                    header(out, '=', v.bytes().length + 4L);
                    out.writeCharSequence(v.format(), StandardCharsets.US_ASCII);
                    out.writeByte(':');
                    out.writeBytes(v.bytes());
                    out.writeBytes(CRLF);
                } else {
                    bulk(sink, v.bytes());
                }
            }
            case BigNumber n -> {
                if (resp3) {
                    line(sink.buffer(), '(', n.text());
                } else {
                    bulk(sink, n.text().getBytes(StandardCharsets.ISO_8859_1));
                }
            }
        }
    }

    private static final byte[] NULL3 = "_\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL_BULK2 = "$-1\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NULL_ARRAY2 = "*-1\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRUE3 = "#t\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE3 = "#f\r\n".getBytes(StandardCharsets.US_ASCII);

    private static void aggregate(Sink sink, Reply aggregate, List<Reply> items, int protocol) {
        aggregateHeader(sink.buffer(), aggregate, protocol);
        for (Reply item : items) {
            write(sink, item, protocol);
        }
    }

    /**
     * The replies an aggregate reply holds, in the order they are written (a map's keys and values alternating);
     * null for a reply that holds none.
     */
    static List<Reply> elements(Reply reply) {
        return switch (reply) {
            case ArrayReply a -> a.items();
            case MapReply m -> m.keysAndValues();
            case SetReply s -> s.items();
            case PushReply p -> p.items();
            case ReplySequence sequence -> sequence.replies();
            default -> null;
        };
    }

    /** The header line of an aggregate reply (none for a sequence of replies, which are written one after another). */
    static void aggregateHeader(ByteBuf out, Reply aggregate, int protocol) {
        boolean resp3 = protocol >= 3;
        switch (aggregate) {
            case ArrayReply a -> header(out, '*', a.items().size());
            case MapReply m -> header(out, resp3 ? '%' : '*', resp3 ? m.size() : m.keysAndValues().size());
            case SetReply s -> header(out, resp3 ? '~' : '*', s.items().size());
            case PushReply p -> header(out, resp3 ? '>' : '*', p.items().size());
            case ReplySequence ignored -> {
            }
            default -> throw new IllegalArgumentException("not an aggregate reply: " + aggregate);
        }
    }

    /** Redis 7.0: {@code %.17g}, with infinities spelled "inf" and "-inf". */
    private static void writeDouble(Sink sink, DoubleReply reply, boolean resp3) {
        double value = reply.value();
        String text = reply.text() != null ? reply.text()
                : Double.isInfinite(value) ? (value > 0 ? "inf" : "-inf") : RedisDoubles.formatG(value, 17);
        if (resp3) {
            line(sink.buffer(), ',', text);
        } else {
            bulk(sink, text.getBytes(StandardCharsets.US_ASCII));
        }
    }

    private static void bulk(Sink sink, byte[] bytes) {
        ByteBuf out = sink.buffer();
        header(out, '$', bytes.length);
        if (bytes.length >= LARGE_BULK) {
            sink.writeLarge(bytes);
            sink.buffer().writeBytes(CRLF);
        } else {
            out.writeBytes(bytes);
            out.writeBytes(CRLF);
        }
    }

    private static void line(ByteBuf out, char type, String text) {
        out.writeByte(type);
        out.writeCharSequence(text, StandardCharsets.ISO_8859_1);
        out.writeBytes(CRLF);
    }

    private static void header(ByteBuf out, char type, long value) {
        out.writeByte(type);
        decimal(out, value);
        out.writeBytes(CRLF);
    }

    private static void decimal(ByteBuf out, long value) {
        if (value >= 0 && value < SMALL_DECIMALS.length) {
            out.writeBytes(SMALL_DECIMALS[(int) value]);
        } else {
            out.writeCharSequence(Long.toString(value), StandardCharsets.US_ASCII);
        }
    }
}
