package io.redactor.actors.command.streams;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.stream.Consumer;
import io.redactor.actors.data.stream.ConsumerGroup;
import io.redactor.actors.data.stream.PendingEntry;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** XINFO STREAM, GROUPS and CONSUMERS, with Redis 7.0's fields (entries-read, lag, ...). */
final class InfoCommands {
    private InfoCommands() {
    }

    /** XINFO CONSUMERS key group */
    static Reply consumers(KeyCall call) {
        StreamValue stream = existing(call);
        ConsumerGroup group = stream.group(call.arg(3));
        if (group == null) {
            return GroupCommands.noGroup(call.arg(3), call.arg(2));
        }
        long now = call.now();
        List<Reply> consumers = new ArrayList<>(group.consumerCount());
        for (Consumer consumer : group.consumers()) {
            consumers.add(map(
                    "name", new BulkString(consumer.name()),
                    "pending", IntegerReply.of(consumer.pendingCount()),
                    "idle", IntegerReply.of(Math.max(0, now - consumer.seenTime()))));
        }
        return new ArrayReply(consumers);
    }

    /** XINFO GROUPS key */
    static Reply groups(KeyCall call) {
        StreamValue stream = existing(call);
        List<Reply> groups = new ArrayList<>(stream.groupCount());
        for (Map.Entry<byte[], ConsumerGroup> named : stream.groups().entrySet()) {
            ConsumerGroup group = named.getValue();
            groups.add(map(
                    "name", new BulkString(named.getKey()),
                    "consumers", IntegerReply.of(group.consumerCount()),
                    "pending", IntegerReply.of(group.pendingCount()),
                    "last-delivered-id", Streams.id(group.lastId()),
                    "entries-read", entriesRead(group),
                    "lag", lag(stream, group)));
        }
        return new ArrayReply(groups);
    }

    /** XINFO STREAM key [FULL [COUNT count]] */
    static Reply stream(KeyCall call) {
        StreamValue stream = existing(call);
        int options = call.argc() - 3;
        long count = 10;
        if (options != 0) {
            if ((options != 1 && options != 3) || !Arguments.is(call.arg(3), "full")
                    || (options == 3 && !Arguments.is(call.arg(4), "count"))) {
                return Errors.subcommandSyntax(call.arg(1), "XINFO");
            }
            if (options == 3) {
                count = Arguments.parseLong(call.arg(5));
                if (count < 0) {
                    count = 10;
                }
            }
        }
        List<Reply> fields = new ArrayList<>(20);
        add(fields, "length", IntegerReply.of(stream.length()));
        add(fields, "radix-tree-keys", IntegerReply.of(stream.nodeCount()));
        add(fields, "radix-tree-nodes", IntegerReply.of(stream.radixTreeNodes()));
        add(fields, "last-generated-id", Streams.id(stream.lastId()));
        add(fields, "max-deleted-entry-id", Streams.id(stream.maxDeletedId()));
        add(fields, "entries-added", IntegerReply.of(stream.entriesAdded()));
        add(fields, "recorded-first-entry-id", Streams.id(stream.firstId()));
        if (options == 0) {
            add(fields, "groups", IntegerReply.of(stream.groupCount()));
            add(fields, "first-entry", edge(stream, false));
            add(fields, "last-entry", edge(stream, true));
        } else {
            List<Reply> entries = new ArrayList<>();
            Streams.range(stream, StreamId.MIN, StreamId.MAX, count, false, entries);
            add(fields, "entries", new ArrayReply(entries));
            add(fields, "groups", fullGroups(stream, count));
        }
        return new MapReply(fields);
    }

    private static Reply fullGroups(StreamValue stream, long count) {
        List<Reply> groups = new ArrayList<>(stream.groupCount());
        for (Map.Entry<byte[], ConsumerGroup> named : stream.groups().entrySet()) {
            ConsumerGroup group = named.getValue();
            List<Reply> pending = new ArrayList<>();
            for (Map.Entry<StreamId, PendingEntry> e : group.pending().entrySet()) {
                if (count != 0 && pending.size() >= count) {
                    break;
                }
                PendingEntry entry = e.getValue();
                pending.add(ArrayReply.of(Streams.id(e.getKey()), new BulkString(entry.consumer().name()),
                        IntegerReply.of(entry.deliveryTime()), IntegerReply.of(entry.deliveryCount())));
            }
            List<Reply> consumers = new ArrayList<>(group.consumerCount());
            for (Consumer consumer : group.consumers()) {
                List<Reply> own = new ArrayList<>();
                for (Map.Entry<StreamId, PendingEntry> e : consumer.pending().entrySet()) {
                    if (count != 0 && own.size() >= count) {
                        break;
                    }
                    own.add(ArrayReply.of(Streams.id(e.getKey()), IntegerReply.of(e.getValue().deliveryTime()),
                            IntegerReply.of(e.getValue().deliveryCount())));
                }
                consumers.add(map(
                        "name", new BulkString(consumer.name()),
                        "seen-time", IntegerReply.of(consumer.seenTime()),
                        "pel-count", IntegerReply.of(consumer.pendingCount()),
                        "pending", new ArrayReply(own)));
            }
            groups.add(map(
                    "name", new BulkString(named.getKey()),
                    "last-delivered-id", Streams.id(group.lastId()),
                    "entries-read", entriesRead(group),
                    "lag", lag(stream, group),
                    "pel-count", IntegerReply.of(group.pendingCount()),
                    "pending", new ArrayReply(pending),
                    "consumers", new ArrayReply(consumers)));
        }
        return new ArrayReply(groups);
    }

    /** The key's stream, or Redis's "no such key" and WRONGTYPE errors. */
    private static StreamValue existing(KeyCall call) {
        StreamValue stream = Streams.read(call.db(), call.arg(2));
        if (stream == null) {
            throw new CommandError(Errors.NO_SUCH_KEY);
        }
        return stream;
    }

    private static Reply edge(StreamValue stream, boolean last) {
        List<Reply> entry = new ArrayList<>(1);
        Streams.range(stream, StreamId.MIN, StreamId.MAX, 1, last, entry);
        return entry.isEmpty() ? NullReply.NULL_BULK : entry.get(0);
    }

    private static Reply entriesRead(ConsumerGroup group) {
        return group.entriesRead() == ConsumerGroup.INVALID_ENTRIES_READ ? NullReply.NULL_BULK
                : IntegerReply.of(group.entriesRead());
    }

    private static Reply lag(StreamValue stream, ConsumerGroup group) {
        Long lag = stream.lag(group);
        return lag == null ? NullReply.NULL_BULK : IntegerReply.of(lag);
    }

    private static void add(List<Reply> fields, String name, Reply value) {
        fields.add(BulkString.of(name));
        fields.add(value);
    }

    private static Reply map(Object... namesAndValues) {
        List<Reply> fields = new ArrayList<>(namesAndValues.length);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            add(fields, (String) namesAndValues[i], (Reply) namesAndValues[i + 1]);
        }
        return new MapReply(fields);
    }
}
