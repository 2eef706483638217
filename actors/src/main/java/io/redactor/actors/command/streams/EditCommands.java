package io.redactor.actors.command.streams;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/** XDEL and XSETID. */
final class EditCommands {
    private EditCommands() {
    }

    /** XDEL key id [id ...] */
    static Reply xdel(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(1);
        StreamValue stream = Streams.write(db, key);
        if (stream == null) {
            return IntegerReply.ZERO;
        }
        StreamId[] ids = new StreamId[call.argc() - 2];
        for (int j = 2; j < call.argc(); j++) {
            ids[j - 2] = StreamIds.strict(call.arg(j), 0);
        }
        int deleted = 0;
        boolean firstDeleted = false;
        for (StreamId id : ids) {
            if (stream.delete(id)) {
                firstDeleted |= id.equals(stream.firstId());
                if (id.compareTo(stream.maxDeletedId()) > 0) {
                    stream.setMaxDeletedId(id);
                }
                deleted++;
            }
        }
        if (deleted > 0) {
            stream.afterDeletes(firstDeleted);
            db.changed(key, KeyspaceEvents.STREAM, "xdel", deleted);
        }
        return IntegerReply.of(deleted);
    }

    /** XSETID key last-id [ENTRIESADDED entries-added] [MAXDELETEDID max-deleted-id] */
    static Reply xsetid(KeyCall call) {
        StreamId id = StreamIds.strict(call.arg(2), 0);
        long entriesAdded = -1;
        StreamId maxDeleted = StreamId.MIN;
        for (int i = 3; i < call.argc(); i += 2) {
            boolean more = call.argc() - 1 - i > 0;
            if (Arguments.is(call.arg(i), "entriesadded") && more) {
                entriesAdded = Arguments.parseLong(call.arg(i + 1));
                if (entriesAdded < 0) {
                    return Errors.err("entries_added must be positive");
                }
            } else if (Arguments.is(call.arg(i), "maxdeletedid") && more) {
                maxDeleted = StreamIds.strict(call.arg(i + 1), 0);
                if (id.compareTo(maxDeleted) < 0) {
                    return Errors.err("The ID specified in XSETID is smaller than the provided "
                            + "max_deleted_entry_id");
                }
            } else {
                return Errors.SYNTAX;
            }
        }
        Db db = call.db();
        byte[] key = call.arg(1);
        StreamValue stream = Streams.write(db, key);
        if (stream == null) {
            return Errors.NO_SUCH_KEY;
        }
        if (stream.length() > 0) {
            if (id.compareTo(stream.lastValidId()) < 0) {
                return Errors.err("The ID specified in XSETID is smaller than the target stream top item");
            }
            if (entriesAdded != -1 && Long.compareUnsigned(stream.length(), entriesAdded) > 0) {
                return Errors.err("The entries_added specified in XSETID is smaller than the target stream length");
            }
        }
        stream.setLastId(id);
        if (entriesAdded != -1) {
            stream.setEntriesAdded(entriesAdded);
        }
        if (!maxDeleted.isZero()) {
            stream.setMaxDeletedId(maxDeleted);
        }
        call.keyspace().effects().dirty();
        db.notify(KeyspaceEvents.STREAM, "xsetid", key);
        return SimpleString.OK;
    }
}
