package io.redactor.actors.durability;

import io.redactor.actors.data.stream.Consumer;
import io.redactor.actors.data.stream.ConsumerGroup;
import io.redactor.actors.data.stream.PendingEntry;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamIterator;
import io.redactor.actors.data.stream.StreamRdb;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.rdb.RdbStream;
import io.redactor.persistence.aof.CommandBuffer;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A stream as the commands Redis's AOF rewrite writes for it ({@code rewriteStreamObject}): an XADD per entry (an
 * empty stream as {@code XADD key MAXLEN 0 0-1 x y}), XSETID with the entries added and the largest deleted ID, then
 * per group XGROUP CREATE with its read counter, and per consumer an XCLAIM per pending entry (with its delivery
 * time and count) or, for one with none, XGROUP CREATECONSUMER.
 */
final class StreamCommandsOut {
    private static final byte[] XADD = ascii("XADD");
    private static final byte[] XSETID = ascii("XSETID");
    private static final byte[] XGROUP = ascii("XGROUP");
    private static final byte[] XCLAIM = ascii("XCLAIM");
    private static final byte[] CREATE = ascii("CREATE");
    private static final byte[] CREATECONSUMER = ascii("CREATECONSUMER");
    private static final byte[] ENTRIESADDED = ascii("ENTRIESADDED");
    private static final byte[] MAXDELETEDID = ascii("MAXDELETEDID");
    private static final byte[] ENTRIESREAD = ascii("ENTRIESREAD");
    private static final byte[] TIME = ascii("TIME");
    private static final byte[] RETRYCOUNT = ascii("RETRYCOUNT");
    private static final byte[] JUSTID = ascii("JUSTID");
    private static final byte[] FORCE = ascii("FORCE");

    private StreamCommandsOut() {
    }

    static void write(CommandBuffer out, byte[] key, RdbStream rdb) {
        StreamValue stream = StreamRdb.fromRdb(rdb);
        if (stream.length() > 0) {
            StreamIterator it = stream.iterator(StreamId.MIN, StreamId.MAX, false);
            while (it.next()) {
                byte[][] argv = new byte[3 + 2 * it.fields()][];
                argv[0] = XADD;
                argv[1] = key;
                argv[2] = it.id().toBytes();
                for (int i = 0; i < it.fields(); i++) {
                    argv[3 + 2 * i] = it.field(i);
                    argv[4 + 2 * i] = it.value(i);
                }
                out.command(argv);
            }
        } else {
            out.command(new byte[][] {XADD, key, ascii("MAXLEN"), ascii("0"), ascii("0-1"), ascii("x"),
                    ascii("y")});
        }
        out.command(new byte[][] {XSETID, key, stream.lastId().toBytes(), ENTRIESADDED,
                number(stream.entriesAdded()), MAXDELETEDID, stream.maxDeletedId().toBytes()});
        for (Map.Entry<byte[], ConsumerGroup> named : stream.groups().entrySet()) {
            byte[] name = named.getKey();
            ConsumerGroup group = named.getValue();
            out.command(new byte[][] {XGROUP, CREATE, key, name, group.lastId().toBytes(), ENTRIESREAD,
                    number(group.entriesRead())});
            for (Consumer consumer : group.consumers()) {
                if (consumer.pendingCount() == 0) {
                    out.command(new byte[][] {XGROUP, CREATECONSUMER, key, name, consumer.name()});
                    continue;
                }
                for (Map.Entry<StreamId, PendingEntry> pending : consumer.pending().entrySet()) {
                    out.command(new byte[][] {XCLAIM, key, name, consumer.name(), number(0),
                            pending.getKey().toBytes(), TIME, number(pending.getValue().deliveryTime()),
                            RETRYCOUNT, number(pending.getValue().deliveryCount()), JUSTID, FORCE});
                }
            }
        }
    }

    private static byte[] number(long value) {
        return RedisIntegers.toBytes(value);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
