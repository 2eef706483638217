package io.redactor.core.rdb;

import java.util.List;

import io.redactor.core.number.RedisDoubles;

/**
 * Writes values as Redis 7.0.15 writes them in RDB files and DUMP payloads ({@code rdbSaveObjectType} and
 * {@code rdbSaveObject}), so that for a value Redis would build by plain insertion the bytes are the ones its
 * {@code DUMP} gives:
 * <ul>
 * <li>string: type 0, the string ({@link RdbWriter#writeString});
 * <li>list: type 18, a quicklist of listpacks split as RPUSH splits it (see QuicklistWriter);
 * <li>set: type 11, an intset (see IntsetCodec), or type 2: the member count and the members;
 * <li>hash: type 16, a listpack of field, value, field, value..., or type 4: the pair count and the pairs;
 * <li>sorted set: type 17, a listpack of member, score, member, score... in ascending order, a score that is an
 * integer within +-2^62 being an integer entry and any other its {@code %.17g} text ("inf", "-inf"), as
 * {@code zzlInsertAt} stores it; or type 5: the count, then member and binary little-endian score from the highest
 * score down, the order in which Redis walks its skiplist;
 * <li>stream: type 19, the nodes (count, then each master ID as a 16-byte big-endian string and the listpack as a
 * string), the entry count, last ID, first ID, largest deleted ID and entries added, then the groups: name, last
 * delivered ID, read counter, pending entries (16-byte ID, delivery time as 8 bytes little-endian, delivery count)
 * and consumers (name, seen time, IDs of their pending entries) ({@code rdbSaveObject}'s stream part).
 * </ul>
 * Listpacks, intsets and the strings of the other encodings are RDB strings, LZF-compressed when {@code compress}
 * ({@code rdbcompression yes}) and that saves at least 4 bytes. The encoding is the caller's choice (the flags of
 * {@link RdbSet}, {@link RdbHash} and {@link RdbSortedSet}), as is the order of a set's or hash's members when they
 * are not in a compact encoding. Keeps buffers between values, so one writer serves a whole snapshot; not
 * thread-safe.
 */
public final class RdbValueWriter {
    /** Redis's default {@code list-max-listpack-size}: 8 KB per node. */
    public static final int DEFAULT_LIST_MAX_LISTPACK_SIZE = -2;

    private final boolean compress;
    private final QuicklistWriter quicklist;
    private final ListpackBuilder listpack = new ListpackBuilder();
    private final IntsetCodec intset = new IntsetCodec();

    /** With Redis's defaults: {@code rdbcompression yes}, {@code list-max-listpack-size -2}. */
    public RdbValueWriter() {
        this(true, DEFAULT_LIST_MAX_LISTPACK_SIZE);
    }

    /**
     * @param compress            Redis's {@code rdbcompression}
     * @param listMaxListpackSize Redis's {@code list-max-listpack-size}: -1..-5 for 4..64 KB per node, a positive
     *                            number for that many elements per node (within 8 KB)
     */
    public RdbValueWriter(boolean compress, int listMaxListpackSize) {
        this(compress, listMaxListpackSize, QuicklistWriter.DEFAULT_PACKED_THRESHOLD);
    }

    /** With another threshold for plain list nodes, as Redis's {@code DEBUG QUICKLIST-PACKED-THRESHOLD} sets it. */
    RdbValueWriter(boolean compress, int listMaxListpackSize, long packedThreshold) {
        this.compress = compress;
        this.quicklist = new QuicklistWriter(listMaxListpackSize, packedThreshold);
    }

    /** The type byte {@link #writeBody} goes with. */
    public static int typeOf(RdbValue value) {
        return switch (value) {
            case RdbString s -> RdbType.STRING;
            case RdbList l -> RdbType.LIST_QUICKLIST_2;
            case RdbSet s -> s.intset() ? RdbType.SET_INTSET : RdbType.SET;
            case RdbHash h -> h.listpack() ? RdbType.HASH_LISTPACK : RdbType.HASH;
            case RdbSortedSet z -> z.listpack() ? RdbType.ZSET_LISTPACK : RdbType.ZSET_2;
            case RdbStream s -> RdbType.STREAM_LISTPACKS_2;
        };
    }

    /** The type byte and the value: the start of a DUMP payload ({@link DumpPayload#seal} adds the rest). */
    public RdbWriter write(RdbWriter out, RdbValue value) {
        out.writeByte(typeOf(value));
        return writeBody(out, value);
    }

