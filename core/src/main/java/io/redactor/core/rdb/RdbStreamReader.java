package io.redactor.core.rdb;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a stream of type 15 or 19 as Redis 7.0.15's {@code rdbLoadObject} does, with deep validation (Redis's
 * {@code sanitize-dump-payload yes}): every node's listpack checked (StreamListpackCheck), and the failures Redis
 * reports as corrupt: a node key that is not 16 bytes, two nodes with one master ID, entries but no node, two
 * groups or two consumers of a group with one name, a pending entry listed twice, a consumer's pending entry the
 * group does not have, a group's pending entry no consumer has.
 */
final class RdbStreamReader {
    private static final int ID_BYTES = 16;

    private RdbStreamReader() {
    }

    static RdbStream read(int type, RdbReader in) throws RdbBadDataException {
        boolean v2 = type == RdbType.STREAM_LISTPACKS_2;
        List<RdbStream.Node> nodes = readNodes(in);
        long length = in.readUnsignedLength();
        RdbStream.Id last = id(in);
        RdbStream.Id first = RdbStream.Id.ZERO;
        RdbStream.Id maxDeleted = RdbStream.Id.ZERO;
        long added = length;
        if (v2) {
            first = id(in);
            maxDeleted = id(in);
            added = in.readUnsignedLength();
        }
        if (length != 0 && nodes.isEmpty()) {
            throw new RdbBadDataException("stream length inconsistent with its nodes");
        }
        long count = count(in, 2);
        List<RdbStream.Group> groups = new ArrayList<>((int) count);
        Set<ByteBuffer> names = new HashSet<>();
        for (long i = 0; i < count; i++) {
            RdbStream.Group group = readGroup(in, v2);
            if (!names.add(ByteBuffer.wrap(group.name()))) {
                throw new RdbBadDataException("duplicate consumer group name");
            }
            groups.add(group);
        }
        return new RdbStream(nodes, length, last, first, maxDeleted, added, groups, !v2);
    }

    private static List<RdbStream.Node> readNodes(RdbReader in) throws RdbBadDataException {
        long count = count(in, 2);
        List<RdbStream.Node> nodes = new ArrayList<>((int) count);
        Set<RdbStream.Id> masters = new HashSet<>();
        for (long i = 0; i < count; i++) {
            byte[] key = in.readString();
            if (key == null) {
                throw new RdbBadDataException("unreadable stream master ID");
            }
            if (key.length != ID_BYTES) {
                throw new RdbBadDataException("stream node key is not the size of a stream ID");
            }
            RdbReader.Slice lp = in.readStringSlice();
            if (lp == null) {
                throw new RdbBadDataException("unreadable stream listpack");
            }
            StreamListpackCheck.check(lp.array(), lp.offset(), lp.length());
            RdbStream.Id master = new RdbStream.Id(bigEndian(key, 0), bigEndian(key, 8));
            if (!masters.add(master)) {
                throw new RdbBadDataException("stream listpack re-added with an existing key");
            }
            nodes.add(new RdbStream.Node(master, lp.toByteArray()));
        }
        return nodes;
    }

    private static RdbStream.Group readGroup(RdbReader in, boolean v2) throws RdbBadDataException {
        byte[] name = string(in);
        RdbStream.Id lastDelivered = id(in);
        long entriesRead = v2 ? in.readUnsignedLength() : -1;
        long pendingCount = count(in, ID_BYTES + 9);
        List<RdbStream.Pending> pending = new ArrayList<>((int) pendingCount);
        Map<RdbStream.Id, Boolean> owned = new HashMap<>();
        for (long i = 0; i < pendingCount; i++) {
            RdbStream.Id id = rawId(in);
            long deliveryTime = time(in);
            long deliveries = in.readUnsignedLength();
            if (owned.put(id, false) != null) {
                throw new RdbBadDataException("duplicate pending entry in a consumer group");
            }
            pending.add(new RdbStream.Pending(id, deliveryTime, deliveries));
        }
        long consumerCount = count(in, 10);
        List<RdbStream.Consumer> consumers = new ArrayList<>((int) consumerCount);
        Set<ByteBuffer> names = new HashSet<>();
        for (long i = 0; i < consumerCount; i++) {
            byte[] consumerName = string(in);
            if (!names.add(ByteBuffer.wrap(consumerName))) {
                throw new RdbBadDataException("duplicate stream consumer");
            }
            long seen = time(in);
            long ids = count(in, ID_BYTES);
            List<RdbStream.Id> itsPending = new ArrayList<>((int) ids);
            Set<RdbStream.Id> seenIds = new HashSet<>();
            for (long j = 0; j < ids; j++) {
                RdbStream.Id id = rawId(in);
                if (!owned.containsKey(id)) {
                    throw new RdbBadDataException("consumer entry not found in the group's pending entries");
                }
                if (!seenIds.add(id)) {
                    throw new RdbBadDataException("duplicate consumer pending entry");
                }
                owned.put(id, true);
                itsPending.add(id);
            }
            consumers.add(new RdbStream.Consumer(consumerName, seen, itsPending));
        }
        if (owned.containsValue(false)) {
            throw new RdbBadDataException("a consumer group's pending entry without a consumer");
        }
        return new RdbStream.Group(name, lastDelivered, entriesRead, pending, consumers);
    }

    /** A count of items taking at least {@code minBytes} each, which the bytes left must allow. */
    private static long count(RdbReader in, int minBytes) throws RdbBadDataException {
        long n = in.readLength();
        if (n < 0 || n > in.remaining() / minBytes) {
            throw new RdbBadDataException("unreadable or impossible count " + n);
        }
        return n;
    }

    private static RdbStream.Id id(RdbReader in) throws RdbBadDataException {
        long ms = in.readUnsignedLength();
        return new RdbStream.Id(ms, in.readUnsignedLength());
    }

    /** An ID as 16 big-endian bytes (pending entries). */
    private static RdbStream.Id rawId(RdbReader in) throws RdbBadDataException {
        RdbReader.Slice raw = in.readBytes(ID_BYTES);
        if (raw == null) {
            throw new RdbBadDataException("truncated stream ID");
        }
        return new RdbStream.Id(bigEndian(raw.array(), raw.offset()), bigEndian(raw.array(), raw.offset() + 8));
    }

    /** {@code rdbLoadMillisecondTime}: 8 bytes, little-endian. */
    private static long time(RdbReader in) throws RdbBadDataException {
        if (in.remaining() < 8) {
            throw new RdbBadDataException("truncated time");
        }
        return in.readLittleEndian(8);
    }

    private static byte[] string(RdbReader in) throws RdbBadDataException {
        byte[] s = in.readString();
        if (s == null) {
            throw new RdbBadDataException("unreadable string");
        }
        return s;
    }

    private static long bigEndian(byte[] a, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (a[off + i] & 0xff);
        }
        return v;
    }
}
