package io.redactor.actors.command.server.debug;

import io.redactor.actors.data.Database;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.data.RdbValues;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamIterator;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.number.RedisDoubles;
import io.redactor.core.rdb.RdbHash;
import io.redactor.core.rdb.RdbList;
import io.redactor.core.rdb.RdbSet;
import io.redactor.core.rdb.RdbSortedSet;
import io.redactor.core.rdb.RdbValue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Redis's DEBUG DIGEST and DIGEST-VALUE signatures, computed the same way so that equal data sets give equal digests
 * on both servers: 20-byte SHA-1 accumulators where unordered parts (keys, set members, hash fields, sorted-set
 * entries) are combined by xor and ordered ones (list elements, stream entries) by "mixing", which hashes the
 * accumulator again after each xor.
 */
final class DatasetDigest {
    private static final int STRING = 0;
    private static final int LIST = 1;
    private static final int SET = 2;
    private static final int ZSET = 3;
    private static final int HASH = 4;
    private static final int STREAM = 6;
    private static final byte[] EXPIRE_MARK = "!!expire!!".getBytes(StandardCharsets.US_ASCII);

    private final MessageDigest sha1;

    DatasetDigest() {
        try {
            sha1 = MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-1", e);
        }
    }

    /** DEBUG DIGEST: every database with keys, in order, each key with its value and whether it expires. */
    String dataset(PartitionData[] partitions) {
        byte[] result = new byte[20];
        for (int db = 0; db < Keyspace.DATABASES; db++) {
            long keys = 0;
            for (PartitionData partition : partitions) {
                keys += partition.db(db).size();
            }
            if (keys == 0) {
                continue;
            }
            // the database's number goes in, so the same keys in another database digest differently
            mix(result, new byte[] {(byte) (db >>> 24), (byte) (db >>> 16), (byte) (db >>> 8), (byte) db});
            for (PartitionData partition : partitions) {
                partition.db(db).visitStored((key, value, expireAt) -> {
                    byte[] entry = new byte[20];
                    mix(entry, key);
                    object(entry, value, expireAt);
                    xor(result, sha1(entry));
                });
            }
        }
        return hex(result);
    }

    /** DEBUG DIGEST-VALUE of one key: its value and expiry, zeros when no partition (null) holds it. */
    String value(PartitionData owner, int db, byte[] key) {
        byte[] result = new byte[20];
        if (owner != null) {
            Database database = owner.db(db);
            object(result, database.peek(key), database.expireAt(key));
        }
        return hex(result);
    }

    static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }

    /** Redis's xorObjectDigest. */
    private void object(byte[] digest, Object value, long expireAt) {
        if (StringValues.isString(value)) {
            type(digest, STRING);
            mix(digest, StringValues.bytes(value));
        } else if (value instanceof StreamValue stream) {
            type(digest, STREAM);
            stream(digest, stream);
        } else {
            RdbValue rdb = RdbValues.toRdb(value);
            switch (rdb) {
                case RdbList list -> {
                    type(digest, LIST);
                    list.elements().forEach(element -> mix(digest, element));
                }
                case RdbSet set -> {
                    type(digest, SET);
                    set.members().forEach(member -> xor(digest, sha1(member)));
                }
                case RdbSortedSet zset -> {
                    type(digest, ZSET);
                    for (int i = 0; i < zset.members().size(); i++) {
                        byte[] entry = new byte[20];
                        mix(entry, zset.members().get(i));
                        mix(entry, score(zset.scores()[i], zset.listpack()));
                        xor(digest, sha1(entry));
                    }
                }
                case RdbHash hash -> {
                    type(digest, HASH);
                    for (int i = 0; i < hash.fields().size(); i++) {
                        byte[] entry = new byte[20];
                        mix(entry, hash.fields().get(i));
                        mix(entry, hash.values().get(i));
                        xor(digest, sha1(entry));
                    }
                }
                default -> throw new IllegalStateException("no digest for " + rdb.getClass().getSimpleName());
            }
        }
        if (expireAt != Db.NO_EXPIRE) {
            xor(digest, sha1(EXPIRE_MARK));
        }
    }

    /** Entries in order: the ID as "ms.seq", then each field and value; groups are not part of it, as in Redis. */
    private void stream(byte[] digest, StreamValue stream) {
        StreamIterator it = stream.iterator(StreamId.MIN, StreamId.MAX, false);
        while (it.next()) {
            mix(digest, (Long.toUnsignedString(it.id().ms()) + "." + Long.toUnsignedString(it.id().seq()))
                    .getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < it.fields(); i++) {
                mix(digest, it.field(i));
                mix(digest, it.value(i));
            }
        }
    }

    /**
     * A score as {@code %.17g} prints the double Redis reads back: a listpack holds -0 as the integer 0, a skiplist
     * keeps the sign.
     */
    private static byte[] score(double score, boolean listpack) {
        double read = listpack && score == 0 ? 0.0 : score;
        return RedisDoubles.formatG(read, 17).getBytes(StandardCharsets.US_ASCII);
    }

    private void type(byte[] digest, int type) {
        mix(digest, new byte[] {0, 0, 0, (byte) type});
    }

    /** {@code digest ^= hash}: with a SHA-1 as {@code hash}, Redis's xorDigest, where the order does not matter. */
    private void xor(byte[] digest, byte[] hash) {
        for (int i = 0; i < 20; i++) {
            digest[i] ^= hash[i];
        }
    }

    /** Redis's mixDigest: {@code digest = SHA1(digest ^ SHA1(data))}, so that the order matters. */
    private void mix(byte[] digest, byte[] data) {
        xor(digest, sha1(data));
        System.arraycopy(sha1(digest), 0, digest, 0, 20);
    }

    private byte[] sha1(byte[] data) {
        return sha1.digest(data);
    }
}
