package io.redactor.actors.command.keys;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Database;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.Lookup;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.data.Values;
import io.redactor.core.GlobPattern;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** KEYS, SCAN and RANDOMKEY. */
final class IterationCommands {
    private IterationCommands() {
    }

    /** Runs with every partition reserved: a consistent view of the whole database. */
    static Reply keys(KeyCall call) {
        byte[] pattern = call.arg(1);
        boolean all = pattern.length == 1 && pattern[0] == '*';
        List<Reply> keys = new ArrayList<>();
        call.db().forEachKey(key -> {
            if (all || GlobPattern.matches(pattern, key, false)) {
                keys.add(new BulkString(key));
            }
        });
        return new ArrayReply(keys);
    }

    /**
     * A draw gives up after a bounded number of expired picks (deleting them); Redis keeps drawing until it
     * finds a live key or the database is empty, so draw again for as long as draws make progress.
     */
    static Reply randomkey(KeyCall call) {
        Db db = call.db();
        long size = db.size();
        while (size > 0) {
            byte[] key = db.randomKey(ThreadLocalRandom.current());
            if (key != null) {
                return new BulkString(key);
            }
            long left = db.size();
            if (left >= size) {
                break;
            }
            size = left;
        }
        return NullReply.NULL_BULK;
    }

    /** Which partition a SCAN runs in: the one its cursor points into (errors surface when it runs). */
    static int scanPartition(byte[][] args, int partitions) {
        try {
            int partition = ScanCursor.partition(ScanCursor.parse(args[1]), partitions);
            return partition < partitions ? partition : 0;
        } catch (CommandError e) {
            return 0;
        }
    }

    static Reply scan(KeyCall call) {
        long cursor = ScanCursor.parse(call.arg(1));
        long count = 10;
        byte[] pattern = null;
        byte[] type = null;
        for (int i = 2; i < call.argc(); i += 2) {
            byte[] opt = call.arg(i);
            boolean hasValue = i + 1 < call.argc();
            if (Arguments.is(opt, "count") && hasValue) {
                count = Arguments.parseLong(call.arg(i + 1));
                if (count < 1) {
                    return Errors.SYNTAX;
                }
            } else if (Arguments.is(opt, "match") && hasValue) {
                pattern = call.arg(i + 1);
                if (pattern.length == 1 && pattern[0] == '*') {
                    pattern = null;
                }
            } else if (Arguments.is(opt, "type") && hasValue) {
                type = call.arg(i + 1);
            } else {
                return Errors.SYNTAX;
            }
        }
        int partitions = call.server().partitions().count();
        int partition = ScanCursor.partition(cursor, partitions);
        if (partition >= partitions) {
            return result(0, List.of());
        }
        Database db = ((PartitionData) call.keyspace()).db(call.dbIndex());
        List<byte[]> found = new ArrayList<>();
        long inner = ScanCursor.inner(cursor, partitions);
        long budget = count > Long.MAX_VALUE / 10 ? Long.MAX_VALUE : count * 10;
        do {
            inner = db.scan(inner, found::add);
        } while (inner != 0 && budget-- > 0 && found.size() < count);
        List<Reply> keys = new ArrayList<>(found.size());
        String typeName = type == null ? null : new String(type, StandardCharsets.ISO_8859_1);
        for (byte[] key : found) {
            if (pattern != null && !GlobPattern.matches(pattern, key, false)) {
                continue;
            }
            if (typeName != null && !typeName.equalsIgnoreCase(
                    Values.typeName(db.lookup(key, Lookup.NOTOUCH)))) {
                continue;
            }
            keys.add(new BulkString(key));
        }
        return result(ScanCursor.next(partition, inner, partitions), keys);
    }

    private static Reply result(long cursor, List<Reply> keys) {
        return ArrayReply.of(BulkString.of(Long.toUnsignedString(cursor)), new ArrayReply(keys));
    }
}
