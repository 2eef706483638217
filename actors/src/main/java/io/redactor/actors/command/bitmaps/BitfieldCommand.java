package io.redactor.actors.command.bitmaps;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.CommandError;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.MutableString;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.bitmap.BitFields;
import io.redactor.actors.data.bitmap.BitFields.Overflow;
import io.redactor.core.number.NotANumberException;
import io.redactor.core.number.RedisIntegers;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * BITFIELD key [GET type offset] [SET type offset value] [INCRBY type offset increment] [OVERFLOW WRAP|SAT|FAIL]
 * ..., and BITFIELD_RO with GETs only. Every operation is parsed before any runs; the string grows once, to the
 * farthest bit written.
 */
final class BitfieldCommand {
    private static final ErrorReply BAD_TYPE = Errors.err(
            "Invalid bitfield type. Use something like i16 u8. Note that u64 is not supported but i64 is.");
    private static final ErrorReply BAD_OVERFLOW = Errors.err("Invalid OVERFLOW type specified");
    private static final ErrorReply READ_ONLY = Errors.err("BITFIELD_RO only supports the GET subcommand");

    private BitfieldCommand() {
    }

    private enum Kind {
        GET, SET, INCRBY
    }

    /** One operation: a field of {@code bits} bits at {@code offset}, and the SET value or INCRBY increment. */
    private record Operation(Kind kind, boolean signed, int bits, long offset, long argument, Overflow overflow) {
        long lastBit() {
            return offset + bits - 1;
        }
    }

    static Reply bitfield(KeyCall call) {
        return run(call, false);
    }

    static Reply bitfieldRo(KeyCall call) {
        return run(call, true);
    }

    private static Reply run(KeyCall call, boolean readOnly) {
        List<Operation> operations = parse(call);
        byte[] key = call.arg(1);
        long lastWritten = -1;
        for (Operation operation : operations) {
            if (operation.kind() != Kind.GET) {
                lastWritten = Math.max(lastWritten, operation.lastBit());
            }
        }
        if (lastWritten < 0) {
            Object value = Bitmaps.requireString(call.db().read(key));
            return StringValues.read(value == null ? new byte[0] : value, (bytes, length) -> {
                List<Reply> replies = new ArrayList<>(operations.size());
                for (Operation operation : operations) {
                    replies.add(IntegerReply.of(get(bytes, length, operation)));
                }
                return new ArrayReply(replies);
            });
        }
        if (readOnly) {
            return READ_ONLY;
        }
        Bitmaps.Target target = Bitmaps.writable(call, key, lastWritten);
        MutableString bitmap = target.bits();
        List<Reply> replies = new ArrayList<>(operations.size());
        int changes = bitmap.update(Bitmaps.bytesFor(lastWritten), bytes -> {
            int changed = 0;
            for (Operation operation : operations) {
                if (operation.kind() == Kind.GET) {
                    replies.add(IntegerReply.of(get(bytes, bitmap.length(), operation)));
                    continue;
                }
                long old = get(bytes, bitmap.length(), operation);
                Long stored = store(old, operation);
                if (stored == null) {
                    replies.add(NullReply.NULL_BULK);
                    continue;
                }
                BitFields.set(bytes, operation.offset(), operation.bits(), stored);
                replies.add(IntegerReply.of(operation.kind() == Kind.SET ? old : stored));
                // as Redis counts: a write that stored something, into a string it grew or changing a field
                if (target.grows() || stored != old) {
                    changed++;
                }
            }
            return changed;
        });
        if (changes > 0) {
            call.db().changed(key, KeyspaceEvents.STRING, "setbit", changes);
        }
        return new ArrayReply(replies);
    }

    private static long get(byte[] bytes, int length, Operation operation) {
        return operation.signed() ? BitFields.getSigned(bytes, length, operation.offset(), operation.bits())
                : BitFields.getUnsigned(bytes, length, operation.offset(), operation.bits());
    }

    /** What a SET or INCRBY stores, under its overflow rule; null when it fails. */
    private static Long store(long old, Operation operation) {
        long value = operation.kind() == Kind.SET ? operation.argument() : old;
        long increment = operation.kind() == Kind.SET ? 0 : operation.argument();
        return operation.signed() ? BitFields.addSigned(value, increment, operation.bits(), operation.overflow())
                : BitFields.addUnsigned(value, increment, operation.bits(), operation.overflow());
    }

    private static List<Operation> parse(KeyCall call) {
        List<Operation> operations = new ArrayList<>();
        Overflow overflow = Overflow.WRAP;
        int argc = call.argc();
        for (int j = 2; j < argc; j++) {
            int remaining = argc - j - 1;
            byte[] name = call.arg(j);
            Kind kind;
            if (Arguments.is(name, "get") && remaining >= 2) {
                kind = Kind.GET;
            } else if (Arguments.is(name, "set") && remaining >= 3) {
                kind = Kind.SET;
            } else if (Arguments.is(name, "incrby") && remaining >= 3) {
                kind = Kind.INCRBY;
            } else if (Arguments.is(name, "overflow") && remaining >= 1) {
                overflow = overflow(call.arg(++j));
                continue;
            } else {
                throw Arguments.syntaxError();
            }
            byte[] type = call.arg(j + 1);
            boolean signed = type.length > 0 && type[0] == 'i';
            int bits = width(type);
            long offset = Bitmaps.offset(call, call.arg(j + 2), bits);
            long argument = kind == Kind.GET ? 0 : Arguments.parseLong(call.arg(j + 3));
            operations.add(new Operation(kind, signed, bits, offset, argument, overflow));
            j += kind == Kind.GET ? 2 : 3;
        }
        return operations;
    }

    /** The width of a type: i1 to i64, u1 to u63. */
    private static int width(byte[] type) {
        if (type.length < 2 || (type[0] != 'i' && type[0] != 'u')) {
            throw new CommandError(BAD_TYPE);
        }
        long bits;
        try {
            bits = RedisIntegers.parseLong(type, 1, type.length - 1);
        } catch (NotANumberException e) {
            throw new CommandError(BAD_TYPE);
        }
        if (bits < 1 || bits > (type[0] == 'i' ? 64 : 63)) {
            throw new CommandError(BAD_TYPE);
        }
        return (int) bits;
    }

    private static Overflow overflow(byte[] arg) {
        for (Overflow overflow : Overflow.values()) {
            if (Arguments.is(arg, overflow.name().toLowerCase(Locale.ROOT))) {
                return overflow;
            }
        }
        throw new CommandError(BAD_OVERFLOW);
    }
}
