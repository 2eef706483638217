package io.redactor.actors.command.streams;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.stream.Consumer;
import io.redactor.actors.data.stream.ConsumerGroup;
import io.redactor.actors.data.stream.StreamId;
import io.redactor.actors.data.stream.StreamValue;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/**
 * XGROUP CREATE, SETID, DESTROY, CREATECONSUMER and DELCONSUMER, run as Redis 7.0's {@code xgroupCommand} runs them
 * all: the options first, then the key (which must exist unless CREATE has MKSTREAM) and the group (which must exist
 * for all but CREATE and DESTROY), then the subcommand with its own count of arguments.
 */
final class GroupCommands {
    private static final ErrorReply NO_KEY = Errors.err("The XGROUP subcommand requires the key to exist. Note that "
            + "for CREATE you may want to use the MKSTREAM option to create an empty stream automatically.");
    private static final ErrorReply BUSYGROUP = new ErrorReply("BUSYGROUP Consumer Group name already exists");

    private GroupCommands() {
    }

    static Reply xgroup(KeyCall call) {
        byte[] sub = call.arg(1);
        boolean create = Arguments.is(sub, "create");
        boolean setid = Arguments.is(sub, "setid");
        boolean mkstream = false;
        long entriesRead = ConsumerGroup.INVALID_ENTRIES_READ;
        for (int i = 5; i < call.argc(); ) {
            if (create && Arguments.is(call.arg(i), "mkstream")) {
                mkstream = true;
                i++;
            } else if ((create || setid) && Arguments.is(call.arg(i), "entriesread") && i + 1 < call.argc()) {
                entriesRead = Arguments.parseLong(call.arg(i + 1));
                if (entriesRead < 0 && entriesRead != ConsumerGroup.INVALID_ENTRIES_READ) {
                    return Errors.err("value for ENTRIESREAD must be positive or -1");
                }
                i += 2;
            } else {
                return syntax(sub);
            }
        }
        Db db = call.db();
        byte[] key = call.arg(2);
        byte[] name = call.arg(3);
        StreamValue stream = Streams.write(db, key);
        ConsumerGroup group = null;
        if (!mkstream) {
            if (stream == null) {
                return NO_KEY;
            }
            group = stream.group(name);
            if (group == null && (setid || Arguments.is(sub, "createconsumer") || Arguments.is(sub, "delconsumer"))) {
                return noGroup(name, key);
            }
        }
        int argc = call.argc();
        if (create && argc <= 8) {
            return create(call, stream, key, name, entriesRead);
        }
        if (setid && (argc == 5 || argc == 7)) {
            StreamId id = isDollar(call.arg(4)) ? stream.lastId() : StreamIds.loose(call.arg(4), 0);
            group.setLastId(id);
            group.setEntriesRead(entriesRead);
            changed(call, key, "xgroup-setid");
            return SimpleString.OK;
        }
        if (Arguments.is(sub, "destroy") && argc == 4) {
            if (!stream.destroyGroup(name)) {
                return IntegerReply.ZERO;
            }
            changed(call, key, "xgroup-destroy");
            Streams.signalReady(call, key);
            return IntegerReply.ONE;
        }
        if (Arguments.is(sub, "createconsumer") && argc == 5) {
            return IntegerReply.of(createConsumer(call, group, call.arg(4), key) != null);
        }
        if (Arguments.is(sub, "delconsumer") && argc == 5) {
            Consumer consumer = group.consumer(call.arg(4));
            if (consumer == null) {
                return IntegerReply.ZERO;
            }
            int pending = group.deleteConsumer(consumer);
            changed(call, key, "xgroup-delconsumer");
            return IntegerReply.of(pending);
        }
        return syntax(sub);
    }

    private static Reply create(KeyCall call, StreamValue stream, byte[] key, byte[] name, long entriesRead) {
        StreamId id;
        if (isDollar(call.arg(4))) {
            id = stream == null ? StreamId.MIN : stream.lastId();
        } else {
            id = StreamIds.strict(call.arg(4), 0);
        }
        if (stream == null) {
            stream = new StreamValue();
            call.db().add(key, stream);
            call.db().signalModified(key);
        }
        if (stream.createGroup(name, id, entriesRead) == null) {
            return BUSYGROUP;
        }
        changed(call, key, "xgroup-create");
        return SimpleString.OK;
    }

    /**
     * {@code streamCreateConsumer}: a new consumer, seen now, the change counted and announced; null when the group
     * has one of that name.
     */
    static Consumer createConsumer(KeyCall call, ConsumerGroup group, byte[] name, byte[] key) {
        Consumer created = group.createConsumer(name, call.now());
        if (created != null) {
            changed(call, key, "xgroup-createconsumer");
        }
        return created;
    }

    /** A change of groups or consumers: counted, and announced (Redis does not signal the key to WATCH). */
    static void changed(KeyCall call, byte[] key, String event) {
        call.keyspace().effects().dirty();
        call.db().notify(KeyspaceEvents.STREAM, event, key);
    }

    static ErrorReply noGroup(byte[] group, byte[] key) {
        return new ErrorReply("NOGROUP No such consumer group '" + Arguments.text(group) + "' for key name '"
                + Arguments.text(key) + "'");
    }

    /** {@code $} as Redis compares it (strcmp: the argument as a C string). */
    static boolean isDollar(byte[] arg) {
        return arg.length >= 1 && arg[0] == '$' && (arg.length == 1 || arg[1] == 0);
    }

    private static ErrorReply syntax(byte[] sub) {
        return Errors.subcommandSyntax(sub, "XGROUP");
    }
}
