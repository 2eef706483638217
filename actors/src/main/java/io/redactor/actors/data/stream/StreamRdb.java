package io.redactor.actors.data.stream;

import io.redactor.core.listpack.Listpack;
import io.redactor.core.rdb.RdbStream;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Streams to and from the RDB model: nodes as they are, with the metadata and the consumer groups. */
public final class StreamRdb {
    private StreamRdb() {
    }

    /** The stream as RDB holds it, in arrays of its own (a snapshot encodes it later, while the stream changes). */
    public static RdbStream toRdb(StreamValue stream) {
        List<RdbStream.Node> nodes = new ArrayList<>(stream.nodeCount());
        stream.forEachNode((master, lp) -> nodes.add(new RdbStream.Node(id(master),
                Arrays.copyOf(lp, Listpack.totalBytes(lp)))));
        List<RdbStream.Group> groups = new ArrayList<>(stream.groupCount());
        for (Map.Entry<byte[], ConsumerGroup> named : stream.groups().entrySet()) {
            ConsumerGroup group = named.getValue();
            List<RdbStream.Pending> pending = new ArrayList<>(group.pendingCount());
            group.pending().forEach((id, entry) -> pending.add(new RdbStream.Pending(id(id), entry.deliveryTime(),
                    entry.deliveryCount())));
            List<RdbStream.Consumer> consumers = new ArrayList<>(group.consumerCount());
            for (Consumer consumer : group.consumers()) {
                List<RdbStream.Id> ids = new ArrayList<>(consumer.pendingCount());
                consumer.pending().keySet().forEach(id -> ids.add(id(id)));
                consumers.add(new RdbStream.Consumer(consumer.name(), consumer.seenTime(), ids));
            }
            groups.add(new RdbStream.Group(named.getKey(), id(group.lastId()), group.entriesRead(), pending,
                    consumers));
        }
        return new RdbStream(nodes, stream.length(), id(stream.lastId()), id(stream.firstId()),
                id(stream.maxDeletedId()), stream.entriesAdded(), groups, false);
    }

    /**
     * The stream RDB holds (checked by the reader). A stream of the older type gets what that type does not store
     * as Redis derives it: the first live entry's ID, as many entries added as there are, and the groups' read
     * counters estimated from their last IDs.
     */
    public static StreamValue fromRdb(RdbStream rdb) {
        StreamValue stream = new StreamValue();
        for (RdbStream.Node node : rdb.nodes()) {
            if (!stream.loadNode(id(node.master()), node.listpack())) {
                return null;
            }
        }
        stream.loaded(rdb.length(), id(rdb.last()), id(rdb.first()), id(rdb.maxDeleted()), rdb.entriesAdded());
        if (rdb.legacy()) {
            stream.loaded(rdb.length(), id(rdb.last()), stream.edgeId(true, true), StreamId.MIN, rdb.length());
        }
        for (RdbStream.Group loaded : rdb.groups()) {
            StreamId lastDelivered = id(loaded.lastDelivered());
            long entriesRead = rdb.legacy() ? stream.entriesReadAt(lastDelivered) : loaded.entriesRead();
            ConsumerGroup group = stream.createGroup(loaded.name(), lastDelivered, entriesRead);
            if (group == null) {
                return null;
            }
            for (RdbStream.Pending pending : loaded.pending()) {
                group.loadPending(id(pending.id()), pending.deliveryTime(), pending.deliveryCount());
            }
            for (RdbStream.Consumer consumer : loaded.consumers()) {
                Consumer created = group.createConsumer(consumer.name(), consumer.seenTime());
                if (created == null) {
                    return null;
                }
                for (RdbStream.Id pending : consumer.pending()) {
                    if (!group.loadConsumerPending(created, id(pending))) {
                        return null;
                    }
                }
            }
            if (!group.everyPendingOwned()) {
                return null;
            }
        }
        return stream;
    }

    private static RdbStream.Id id(StreamId id) {
        return new RdbStream.Id(id.ms(), id.seq());
    }

    private static StreamId id(RdbStream.Id id) {
        return new StreamId(id.ms(), id.seq());
    }
}
