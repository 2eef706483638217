package io.redactor.actors.data.stream;

import io.redactor.actors.data.BlockableValue;
import io.redactor.actors.data.JvmLayout;
import io.redactor.actors.data.SizedValue;
import io.redactor.core.listpack.Listpack;

import java.util.Arrays;
import java.util.Collections;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A stream (Redis 7.0's stream type): entries in nodes of listpacks laid out byte for byte as Redis lays them out
 * (see {@link NodeFormat}), split as Redis splits them ({@code stream-node-max-bytes}, {@code
 * stream-node-max-entries}), so that DUMP gives Redis's bytes; the last, first and largest deleted IDs; the count of
 * entries ever added; and the consumer groups.
 */
public final class StreamValue extends SizedValue implements BlockableValue {
    /** Redis's STREAM_LISTPACK_MAX_SIZE: no node grows past it, whatever the configuration says. */
    public static final long NODE_MAX_SIZE = 1 << 30;
    /** What a new node's listpack starts with (Redis preallocates up to 4 KB and shrinks it when full). */
    private static final int NEW_NODE_CAPACITY = 256;

    private StreamNodes nodes = new StreamNodes();
    private long length;
    private StreamId lastId = StreamId.MIN;
    private StreamId firstId = StreamId.MIN;
    private StreamId maxDeletedId = StreamId.MIN;
    private long entriesAdded;
    /** By name, in byte order; null until the first group. */
    private TreeMap<byte[], ConsumerGroup> groups;

    @Override
    public long memoryBytes() {
        long id = JvmLayout.object(0, 16);
        long bytes = shell(5, 2 * 8) + nodes.memoryBytes() + (lastId == StreamId.MIN ? 0 : id)
                + (firstId == StreamId.MIN || firstId == lastId ? 0 : id) + (maxDeletedId == StreamId.MIN ? 0 : id);
        if (groups != null) {
            bytes += ConsumerGroup.TREE_MAP;
            for (var group : groups.entrySet()) {
                bytes += ConsumerGroup.TREE_ENTRY + JvmLayout.bytes(group.getKey().length)
                        + group.getValue().memoryBytes();
            }
        }
        return bytes;
    }

    @Override
    public String typeName() {
        return "stream";
    }

    @Override
    public String encoding() {
        return "stream";
    }

    @Override
    public StreamValue copy() {
        StreamValue copy = new StreamValue();
        copy.nodes = nodes.copy();
        copy.length = length;
        copy.lastId = lastId;
        copy.firstId = firstId;
        copy.maxDeletedId = maxDeletedId;
        copy.entriesAdded = entriesAdded;
        if (groups != null) {
            copy.groups = new TreeMap<>(Arrays::compareUnsigned);
            groups.forEach((name, group) -> copy.groups.put(name, group.copy()));
        }
        return copy;
    }

    public long length() {
        return length;
    }

    public StreamId lastId() {
        return lastId;
    }

    public StreamId firstId() {
        return firstId;
    }

    public StreamId maxDeletedId() {
        return maxDeletedId;
    }

    public long entriesAdded() {
        return entriesAdded;
    }

    public void setLastId(StreamId id) {
        lastId = id;
    }

    public void setEntriesAdded(long count) {
        entriesAdded = count;
    }

    public void setMaxDeletedId(StreamId id) {
        maxDeletedId = id;
    }

    /** The number of nodes (XINFO's radix-tree-keys). */
    public int nodeCount() {
        return nodes.size();
    }

    /** XINFO's radix-tree-nodes: the nodes Redis's radix tree would have for these master IDs. */
    public long radixTreeNodes() {
        return RadixNodes.count(nodes);
    }

    /** The live entries from {@code start} to {@code end} (both included), forwards or backwards. */
    public StreamIterator iterator(StreamId start, StreamId end, boolean reverse) {
        return new StreamIterator(nodes, start, end, reverse, true);
    }

    /** Every node with its master ID, in order (what RDB stores). */
    public void forEachNode(NodeVisitor visitor) {
        for (int i = 0; i < nodes.size(); i++) {
            visitor.visit(nodes.masterId(i), nodes.listpack(i));
        }
    }

    /** What {@link #forEachNode} gives. The listpack may be longer than its content: see Listpack.totalBytes. */
    @FunctionalInterface
    public interface NodeVisitor {
        void visit(StreamId master, byte[] listpack);
    }

    /**
     * The ID an XADD gets ({@code streamAppendItem}): the next after the last ID when none is asked for ({@code
     * now}'s milliseconds, or the last ID's successor), the one asked for, or with {@code ms-*} the asked
     * milliseconds with the next sequence. Null when it is not above the last ID.
     *
     * @throws SequenceExhausted when {@code ms-*} asks for the last ID's milliseconds and its sequence is exhausted
     */
    public StreamId nextId(StreamId requested, boolean seqGiven, long now) {
        StreamId id;
        if (requested == null) {
            if (Long.compareUnsigned(now, lastId.ms()) > 0) {
                id = new StreamId(now, 0);
            } else {
                id = lastId.next();
                if (id == null) {
                    id = StreamId.MIN;
                }
            }
        } else if (seqGiven) {
            id = requested;
        } else if (lastId.ms() == requested.ms()) {
            if (lastId.seq() == -1L) {
                throw new SequenceExhausted();
            }
            id = new StreamId(lastId.ms(), lastId.seq() + 1);
        } else {
            id = requested;
        }
        return id.compareTo(lastId) > 0 ? id : null;
    }

    /** {@code ms-*} with the last ID's milliseconds and no sequence left. */
    public static final class SequenceExhausted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SequenceExhausted() {
            super(null, null, false, false);
        }
    }

    /** The bytes of an entry's fields and values together (what decides whether it fits a node). */
    public static long entryBytes(byte[][] args, int from, int pairs) {
        long total = 0;
        for (int i = from; i < from + 2 * pairs; i++) {
            total += args[i].length;
        }
        return total;
    }

    /**
     * Appends an entry ({@code streamAppendItem}): {@code pairs} fields and values from {@code args[from]}, under
     * {@code id}, which {@link #nextId} gave. A new node starts when the last one has {@code maxBytes} bytes with
     * this entry's strings (0 for no limit) or {@code maxEntries} entries (0 for no limit).
     */
    public void append(StreamId id, byte[][] args, int from, int pairs, long maxBytes, long maxEntries) {
        long entryBytes = entryBytes(args, from, pairs);
        int last = nodes.size() - 1;
        byte[] lp = last < 0 ? null : nodes.listpack(last);
        if (lp != null && nodeFull(lp, entryBytes, maxBytes, maxEntries)) {
            nodes.setListpack(last, Listpack.shrinkToFit(lp));
            lp = null;
        }
        int flags = 0;
        StreamId master;
        if (lp == null) {
            master = id;
            lp = Listpack.create(NEW_NODE_CAPACITY);
            lp = Listpack.appendInteger(lp, 1);
            lp = Listpack.appendInteger(lp, 0);
            lp = Listpack.appendInteger(lp, pairs);
            for (int i = 0; i < pairs; i++) {
                lp = Listpack.append(lp, args[from + 2 * i]);
            }
            lp = Listpack.appendInteger(lp, 0);
            nodes.insert(master, lp);
            last = nodes.size() - 1;
            flags |= NodeFormat.SAME_FIELDS;
        } else {
            master = nodes.masterId(last);
            int p = Listpack.first(lp);
            lp = Listpack.replaceInteger(lp, p, Listpack.integer(lp, p) + 1);
            if (sameFieldsAsMaster(lp, args, from, pairs)) {
                flags |= NodeFormat.SAME_FIELDS;
            }
        }
        boolean same = (flags & NodeFormat.SAME_FIELDS) != 0;
        lp = Listpack.appendInteger(lp, flags);
        lp = Listpack.appendInteger(lp, id.ms() - master.ms());
        lp = Listpack.appendInteger(lp, id.seq() - master.seq());
        if (!same) {
            lp = Listpack.appendInteger(lp, pairs);
        }
        for (int i = 0; i < pairs; i++) {
            if (!same) {
                lp = Listpack.append(lp, args[from + 2 * i]);
            }
            lp = Listpack.append(lp, args[from + 2 * i + 1]);
        }
        lp = Listpack.appendInteger(lp, NodeFormat.elements(same, pairs));
        nodes.setListpack(last, lp);
        length++;
        entriesAdded++;
        lastId = id;
        if (length == 1) {
            firstId = id;
        }
    }

    private static boolean nodeFull(byte[] lp, long entryBytes, long maxBytes, long maxEntries) {
        long limit = maxBytes == 0 || maxBytes > NODE_MAX_SIZE ? NODE_MAX_SIZE : maxBytes;
        if (Listpack.totalBytes(lp) + entryBytes >= limit) {
            return true;
        }
        return maxEntries != 0 && NodeFormat.live(lp) + NodeFormat.deleted(lp) >= maxEntries;
    }

    private static boolean sameFieldsAsMaster(byte[] lp, byte[][] args, int from, int pairs) {
        int p = NodeFormat.masterFieldCountAt(lp);
        if (Listpack.integer(lp, p) != pairs) {
            return false;
        }
        for (int i = 0; i < pairs; i++) {
            p = Listpack.next(lp, p);
            if (!Listpack.equalsBytes(lp, p, args[from + 2 * i])) {
                return false;
            }
        }
        return true;
    }

    /** Deletes a live entry ({@code streamDeleteItem}); false when there is none with that ID. */
    public boolean delete(StreamId id) {
        StreamIterator it = new StreamIterator(nodes, id, id, false, true);
        if (!it.next()) {
            return false;
        }
        int node = it.node();
        byte[] lp = nodes.listpack(node);
        lp = Listpack.replaceInteger(lp, it.flagsAt(), it.flags() | NodeFormat.DELETED);
        long live = NodeFormat.live(lp);
        if (live == 1) {
            nodes.remove(node);
        } else {
            nodes.setListpack(node, NodeFormat.setCounts(lp, live - 1, NodeFormat.deleted(lp) + 1));
        }
        length--;
        return true;
    }

    /** Whether a live entry has this ID. */
    public boolean contains(StreamId id) {
        return new StreamIterator(nodes, id, id, false, true).next();
    }

    /** An XTRIM or XADD trimming: by length, or by the smallest ID to keep. */
    public record Trim(boolean byLength, long maxLength, StreamId minId, boolean approximate, long limit) {
    }

    /**
     * Trims from the oldest entries ({@code streamTrim}): whole nodes while they are entirely over the limit, then,
     * unless approximate, entries of the next node marked deleted one by one; at most {@code limit} entries when it
     * is not 0 (whole nodes only). Returns how many were removed.
     */
    public long trim(Trim trim) {
        long deleted = 0;
        while (nodes.size() > 0) {
            if (trim.byLength() && length <= trim.maxLength()) {
                break;
            }
            byte[] lp = nodes.listpack(0);
            long entries = NodeFormat.live(lp);
            if (trim.limit() != 0 && deleted + entries > trim.limit()) {
                break;
            }
            StreamId master = nodes.masterId(0);
            boolean removeNode = trim.byLength() ? length - entries >= trim.maxLength()
                    : lastEntryId(master, lp).compareTo(trim.minId()) < 0;
            if (removeNode) {
                nodes.remove(0);
                length -= entries;
                deleted += entries;
                continue;
            }
            if (trim.approximate()) {
                break;
            }
            deleted += trimWithin(trim, master);
            break;
        }
        if (length == 0) {
            firstId = StreamId.MIN;
        } else if (deleted > 0) {
            firstId = edgeId(true, true);
        }
        return deleted;
    }

    /** Marks deleted the entries of the first node that the trim removes. */
    private long trimWithin(Trim trim, StreamId master) {
        byte[] lp = nodes.listpack(0);
        long deletedHere = 0;
        StreamIterator it = new StreamIterator(nodes, StreamId.MIN, StreamId.MAX, false, false);
        while (it.next() && it.node() == 0) {
            boolean stop = trim.byLength() ? length <= trim.maxLength() : it.id().compareTo(trim.minId()) >= 0;
            if (stop) {
                break;
            }
            if (!it.deleted()) {
                // a flag of 1 byte for another: the entries stay where they are
                lp = Listpack.replaceInteger(lp, it.flagsAt(), it.flags() | NodeFormat.DELETED);
                deletedHere++;
                length--;
            }
        }
        lp = NodeFormat.setCounts(lp, NodeFormat.live(lp) - deletedHere, NodeFormat.deleted(lp) + deletedHere);
        nodes.setListpack(0, lp);
        return deletedHere;
    }

    /** The last entry's ID in a node, deleted or not ({@code lpGetEdgeStreamID}). */
    private static StreamId lastEntryId(StreamId master, byte[] lp) {
        int p = Listpack.last(lp);
        long elements = Listpack.integer(lp, p);
        for (long i = 0; i < elements; i++) {
            p = Listpack.prev(lp, p);
        }
        p = Listpack.next(lp, p);
        long ms = Listpack.integer(lp, p);
        long seq = Listpack.integer(lp, Listpack.next(lp, p));
        return new StreamId(master.ms() + ms, master.seq() + seq);
    }

    /**
     * {@code streamGetEdgeID}: the first or last entry's ID, deleted entries included or not; with no such entry,
     * the largest ID for the first and 0-0 for the last.
     */
    public StreamId edgeId(boolean first, boolean skipDeleted) {
        StreamIterator it = new StreamIterator(nodes, StreamId.MIN, StreamId.MAX, !first, skipDeleted);
        if (it.next()) {
            return it.id();
        }
        return first ? StreamId.MAX : StreamId.MIN;
    }

    /** {@code streamLastValidID}: the last live entry's ID (0-0 when there is none). */
    public StreamId lastValidId() {
        return edgeId(false, true);
    }

    /** Updates the first ID after XDEL: {@code firstDeleted} when the first entry was among those deleted. */
    public void afterDeletes(boolean firstDeleted) {
        if (length == 0) {
            firstId = StreamId.MIN;
        } else if (firstDeleted) {
            firstId = edgeId(true, true);
        }
    }

    /**
     * {@code streamRangeHasTombstones}: whether a deleted entry may lie between {@code start} and {@code end} (null
     * for no end), judged by the largest deleted ID.
     */
    public boolean rangeHasTombstones(StreamId start, StreamId end) {
        if (length == 0 || maxDeletedId.isZero()) {
            return false;
        }
        if (firstId.compareTo(maxDeletedId) > 0) {
            return false;
        }
        StreamId to = end == null ? StreamId.MAX : end;
        return start.compareTo(maxDeletedId) <= 0 && maxDeletedId.compareTo(to) <= 0;
    }

    /**
     * {@code streamEstimateDistanceFromFirstEverEntry}: the read counter an ID stands for, or {@link
     * ConsumerGroup#INVALID_ENTRIES_READ} when it cannot be known.
     */
    public long entriesReadAt(StreamId id) {
        if (entriesAdded == 0) {
            return 0;
        }
        if (length == 0 && id.compareTo(lastId) < 1) {
            return entriesAdded;
        }
        int cmpLast = id.compareTo(lastId);
        if (cmpLast == 0) {
            return entriesAdded;
        }
        if (cmpLast > 0) {
            return ConsumerGroup.INVALID_ENTRIES_READ;
        }
        int cmpFirst = id.compareTo(firstId);
        if (maxDeletedId.isZero() || maxDeletedId.compareTo(firstId) < 0) {
            if (cmpFirst < 0) {
                return entriesAdded - length;
            }
            if (cmpFirst == 0) {
                return entriesAdded - length + 1;
            }
        }
        return ConsumerGroup.INVALID_ENTRIES_READ;
    }

    /** {@code streamReplyWithCGLag}: the entries the group has yet to read, or null when that cannot be known. */
    public Long lag(ConsumerGroup group) {
        if (entriesAdded == 0) {
            return 0L;
        }
        if (group.entriesRead() != ConsumerGroup.INVALID_ENTRIES_READ
                && !rangeHasTombstones(group.lastId(), null)) {
            return entriesAdded - group.entriesRead();
        }
        long read = entriesReadAt(group.lastId());
        return read == ConsumerGroup.INVALID_ENTRIES_READ ? null : entriesAdded - read;
    }

    public ConsumerGroup group(byte[] name) {
        return groups == null ? null : groups.get(name);
    }

    /** A new group; null when one has that name. */
    public ConsumerGroup createGroup(byte[] name, StreamId lastDelivered, long entriesRead) {
        if (groups == null) {
            groups = new TreeMap<>(Arrays::compareUnsigned);
        }
        if (groups.containsKey(name)) {
            return null;
        }
        ConsumerGroup group = new ConsumerGroup(lastDelivered, entriesRead);
        groups.put(name, group);
        return group;
    }

    public boolean destroyGroup(byte[] name) {
        return groups != null && groups.remove(name) != null;
    }

    /** The groups by name, in byte order. */
    public NavigableMap<byte[], ConsumerGroup> groups() {
        return groups == null ? Collections.emptyNavigableMap() : Collections.unmodifiableNavigableMap(groups);
    }

    public int groupCount() {
        return groups == null ? 0 : groups.size();
    }

    /**
     * Loading: a node as RDB holds it; false when a node already has that master ID. The caller checks the listpack
     * and sets the metadata with {@link #loaded}.
     */
    public boolean loadNode(StreamId master, byte[] listpack) {
        return nodes.insert(master, listpack);
    }

    /** Loading: the metadata that follows the nodes. */
    public void loaded(long length, StreamId last, StreamId first, StreamId maxDeleted, long added) {
        this.length = length;
        this.lastId = last;
        this.firstId = first;
        this.maxDeletedId = maxDeleted;
        this.entriesAdded = added;
    }
}
