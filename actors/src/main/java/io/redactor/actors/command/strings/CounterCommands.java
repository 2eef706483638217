package io.redactor.actors.command.strings;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.FloatString;
import io.redactor.actors.data.StringValues;
import io.redactor.core.number.LongDouble;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/** INCR, DECR, INCRBY, DECRBY and INCRBYFLOAT. */
final class CounterCommands {
    private static final ErrorReply DECREMENT_OVERFLOW = Errors.err("decrement would overflow");
    private static final ErrorReply NAN_OR_INFINITY = Errors.err("increment would produce NaN or Infinity");

    private CounterCommands() {
    }

    static Reply incr(KeyCall call) {
        return add(call, 1);
    }

    static Reply decr(KeyCall call) {
        return add(call, -1);
    }

    static Reply incrby(KeyCall call) {
        return add(call, Arguments.parseLong(call.arg(2)));
    }

    static Reply decrby(KeyCall call) {
        long decrement = Arguments.parseLong(call.arg(2));
        if (decrement == Long.MIN_VALUE) {
            return DECREMENT_OVERFLOW;
        }
        return add(call, -decrement);
    }

    private static Reply add(KeyCall call, long increment) {
        Db db = call.db();
        byte[] key = call.arg(1);
        Object value = Strings.requireString(db.write(key));
        long current = value == null ? 0 : Arguments.parseLong(StringValues.bytes(value));
        long result = current + increment;
        // Overflow iff both operands have the sign the result lacks.
        if (((current ^ result) & (increment ^ result)) < 0) {
            throw new CommandError(Errors.OVERFLOW);
        }
        byte[] stored = RedisIntegers.toBytes(result);
        if (value == null) {
            db.add(key, stored);
        } else {
            db.overwrite(key, stored);
        }
        db.changed(key, KeyspaceEvents.STRING, "incrby");
        return IntegerReply.of(result);
    }

    static Reply incrbyfloat(KeyCall call) {
        Db db = call.db();
        byte[] key = call.arg(1);
        Object value = Strings.requireString(db.write(key));
        LongDouble current = value == null ? LongDouble.ZERO : LongDouble.parse(StringValues.bytes(value));
        LongDouble increment = LongDouble.parse(call.arg(2));
        if (current == null || increment == null) {
            return Errors.NOT_FLOAT;
        }
        LongDouble result = current.add(increment);
        if (!result.isFinite()) {
            return NAN_OR_INFINITY;
        }
        byte[] stored = result.toHumanString();
        if (value == null) {
            db.add(key, new FloatString(stored));
        } else {
            db.overwrite(key, new FloatString(stored));
        }
        db.changed(key, KeyspaceEvents.STRING, "incrbyfloat");
        // the sum replays as the value it gave: no second rounding on another machine
        if (call.logging()) {
            call.propagate(Propagation.SET, key, stored, Propagation.KEEPTTL);
        }
        return new BulkString(stored);
    }
}