    /**
     * The value without its type byte, as it follows the key in an RDB file.
     *
     * @throws IllegalArgumentException for an empty collection (Redis refuses empty keys, and fails to load a whole
     *                                  file over an empty intset), an intset member that is not a canonical 64-bit
     *                                  integer, duplicate intset members, or a NaN score
     */
    public RdbWriter writeBody(RdbWriter out, RdbValue value) {
        if (value.size() == 0) {
            throw new IllegalArgumentException("empty " + value.getClass().getSimpleName());
        }
        switch (value) {
            case RdbString s -> out.writeString(s.value(), compress);
            case RdbList l -> quicklist.write(out, l.elements(), compress);
            case RdbSet s -> writeSet(out, s);
            case RdbHash h -> writeHash(out, h);
            case RdbSortedSet z -> writeSortedSet(out, z);
            case RdbStream s -> writeStream(out, s);
        }
        return out;
    }

    private void writeStream(RdbWriter out, RdbStream stream) {
        out.writeLength(stream.nodes().size());
        byte[] key = new byte[16];
        for (RdbStream.Node node : stream.nodes()) {
            putId(key, 0, node.master());
            out.writeString(key, compress);
            out.writeString(node.listpack(), compress);
        }
        out.writeLength(stream.length());
        writeId(out, stream.last());
        writeId(out, stream.first());
        writeId(out, stream.maxDeleted());
        out.writeLength(stream.entriesAdded());
        out.writeLength(stream.groups().size());
        for (RdbStream.Group group : stream.groups()) {
            out.writeString(group.name(), compress);
            writeId(out, group.lastDelivered());
            out.writeLength(group.entriesRead());
            out.writeLength(group.pending().size());
            for (RdbStream.Pending pending : group.pending()) {
                putId(key, 0, pending.id());
                out.writeRaw(key, 0, 16);
                out.writeLittleEndian(pending.deliveryTime(), 8);
                out.writeLength(pending.deliveryCount());
            }
            out.writeLength(group.consumers().size());
            for (RdbStream.Consumer consumer : group.consumers()) {
                out.writeString(consumer.name(), compress);
                out.writeLittleEndian(consumer.seenTime(), 8);
                out.writeLength(consumer.pending().size());
                for (RdbStream.Id id : consumer.pending()) {
                    putId(key, 0, id);
                    out.writeRaw(key, 0, 16);
                }
            }
        }
    }

    private static void writeId(RdbWriter out, RdbStream.Id id) {
        out.writeLength(id.ms());
        out.writeLength(id.seq());
    }

    /** An ID as 16 big-endian bytes, as Redis keys its radix trees. */
    private static void putId(byte[] into, int at, RdbStream.Id id) {
        for (int i = 0; i < 8; i++) {
            into[at + i] = (byte) (id.ms() >>> (56 - 8 * i));
            into[at + 8 + i] = (byte) (id.seq() >>> (56 - 8 * i));
        }
    }

    private void writeSet(RdbWriter out, RdbSet set) {
        if (set.intset()) {
            intset.write(out, set.members(), compress);
            return;
        }
        out.writeLength(set.members().size());
        for (byte[] m : set.members()) {
            out.writeString(m, compress);
        }
    }

    private void writeHash(RdbWriter out, RdbHash hash) {
        List<byte[]> fields = hash.fields();
        List<byte[]> values = hash.values();
        int n = fields.size();
        if (hash.listpack()) {
            listpack.reset();
            for (int i = 0; i < n; i++) {
                listpack.append(fields.get(i)).append(values.get(i));
            }
            writeListpack(out);
            return;
        }
        out.writeLength(n);
        for (int i = 0; i < n; i++) {
            out.writeString(fields.get(i), compress);
            out.writeString(values.get(i), compress);
        }
    }

    private void writeSortedSet(RdbWriter out, RdbSortedSet zset) {
        List<byte[]> members = zset.members();
        double[] scores = zset.scores();
        int n = members.size();
        for (double score : scores) {
            if (Double.isNaN(score)) {
                throw new IllegalArgumentException("NaN score");
            }
        }
        if (zset.listpack()) {
            listpack.reset();
            for (int i = 0; i < n; i++) {
                listpack.append(members.get(i));
                appendScore(scores[i]);
            }
            writeListpack(out);
            return;
        }
        out.writeLength(n);
        for (int i = n - 1; i >= 0; i--) {
            out.writeString(members.get(i), compress);
            out.writeBinaryDouble(scores[i]);
        }
    }

    /** {@code zzlInsertAt}: an integer entry when {@code double2ll} allows it, else {@code d2string}'s text. */
    private void appendScore(double score) {
        // double2ll: within (double) (+-LLONG_MAX / 2), which is +-2^62, and integral
        if (score >= -0x1p62 && score <= 0x1p62 && score == (long) score) {
            listpack.appendInteger((long) score);
        } else {
            byte[] text = RedisDoubles.toRedisString(score);
            listpack.appendString(text, 0, text.length);
        }
    }

    private void writeListpack(RdbWriter out) {
        byte[] lp = listpack.finish();
        out.writeString(lp, 0, listpack.totalBytes(), compress);
    }
}
