package io.redactor.actors.command.hashes;

import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.hash.HashValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** HGET, HMGET, HEXISTS, HLEN, HSTRLEN, HGETALL, HKEYS and HVALS. */
final class HashReads {
    private static final MapReply EMPTY_MAP = new MapReply(List.of());

    private HashReads() {
    }

    static Reply hget(KeyCall call) {
        HashValue hash = Hashes.read(call, call.arg(1));
        return hash == null ? NullReply.NULL_BULK : Hashes.bulkOrNull(hash.get(call.arg(2)));
    }

    static Reply hmget(KeyCall call) {
        HashValue hash = Hashes.read(call, call.arg(1));
        Reply[] values = new Reply[call.argc() - 2];
        for (int i = 0; i < values.length; i++) {
            values[i] = hash == null ? NullReply.NULL_BULK : Hashes.bulkOrNull(hash.get(call.arg(i + 2)));
        }
        return new ArrayReply(Arrays.asList(values));
    }

    static Reply hexists(KeyCall call) {
        HashValue hash = Hashes.read(call, call.arg(1));
        return IntegerReply.of(hash != null && hash.contains(call.arg(2)));
    }

    static Reply hlen(KeyCall call) {
        HashValue hash = Hashes.read(call, call.arg(1));
        return IntegerReply.of(hash == null ? 0 : hash.size());
    }

    static Reply hstrlen(KeyCall call) {
        HashValue hash = Hashes.read(call, call.arg(1));
        byte[] value = hash == null ? null : hash.get(call.arg(2));
        return IntegerReply.of(value == null ? 0 : value.length);
    }

    static Reply hgetall(KeyCall call) {
        HashValue hash = Hashes.read(call, call.arg(1));
        if (hash == null) {
            return EMPTY_MAP;
        }
        List<Reply> items = new ArrayList<>(2 * hash.size());
        hash.forEach((field, value) -> {
            items.add(new BulkString(field));
            items.add(new BulkString(value));
        });
        return new MapReply(items);
    }

    static Reply hkeys(KeyCall call) {
        HashValue hash = Hashes.read(call, call.arg(1));
        if (hash == null) {
            return ArrayReply.EMPTY;
        }
        List<Reply> items = new ArrayList<>(hash.size());
        hash.forEach((field, value) -> items.add(new BulkString(field)));
        return new ArrayReply(items);
    }

    static Reply hvals(KeyCall call) {
        HashValue hash = Hashes.read(call, call.arg(1));
        if (hash == null) {
            return ArrayReply.EMPTY;
        }
        List<Reply> items = new ArrayList<>(hash.size());
        hash.forEach((field, value) -> items.add(new BulkString(value)));
        return new ArrayReply(items);
    }
}
