package io.redactor.actors.command.streams;

import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.Lookup;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamIterator;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;

/** What the stream commands share: typed lookups, entry replies, waking blocked readers. */
final class Streams {
    static final CommandError WRONGTYPE = new CommandError(Errors.WRONGTYPE);

    private Streams() {
    }

    /** The stream at {@code key} for reading (lookupKeyRead), null when missing; WRONGTYPE otherwise. */
    static StreamValue read(Db db, byte[] key) {
        return require(db.read(key));
    }

    /** The stream at {@code key} for writing (lookupKeyWrite), null when missing; WRONGTYPE otherwise. */
    static StreamValue write(Db db, byte[] key) {
        return require(db.write(key));
    }

    /**
     * The stream at {@code key} looked up as a read, as Redis's commands that change consumer groups look it up
     * (XACK, XCLAIM, ...: keyspace hits and misses counted), about to be changed in place.
     */
    static StreamValue readToChange(Db db, byte[] key) {
        return require(db.lookup(key, Lookup.READ | Lookup.CHANGE));
    }

    static StreamValue require(Object value) {
        if (value == null || value instanceof StreamValue) {
            return (StreamValue) value;
        }
        throw WRONGTYPE;
    }

    /** An entry as Redis replies it: its ID and a flat array of its fields and values. */
    static Reply entry(StreamIterator it) {
        List<Reply> pairs = new ArrayList<>(2 * it.fields());
        for (int i = 0; i < it.fields(); i++) {
            pairs.add(new BulkString(it.field(i)));
            pairs.add(new BulkString(it.value(i)));
        }
        return ArrayReply.of(id(it.id()), new ArrayReply(pairs));
    }

    static Reply id(StreamId id) {
        return new BulkString(id.toBytes());
    }

    /**
     * The entries from {@code start} to {@code end}, at most {@code count} (0 for all), forwards or backwards
     * ({@code streamReplyWithRange} without a group), added to {@code into}; returns how many.
     */
    static int range(StreamValue stream, StreamId start, StreamId end, long count, boolean reverse,
                     List<Reply> into) {
        StreamIterator it = stream.iterator(start, end, reverse);
        int added = 0;
        while (it.next()) {
            into.add(entry(it));
            added++;
            if (count != 0 && added == count) {
                break;
            }
        }
        return added;
    }

    /** Redis's signalKeyAsReady for a stream that got entries, or whose groups changed: blocked readers look. */
    static void signalReady(KeyCall call, byte[] key) {
        call.keyspace().blockedOf(key).markReady(call.dbIndex(), key);
    }
}
