package io.redactor.core.rdb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisDoubles;

/**
 * Reads every value type that Redis 7.0.15 loads from RDB files of version 10 and older ({@code rdbLoadObject}):
 * 0 string; 1 list of strings; 2 set; 3 sorted set with text scores; 4 hash; 5 sorted set with binary scores;
 * 9 hash zipmap; 10 list ziplist; 11 intset; 12 sorted set ziplist; 13 hash ziplist; 14 quicklist of ziplists;
 * 16 hash listpack; 17 sorted set listpack; 18 quicklist of listpacks and plain nodes; 15 and 19 streams (see
 * RdbStreamReader). Module values (6, 7) fail with {@link RdbUnsupportedTypeException}; anything else with
 * {@link RdbBadDataException}.
 *
 * <p>Checks are those of Redis with {@code sanitize-dump-payload yes}: compact encodings are validated entry by
 * entry (as ListpackParser, ZiplistParser, ZipmapParser and IntsetCodec describe), and duplicate
 * set members, hash fields or sorted-set members are bad data. Redis 7.0.15 with its default
 * {@code sanitize-dump-payload no} refuses duplicates in types 2, 3, 5, 9, 12 and 13 too, but RESTORE lets them
 * through in a listpack hash or sorted set, an intset (or one out of order), and a type-4 hash of at most 128
 * fields: it then keeps a value that answers inconsistently (HLEN 2 for one field, SISMEMBER missing members) or
 * crashes it later; here they are always refused. Stricter than Redis: a score must not be NaN (Redis keeps NaN in
 * a small compact sorted set and dies converting a big one), and a score stored as text must be a number through to
 * its end (Redis reads the number and ignores what follows).
 *
 * <p>Empty collections are bad data marked {@link RdbBadDataException#emptyValue()}; the reader then stands right
 * after the value, so that an RDB file loader can skip the key and go on, as Redis does.
 *
 * <p>Hostile input cannot make it throw anything else, loop, or allocate much more than the input's size: every
 * count is checked against the bytes left before anything is sized from it (each element takes at least one byte),
 * and strings are read only when their bytes are there ({@link RdbReader}).
 */
public final class RdbValueReader {
    private RdbValueReader() {
    }

    /** A type byte, then the value: the start of a DUMP payload. */
    public static RdbValue read(RdbReader in) throws RdbReadException {
        int type = in.readByte();
        if (type < 0) {
            throw new RdbBadDataException("no type byte");
        }
        return read(type, in);
    }

    /** The value of type {@code type}, which the caller has read (in an RDB file it comes before the key). */
    public static RdbValue read(int type, RdbReader in) throws RdbReadException {
        return switch (type) {
            case RdbType.STRING -> new RdbString(string(in));
            case RdbType.LIST -> readLinkedList(in);
            case RdbType.SET -> readSet(in);
            case RdbType.ZSET, RdbType.ZSET_2 -> readSkiplistZset(type, in);
            case RdbType.HASH -> readHash(in);
            case RdbType.HASH_ZIPMAP -> readZipmapHash(in);
            case RdbType.LIST_ZIPLIST -> readZiplistList(in);
            case RdbType.SET_INTSET -> readIntset(in);
            case RdbType.ZSET_ZIPLIST, RdbType.ZSET_LISTPACK -> readCompactZset(type, in);
            case RdbType.HASH_ZIPLIST, RdbType.HASH_LISTPACK -> readCompactHash(type, in);
            case RdbType.LIST_QUICKLIST, RdbType.LIST_QUICKLIST_2 -> readQuicklist(type, in);
            case RdbType.STREAM_LISTPACKS, RdbType.STREAM_LISTPACKS_2 -> RdbStreamReader.read(type, in);
            case RdbType.MODULE, RdbType.MODULE_2 -> throw new RdbUnsupportedTypeException(type);
            default -> throw new RdbBadDataException("unknown type " + type);
        };
    }

