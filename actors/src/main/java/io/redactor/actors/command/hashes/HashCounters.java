package io.redactor.actors.command.hashes;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.command.Propagation;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.hash.HashValue;
import io.redactor.core.number.LongDouble;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

/** HINCRBY and HINCRBYFLOAT: INCRBY's and INCRBYFLOAT's arithmetic on a field, with the hash's error texts. */
final class HashCounters {
    private static final ErrorReply NOT_INTEGER = Errors.err("hash value is not an integer");
    private static final ErrorReply NOT_FLOAT = Errors.err("hash value is not a float");
    private static final ErrorReply NAN_OR_INFINITY_INCREMENT = Errors.err("value is NaN or Infinity");
    private static final ErrorReply NAN_OR_INFINITY_RESULT = Errors.err("increment would produce NaN or Infinity");

    private HashCounters() {
    }

    static Reply hincrby(KeyCall call) {
        long increment = Arguments.parseLong(call.arg(3));
        byte[] key = call.arg(1);
        byte[] field = call.arg(2);
        HashValue hash = Hashes.write(call, key);
        byte[] stored = hash == null ? null : hash.get(field);
        long current = 0;
        if (stored != null) {
            try {
                current = RedisIntegers.parseLong(stored);
            } catch (NotANumberException e) {
                return NOT_INTEGER;
            }
        }
        long result = current + increment;
        // Overflow iff both operands have the sign the result lacks.
        if (((current ^ result) & (increment ^ result)) < 0) {
            return Errors.OVERFLOW;
        }
        store(call, key, hash, field, RedisIntegers.toBytes(result), "hincrby");
        return IntegerReply.of(result);
    }

    static Reply hincrbyfloat(KeyCall call) {
        LongDouble increment = LongDouble.parse(call.arg(3));
        if (increment == null) {
            return Errors.NOT_FLOAT;
        }
        if (!increment.isFinite()) {
            return NAN_OR_INFINITY_INCREMENT;
        }
        byte[] key = call.arg(1);
        byte[] field = call.arg(2);
        HashValue hash = Hashes.write(call, key);
        byte[] stored = hash == null ? null : hash.get(field);
        LongDouble current = stored == null ? LongDouble.ZERO : LongDouble.parse(stored);
        if (current == null) {
            return NOT_FLOAT;
        }
        LongDouble result = current.add(increment);
        if (!result.isFinite()) {
            return NAN_OR_INFINITY_RESULT;
        }
        byte[] text = result.toHumanString();
        store(call, key, hash, field, text, "hincrbyfloat");
        if (call.logging()) {
            call.propagate(Propagation.HSET, key, field, text);
        }
        return new BulkString(text);
    }

    private static void store(KeyCall call, byte[] key, HashValue hash, byte[] field, byte[] value, String event) {
        Db db = call.db();
        if (hash == null) {
            hash = new HashValue();
            db.add(key, hash);
        }
        hash.set(field, value, Hashes.maxEntries(call), Hashes.maxValue(call));
        db.changed(key, KeyspaceEvents.HASH, event);
    }
}
