package io.redactor.actors.command.streams;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Lookup;
import io.redactor.actors.data.stream.Consumer;
import io.redactor.actors.data.stream.ConsumerGroup;
import io.redactor.actors.data.stream.PendingEntry;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;

/** XACK and XPENDING. */
final class PendingCommands {
    private PendingCommands() {
    }

    /** XACK key group id [id ...]: without the key or the group there is nothing to acknowledge. */
    static Reply xack(KeyCall call) {
        StreamValue stream = Streams.require(call.db().lookup(call.arg(1), Lookup.READ | Lookup.CHANGE));
        ConsumerGroup group = stream == null ? null : stream.group(call.arg(2));
        if (group == null) {
            return IntegerReply.ZERO;
        }
        StreamId[] ids = new StreamId[call.argc() - 3];
        for (int j = 3; j < call.argc(); j++) {
            ids[j - 3] = StreamIds.strict(call.arg(j), 0);
        }
        int acknowledged = 0;
        for (StreamId id : ids) {
            if (group.acknowledge(id)) {
                acknowledged++;
                call.keyspace().effects().dirty();
            }
        }
        return IntegerReply.of(acknowledged);
    }

    /** XPENDING key group [[IDLE min-idle-time] start end count [consumer]] */
    static Reply xpending(KeyCall call) {
        int argc = call.argc();
        if (argc != 3 && (argc < 6 || argc > 9)) {
            return Errors.SYNTAX;
        }
        long minIdle = 0;
        long count = 0;
        StreamId start = null;
        StreamId end = null;
        byte[] consumerName = null;
        if (argc >= 6) {
            int at = 3;
            if (Arguments.is(call.arg(3), "idle")) {
                minIdle = Arguments.parseLong(call.arg(4));
                if (argc < 8) {
                    return Errors.SYNTAX;
                }
                at += 2;
            }
            count = Math.max(0, Arguments.parseLong(call.arg(at + 2)));
            StreamIds.Bound startBound = StreamIds.bound(call.arg(at), 0);
            start = startBound.id();
            if (startBound.exclusive() && (start = start.next()) == null) {
                return RangeCommands.BAD_START;
            }
            StreamIds.Bound endBound = StreamIds.bound(call.arg(at + 1), -1L);
            end = endBound.id();
            if (endBound.exclusive() && (end = end.previous()) == null) {
                return RangeCommands.BAD_END;
            }
            if (at + 3 < argc) {
                consumerName = call.arg(at + 3);
            }
        }
        StreamValue stream = Streams.read(call.db(), call.arg(1));
        ConsumerGroup group = stream == null ? null : stream.group(call.arg(2));
        if (group == null) {
            return noKeyOrGroup(call);
        }
        if (argc == 3) {
            return summary(group);
        }
        NavigableMap<StreamId, PendingEntry> pending = group.pending();
        if (consumerName != null) {
            Consumer consumer = group.consumer(consumerName);
            if (consumer == null) {
                return ArrayReply.EMPTY;
            }
            pending = consumer.pending();
        }
        long now = call.now();
        List<Reply> entries = new ArrayList<>();
        for (Map.Entry<StreamId, PendingEntry> e : pending.tailMap(start, true).entrySet()) {
            if (count == 0 || e.getKey().compareTo(end) > 0) {
                break;
            }
            PendingEntry entry = e.getValue();
            if (minIdle != 0 && now - entry.deliveryTime() < minIdle) {
                continue;
            }
            count--;
            entries.add(ArrayReply.of(Streams.id(e.getKey()), new BulkString(entry.consumer().name()),
                    IntegerReply.of(Math.max(0, now - entry.deliveryTime())), IntegerReply.of(entry.deliveryCount())));
        }
        return new ArrayReply(entries);
    }

    /** The count of pending entries, the first and last IDs, and the consumers that have some with their counts. */
    private static Reply summary(ConsumerGroup group) {
        NavigableMap<StreamId, PendingEntry> pending = group.pending();
        if (pending.isEmpty()) {
            return ArrayReply.of(IntegerReply.ZERO, NullReply.NULL_BULK, NullReply.NULL_BULK, NullReply.NULL_ARRAY);
        }
        List<Reply> consumers = new ArrayList<>();
        for (Consumer consumer : group.consumers()) {
            if (consumer.pendingCount() > 0) {
                consumers.add(ArrayReply.of(new BulkString(consumer.name()),
                        new BulkString(RedisIntegers.toBytes(consumer.pendingCount()))));
            }
        }
        return ArrayReply.of(IntegerReply.of(pending.size()), Streams.id(pending.firstKey()),
                Streams.id(pending.lastKey()), new ArrayReply(consumers));
    }

    static ErrorReply noKeyOrGroup(KeyCall call) {
        return new ErrorReply("NOGROUP No such key '" + Arguments.text(call.arg(1)) + "' or consumer group '"
                + Arguments.text(call.arg(2)) + "'");
    }
}
