package io.redactor.actors.durability;

import io.redactor.actors.data.Db;
import io.redactor.core.number.RedisDoubles;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.rdb.RdbHash;
import io.redactor.core.rdb.RdbList;
import io.redactor.core.rdb.RdbSet;
import io.redactor.core.rdb.RdbSortedSet;
import io.redactor.core.rdb.RdbStream;
import io.redactor.core.rdb.RdbString;
import io.redactor.core.rdb.RdbValue;
import io.redactor.persistence.aof.CommandBuffer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Entries as the commands that rebuild them, as Redis's AOF rewrite writes them without an RDB preamble: SET,
 * RPUSH, SADD, ZADD (scores as {@code %.17g}), HMSET, at most 64 items per command, streams as StreamCommandsOut
 * writes them, then PEXPIREAT.
 */
final class CommandEntryEncoder implements EntryEncoder {
    static final int ITEMS_PER_COMMAND = 64;
    private static final byte[] SET = ascii("SET");
    private static final byte[] RPUSH = ascii("RPUSH");
    private static final byte[] SADD = ascii("SADD");
    private static final byte[] ZADD = ascii("ZADD");
    private static final byte[] HMSET = ascii("HMSET");
    private static final byte[] PEXPIREAT = ascii("PEXPIREAT");

    private final CommandBuffer out = new CommandBuffer(64 << 10);
    private final List<byte[]> items = new ArrayList<>(2 * ITEMS_PER_COMMAND + 2);

    @Override
    public void entry(byte[] key, RdbValue value, long expireAt) {
        switch (value) {
            case RdbList list -> list.elements().forEach(element -> item(RPUSH, key, element));
            case RdbSet set -> set.members().forEach(member -> item(SADD, key, member));
            case RdbSortedSet zset -> {
                for (int i = 0; i < zset.members().size(); i++) {
                    item(ZADD, key, ascii(RedisDoubles.formatG(zset.scores()[i], 17)), zset.members().get(i));
                }
            }
            case RdbHash hash -> {
                for (int i = 0; i < hash.fields().size(); i++) {
                    item(HMSET, key, hash.fields().get(i), hash.values().get(i));
                }
            }
            case RdbString string -> out.command(new byte[][] {SET, key, string.value()});
            case RdbStream stream -> StreamCommandsOut.write(out, key, stream);
        }
        flushItems();
        if (expireAt != Db.NO_EXPIRE) {
            out.command(new byte[][] {PEXPIREAT, key, RedisIntegers.toBytes(expireAt)});
        }
    }

    /** Adds one item (one or two arguments) to the command being built, sending it when it holds 64. */
    private void item(byte[] command, byte[] key, byte[]... parts) {
        if (items.isEmpty()) {
            items.add(command);
            items.add(key);
        }
        for (byte[] part : parts) {
            items.add(part);
        }
        if ((items.size() - 2) / parts.length == ITEMS_PER_COMMAND) {
            flushItems();
        }
    }

    private void flushItems() {
        if (!items.isEmpty()) {
            out.command(items.toArray(new byte[0][]));
            items.clear();
        }
    }

    @Override
    public int size() {
        return out.size();
    }

    @Override
    public byte[] take() {
        byte[] bytes = out.toByteArray();
        out.clearAndTrim(1 << 20);
        return bytes;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
