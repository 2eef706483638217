package io.redactor.actors.command.keys;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.AccessClock;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.RdbValues;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.core.rdb.DumpPayload;
import io.redactor.core.rdb.RdbReadException;
import io.redactor.core.rdb.RdbReader;
import io.redactor.core.rdb.RdbValue;
import io.redactor.core.rdb.RdbValueReader;
import io.redactor.core.rdb.RdbValueWriter;
import io.redactor.core.rdb.RdbWriter;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

/**
 * DUMP and RESTORE, byte-compatible with Redis 7.0: the payload is the value's RDB type and encoding, the RDB
 * version (10) and a CRC-64, so that a value dumped by either restores on the other.
 */
final class DumpCommands {
    private static final ErrorReply BUSYKEY = new ErrorReply("BUSYKEY Target key name already exists.");
    private static final ErrorReply BAD_PAYLOAD = Errors.err("DUMP payload version or checksum are wrong");
    private static final ErrorReply BAD_DATA = Errors.err("Bad data format");

    private DumpCommands() {
    }

    static Reply dump(KeyCall call) {
        Object value = call.db().read(call.arg(1));
        if (value == null) {
            return NullReply.NULL_BULK;
        }
        RuntimeConfig config = call.server().config();
        RdbWriter out = new RdbWriter();
        new RdbValueWriter("yes".equals(config.get("rdbcompression")), (int) config.listMaxListpackSize())
                .write(out, RdbValues.toRdb(value));
        return new BulkString(DumpPayload.seal(out));
    }

    /** RESTORE key ttl serialized-value [REPLACE] [ABSTTL] [IDLETIME seconds] [FREQ frequency], as Redis checks it. */
    static Reply restore(KeyCall call) {
        boolean replace = false;
        boolean absttl = false;
        long idle = -1;
        long freq = -1;
        for (int j = 4; j < call.argc(); j++) {
            boolean more = call.argc() - j - 1 >= 1;
            if (Arguments.is(call.arg(j), "replace")) {
                replace = true;
            } else if (Arguments.is(call.arg(j), "absttl")) {
                absttl = true;
            } else if (Arguments.is(call.arg(j), "idletime") && more && freq == -1) {
                idle = Arguments.parseLong(call.arg(++j));
                if (idle < 0) {
                    return Errors.err("Invalid IDLETIME value, must be >= 0");
                }
            } else if (Arguments.is(call.arg(j), "freq") && more && idle == -1) {
                freq = Arguments.parseLong(call.arg(++j));
                if (freq < 0 || freq > 255) {
                    return Errors.err("Invalid FREQ value, must be >= 0 and <= 255");
                }
            } else {
                return Errors.SYNTAX;
            }
        }
        Db db = call.db();
        byte[] key = call.arg(1);
        if (!replace && db.write(key) != null) {
            return BUSYKEY;
        }
        long ttl = Arguments.parseLong(call.arg(2));
        if (ttl < 0) {
            return Errors.err("Invalid TTL value, must be >= 0");
        }
        byte[] payload = call.arg(3);
        if (DumpPayload.verify(payload) < 0) {
            return BAD_PAYLOAD;
        }
        Object value;
        try {
            RdbValue rdb = RdbValueReader.read(new RdbReader(payload));
            value = RdbValues.fromRdb(rdb, limits(call.server().config()));
        } catch (RdbReadException e) {
            return BAD_DATA;
        }
        if (value == null) {
            return BAD_DATA;
        }
        // Redis deletes without expiring first: a key past its time counts as deleted, and its WATCHers see
        // only the restore (see Watches#modified)
        boolean deleted = replace && db.deleteStored(key);
        if (ttl != 0 && !absttl) {
            ttl += call.now();
        }
        if (ttl != 0 && ttl <= call.now() && !call.server().expiryPaused()) {
            if (deleted) {
                db.changed(key, KeyspaceEvents.GENERIC, "del");
                Propagation.deleted(call, key);
            }
            return SimpleString.OK;
        }
        db.add(key, value);
        if (ttl != 0) {
            db.setExpireAt(key, ttl);
        }
        int restored = AccessClock.restored(call.server().lfu(), call.now(), freq, idle);
        if (restored >= 0) {
            db.setAccessBits(key, restored);
        }
        db.changed(key, KeyspaceEvents.GENERIC, "restore");
        if (ttl != 0 && !absttl && call.logging()) {
            // a relative time replays as the absolute one it gave
            byte[][] argv = java.util.Arrays.copyOf(call.args(), call.argc() + 1);
            argv[2] = Propagation.number(ttl);
            argv[call.argc()] = Propagation.ABSTTL;
            call.propagate(argv);
        }
        return SimpleString.OK;
    }

    private static RdbValues.Limits limits(RuntimeConfig config) {
        return new RdbValues.Limits(config.hashMaxListpackEntries(), config.hashMaxListpackValue(),
                config.setMaxIntsetEntries(), config.zsetMaxListpackEntries(), config.zsetMaxListpackValue());
    }
}
