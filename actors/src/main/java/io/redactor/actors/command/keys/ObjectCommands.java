package io.redactor.actors.command.keys;

import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.AccessClock;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.Lookup;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.Values;
import io.redactor.actors.node.config.RuntimeConfig;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

/** OBJECT ENCODING, REFCOUNT, IDLETIME and FREQ. */
final class ObjectCommands {
    private static final String POLICY_NOTE = " Please note that when switching between policies at runtime LRU and LFU"
            + " data will take some time to adjust.";
    private static final ErrorReply LFU_SELECTED =
            Errors.err("An LFU maxmemory policy is selected, idle time not tracked." + POLICY_NOTE);
    private static final ErrorReply LFU_NOT_SELECTED =
            Errors.err("An LFU maxmemory policy is not selected, access frequency not tracked." + POLICY_NOTE);
    /** What Redis reports for its shared objects. */
    private static final long SHARED_REFCOUNT = Integer.MAX_VALUE;

    private ObjectCommands() {
    }

    static Reply encoding(KeyCall call) {
        Object value = lookup(call);
        return value == null ? NullReply.NULL_BULK : BulkString.of(Values.encoding(value));
    }

    static Reply refcount(KeyCall call) {
        Object value = lookup(call);
        if (value == null) {
            return NullReply.NULL_BULK;
        }
        RuntimeConfig config = call.server().config();
        String policy = config.maxmemoryPolicy();
        boolean sharedIntegers = config.maxmemory() == 0 || !(policy.endsWith("-lru") || policy.endsWith("-lfu"));
        return IntegerReply.of(sharedIntegers && StringValues.isSharedInteger(value) ? SHARED_REFCOUNT : 1);
    }

    static Reply idletime(KeyCall call) {
        Object value = lookup(call);
        if (value == null) {
            return NullReply.NULL_BULK;
        }
        if (call.server().config().lfuPolicy()) {
            return LFU_SELECTED;
        }
        return IntegerReply.of(AccessClock.idleSeconds(call.db().accessBits(call.arg(2)), call.now()));
    }

    static Reply freq(KeyCall call) {
        Object value = lookup(call);
        if (value == null) {
            return NullReply.NULL_BULK;
        }
        RuntimeConfig config = call.server().config();
        if (!config.lfuPolicy()) {
            return LFU_NOT_SELECTED;
        }
        Db db = call.db();
        return IntegerReply.of(AccessClock.frequency(db.accessBits(call.arg(2)), call.now(), config.lfuDecayTime()));
    }

    private static Object lookup(KeyCall call) {
        return call.db().lookup(call.arg(2), Lookup.NOTOUCH | Lookup.NONOTIFY);
    }
}