    private static RdbList readLinkedList(RdbReader in) throws RdbBadDataException {
        int n = count(in, RdbType.LIST, 1);
        List<byte[]> elements = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            elements.add(string(in));
        }
        return new RdbList(elements);
    }

    private static RdbSet readSet(RdbReader in) throws RdbBadDataException {
        int n = count(in, RdbType.SET, 1);
        List<byte[]> members = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            members.add(string(in));
        }
        distinct(members, "set members");
        return new RdbSet(members, false);
    }

    private static RdbSortedSet readSkiplistZset(int type, RdbReader in) throws RdbBadDataException {
        int n = count(in, type, type == RdbType.ZSET_2 ? 9 : 2);
        EntryCollectors.Scored z = new EntryCollectors.Scored(n);
        for (int i = 0; i < n; i++) {
            z.members.add(string(in));
            z.addScore(type == RdbType.ZSET_2 ? binaryScore(in) : textScore(in));
        }
        distinct(z.members, "sorted set members");
        // Redis writes these from the highest score down: turn them around into ascending order.
        Collections.reverse(z.members);
        double[] scores = z.scores();
        for (int i = 0, j = scores.length - 1; i < j; i++, j--) {
            double t = scores[i];
            scores[i] = scores[j];
            scores[j] = t;
        }
        return new RdbSortedSet(z.members, scores, false);
    }

    private static double binaryScore(RdbReader in) throws RdbBadDataException {
        if (in.remaining() < 8) {
            throw new RdbBadDataException("truncated score");
        }
        return notNaN(Double.longBitsToDouble(in.readLittleEndian(8)));
    }

    /** {@code rdbLoadDoubleValue}: a length byte (253, 254, 255 for NaN, +inf, -inf), then the number's text. */
    private static double textScore(RdbReader in) throws RdbBadDataException {
        int len = in.readByte();
        switch (len) {
            case -1 -> throw new RdbBadDataException("truncated score");
            case 253 -> throw new RdbBadDataException("NaN score");
            case 254 -> {
                return Double.POSITIVE_INFINITY;
            }
            case 255 -> {
                return Double.NEGATIVE_INFINITY;
            }
            default -> {
                RdbReader.Slice s = in.readBytes(len);
                if (s == null) {
                    throw new RdbBadDataException("truncated score");
                }
                // sscanf reads a C string: nothing before a zero byte means no number
                if (len == 0 || s.array()[s.offset()] == 0) {
                    throw new RdbBadDataException("score is empty");
                }
                try {
                    return RedisDoubles.parseStrtod(s.array(), s.offset(), s.length());
                } catch (NotANumberException e) {
                    throw new RdbBadDataException("score is not a number");
                }
            }
        }
    }

    private static RdbHash readHash(RdbReader in) throws RdbBadDataException {
        int n = count(in, RdbType.HASH, 2);
        EntryCollectors.Pairs pairs = new EntryCollectors.Pairs(n);
        for (int i = 0; i < n; i++) {
            pairs.keys.add(string(in));
            pairs.values.add(string(in));
        }
        distinct(pairs.keys, "hash fields");
        return new RdbHash(pairs.keys, pairs.values, false);
    }

    private static RdbHash readZipmapHash(RdbReader in) throws RdbBadDataException {
        RdbReader.Slice blob = blob(in);
        EntryCollectors.Pairs pairs = new EntryCollectors.Pairs(0);
        ZipmapParser.parse(blob.array(), blob.offset(), blob.length(), pairs);
        distinct(pairs.keys, "hash fields");
        return new RdbHash(pairs.keys, pairs.values, true);
    }

    private static RdbList readZiplistList(RdbReader in) throws RdbBadDataException {
        RdbReader.Slice blob = blob(in);
        EntryCollectors.Strings elements = new EntryCollectors.Strings(new ArrayList<>());
        ZiplistParser.parse(blob.array(), blob.offset(), blob.length(), elements);
        if (elements.list.isEmpty()) {
            throw RdbBadDataException.empty(RdbType.LIST_ZIPLIST);
        }
        return new RdbList(elements.list);
    }

    private static RdbSet readIntset(RdbReader in) throws RdbBadDataException {
        RdbReader.Slice blob = blob(in);
        return new RdbSet(IntsetCodec.read(blob.array(), blob.offset(), blob.length()), true);
    }

    private static RdbSortedSet readCompactZset(int type, RdbReader in) throws RdbBadDataException {
        RdbReader.Slice blob = blob(in);
        EntryCollectors.Scored z = new EntryCollectors.Scored(0);
        parseCompact(type == RdbType.ZSET_LISTPACK, blob, z);
        if (!z.complete()) {
            throw new RdbBadDataException("sorted set member without a score");
        }
        if (z.members.isEmpty()) {
            throw RdbBadDataException.empty(type);
        }
        distinct(z.members, "sorted set members");
        return new RdbSortedSet(z.members, z.scores(), true);
    }

    private static RdbHash readCompactHash(int type, RdbReader in) throws RdbBadDataException {
        RdbReader.Slice blob = blob(in);
        EntryCollectors.Pairs pairs = new EntryCollectors.Pairs(0);
        parseCompact(type == RdbType.HASH_LISTPACK, blob, pairs);
        if (!pairs.complete()) {
            throw new RdbBadDataException("hash field without a value");
        }
        if (pairs.keys.isEmpty()) {
            throw RdbBadDataException.empty(type);
        }
        distinct(pairs.keys, "hash fields");
        return new RdbHash(pairs.keys, pairs.values, true);
    }

    private static void parseCompact(boolean listpack, RdbReader.Slice blob, EntrySink sink)
            throws RdbBadDataException {
        if (listpack) {
            ListpackParser.parse(blob.array(), blob.offset(), blob.length(), sink);
        } else {
            ZiplistParser.parse(blob.array(), blob.offset(), blob.length(), sink);
        }
    }

    /**
     * Types 14 and 18: a node count, then per node (18 only: a container, 1 plain or 2 packed) a non-empty string:
     * a ziplist (14), a listpack (18 packed) or one element as is (18 plain). Empty nodes are skipped, as Redis does.
     */
    private static RdbList readQuicklist(int type, RdbReader in) throws RdbBadDataException {
        boolean v2 = type == RdbType.LIST_QUICKLIST_2;
        int nodes = count(in, type, v2 ? 2 : 1);
        EntryCollectors.Strings elements = new EntryCollectors.Strings(new ArrayList<>(nodes));
        for (int i = 0; i < nodes; i++) {
            long container = QuicklistWriter.CONTAINER_PACKED;
            if (v2) {
                container = in.readLength();
                if (container != QuicklistWriter.CONTAINER_PACKED && container != QuicklistWriter.CONTAINER_PLAIN) {
                    throw new RdbBadDataException("quicklist node container " + container);
                }
            }
            RdbReader.Slice data = blob(in);
            if (data.length() == 0) {
                throw new RdbBadDataException("empty quicklist node");
            }
            if (container == QuicklistWriter.CONTAINER_PLAIN) {
                elements.list.add(copyOf(data));
            } else if (v2) {
                ListpackParser.parse(data.array(), data.offset(), data.length(), elements);
            } else {
                ZiplistParser.parse(data.array(), data.offset(), data.length(), elements);
            }
        }
        if (elements.list.isEmpty()) {
            throw RdbBadDataException.empty(type);
        }
        return new RdbList(elements.list);
    }

    private static byte[] copyOf(RdbReader.Slice s) {
        return EntryCollectors.copy(s.array(), s.offset(), s.length());
    }

    /** A collection's count: at least 1, and no more than the bytes left allow at {@code minBytes} each. */
    private static int count(RdbReader in, int type, int minBytes) throws RdbBadDataException {
        long n = in.readLength();
        if (n < 0) {
            throw new RdbBadDataException("unreadable count");
        }
        if (n == 0) {
            throw RdbBadDataException.empty(type);
        }
        if (n > in.remaining() / minBytes) {
            throw new RdbBadDataException("count " + n + " with " + in.remaining() + " bytes left");
        }
        return (int) n;
    }

    private static byte[] string(RdbReader in) throws RdbBadDataException {
        byte[] s = in.readString();
        if (s == null) {
            throw new RdbBadDataException("unreadable string");
        }
        return s;
    }

    private static RdbReader.Slice blob(RdbReader in) throws RdbBadDataException {
        RdbReader.Slice s = in.readStringSlice();
        if (s == null) {
            throw new RdbBadDataException("unreadable string");
        }
        return s;
    }

    private static void distinct(List<byte[]> strings, String what) throws RdbBadDataException {
        if (EntryCollectors.hasDuplicates(strings)) {
            throw new RdbBadDataException("duplicate " + what);
        }
    }

    private static double notNaN(double score) throws RdbBadDataException {
        if (Double.isNaN(score)) {
            throw new RdbBadDataException("NaN score");
        }
        return score;
    }
}
