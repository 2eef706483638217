package io.redactor.core.rdb;

import java.util.List;
import java.util.Objects;

/**
 * A stream value (types 15 and 19): its nodes as Redis stores them, each a master ID and a listpack of entries in
 * Redis's stream layout (checked when read: see StreamListpackCheck), then the entry count, the last ID, and for
 * type 19 the first ID, the largest deleted ID and the count of entries ever added, then the consumer groups. IDs are
 * unsigned 64-bit millisecond and sequence numbers held in {@code long}s. A type 15 value read from an older file
 * has {@code legacy} set: its first ID, deleted ID, entries added and groups' read counters are not stored and are
 * to be derived from the rest, as Redis derives them.
 */
public record RdbStream(List<Node> nodes, long length, Id last, Id first, Id maxDeleted, long entriesAdded,
                        List<Group> groups, boolean legacy) implements RdbValue {
    public RdbStream {
        Objects.requireNonNull(nodes, "nodes");
        Objects.requireNonNull(groups, "groups");
    }

    /** A stream ID. */
    public record Id(long ms, long seq) {
        public static final Id ZERO = new Id(0, 0);
    }

    /** A node: its master ID and its listpack (exactly the listpack's bytes). */
    public record Node(Id master, byte[] listpack) {
    }

    /**
     * A consumer group: its name, last delivered ID, read counter (-1 when unknown), pending entries in ID order and
     * consumers in name order.
     */
    public record Group(byte[] name, Id lastDelivered, long entriesRead, List<Pending> pending,
                        List<Consumer> consumers) {
    }

    /** A pending entry: its ID, last delivery (unix ms) and delivery count. */
    public record Pending(Id id, long deliveryTime, long deliveryCount) {
    }

    /** A consumer: its name, when it was last seen (unix ms), and the IDs of its pending entries in order. */
    public record Consumer(byte[] name, long seenTime, List<Id> pending) {
    }

    /**
     * Never 0, so that an empty stream (a valid value, unlike other empty collections) is written: the nodes and
     * pending entries, a measure of the work of writing it.
     */
    @Override
    public int size() {
        long work = 1 + nodes.size();
        for (Group group : groups) {
            work += group.pending().size() + group.consumers().size();
        }
        return (int) Math.min(Integer.MAX_VALUE, work);
    }
}
