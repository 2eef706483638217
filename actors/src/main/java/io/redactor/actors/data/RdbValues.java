package io.redactor.actors.data;

import io.redactor.actors.data.hash.HashValue;
import io.redactor.actors.data.list.ListValue;
import io.redactor.actors.data.set.SetValue;
import io.redactor.actors.data.stream.StreamRdb;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.actors.data.zset.SortedSetValue;
import io.redactor.core.rdb.RdbHash;
import io.redactor.core.rdb.RdbList;
import io.redactor.core.rdb.RdbSet;
import io.redactor.core.rdb.RdbSortedSet;
import io.redactor.core.rdb.RdbStream;
import io.redactor.core.rdb.RdbString;
import io.redactor.core.rdb.RdbValue;

import java.util.ArrayList;
import java.util.List;

/**
 * Redactor's values to and from the RDB model (DUMP, RESTORE, snapshots, loading). Written values keep the
 * encoding OBJECT ENCODING reports (listpack, intset, ...), so that Redis stores them as it reports them; read values
 * are built by inserting their elements, so that their encoding follows this server's thresholds, as Redis converts
 * values it loads.
 */
public final class RdbValues {
    private RdbValues() {
    }

    /** The thresholds of the *-max-listpack-* and set-max-intset-entries parameters. */
    public record Limits(long hashEntries, long hashValue, long setIntsetEntries, long zsetEntries, long zsetValue) {
    }

    /**
     * What a snapshot keeps of a value when its partition visits it, for {@link #toRdb} on the snapshot's writer
     * thread: a copy of a value that packs its elements (a hash, a set: a few array copies, where its RDB view
     * would be an array per element), else the RDB view itself.
     */
    public static Object capture(Object value) {
        return switch (value) {
            case HashValue hash -> hash.copy();
            case SetValue set -> set.copy();
            default -> toRdb(value);
        };
    }

    /** The number of elements of what {@link #capture} returned. */
    public static long capturedSize(Object captured) {
        return switch (captured) {
            case HashValue hash -> hash.size();
            case SetValue set -> set.size();
            case RdbValue rdb -> rdb.size();
            default -> throw new IllegalArgumentException("not a captured value: " + captured.getClass());
        };
    }

    /**
     * A stored value (or what {@link #capture} kept of it) as RDB sees it. The lists it holds share the value's
     * arrays: use it before the value changes.
     */
    public static RdbValue toRdb(Object value) {
        return switch (value) {
            case RdbValue rdb -> rdb;
            case ListValue list -> {
                List<byte[]> elements = new ArrayList<>((int) list.size());
                list.forEach(0, list.size() - 1, elements::add);
                yield new RdbList(elements);
            }
            case SetValue set -> {
                List<byte[]> members = new ArrayList<>(set.size());
                for (int i = 0; i < set.size(); i++) {
                    members.add(set.member(i));
                }
                yield new RdbSet(members, set.isIntset());
            }
            case HashValue hash -> {
                List<byte[]> fields = new ArrayList<>(hash.size());
                List<byte[]> values = new ArrayList<>(hash.size());
                hash.forEach((field, v) -> {
                    fields.add(field);
                    values.add(v);
                });
                yield new RdbHash(fields, values, hash.isListpack());
            }
            case SortedSetValue zset -> {
                List<byte[]> members = new ArrayList<>(zset.size());
                double[] scores = new double[zset.size()];
                zset.forEach((member, score) -> {
                    scores[members.size()] = score;
                    members.add(member);
                });
                yield new RdbSortedSet(members, scores, zset.isListpack());
            }
            case StreamValue stream -> StreamRdb.toRdb(stream);
            default -> new RdbString(StringValues.bytes(value));
        };
    }

    /**
     * The value to store for what RDB holds, whose members and fields are distinct ({@link
     * io.redactor.core.rdb.RdbValueReader} refuses repeated ones); null when it is a stream whose parts do not fit
     * together.
     */
    public static Object fromRdb(RdbValue value, Limits limits) {
        return switch (value) {
            case RdbString string -> string.value();
            case RdbList list -> {
                ListValue built = new ListValue();
                list.elements().forEach(built::pushRight);
                yield built;
            }
            case RdbSet set -> {
                SetValue built = set.members().isEmpty() ? SetValue.empty()
                        : SetValue.emptyFor(set.members().get(0), set.size(), totalBytes(set.members()));
                for (byte[] member : set.members()) {
                    built.add(member, limits.setIntsetEntries());
                }
                yield built;
            }
            case RdbHash hash -> HashValue.ofDistinct(hash.fields(), hash.values(), limits.hashEntries(),
                    limits.hashValue());
            case RdbSortedSet zset -> {
                SortedSetValue built = zset.members().isEmpty() ? new SortedSetValue(true)
                        : SortedSetValue.forMembers(zset.members().get(0), zset.size(), limits.zsetEntries(),
                                limits.zsetValue());
                for (int i = 0; i < zset.size(); i++) {
                    built.add(zset.members().get(i), zset.scores()[i], limits.zsetEntries(), limits.zsetValue());
                }
                yield built;
            }
            case RdbStream stream -> StreamRdb.fromRdb(stream);
        };
    }

    private static long totalBytes(List<byte[]> members) {
        long bytes = 0;
        for (byte[] member : members) {
            bytes += member.length;
        }
        return bytes;
    }
}
