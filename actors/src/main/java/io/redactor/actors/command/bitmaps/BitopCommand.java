package io.redactor.actors.command.bitmaps;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.actors.data.Db;
import io.redactor.actors.data.KeyspaceEvents;
import io.redactor.actors.data.MutableString;
import io.redactor.actors.data.StringValues;
import io.redactor.actors.data.bitmap.BitOperations;
import io.redactor.actors.data.bitmap.BitOperations.Operation;
import io.redactor.actors.data.bitmap.BitOperations.Source;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** BITOP AND|OR|XOR|NOT destkey key [key ...]: the keys may be in any partitions. */
final class BitopCommand {
    private static final ErrorReply NOT_ONE_KEY = Errors.err("BITOP NOT must be called with a single source key.");

    private BitopCommand() {
    }

    static Reply bitop(KeyCall call) {
        Operation operation = operation(call.arg(1));
        if (operation == null) {
            return Errors.SYNTAX;
        }
        if (operation == Operation.NOT && call.argc() != 4) {
            return NOT_ONE_KEY;
        }
        Db db = call.db();
        List<Source> sources = new ArrayList<>(call.argc() - 3);
        int longest = 0;
        for (int i = 3; i < call.argc(); i++) {
            Object value = Bitmaps.requireString(db.read(call.arg(i)));
            Source source = value == null ? Source.EMPTY : StringValues.read(value, Source::new);
            sources.add(source);
            longest = Math.max(longest, source.length());
        }
        byte[] destination = call.arg(2);
        if (longest == 0) {
            if (db.delete(destination)) {
                db.changed(destination, KeyspaceEvents.GENERIC, "del");
            }
            return IntegerReply.ZERO;
        }
        byte[] result = BitOperations.apply(operation, sources);
        // Redis makes the result a "raw" string whatever its length, as strings changed in place are
        db.set(destination, MutableString.wrap(result), false);
        db.notify(KeyspaceEvents.STRING, "set", destination);
        db.dirty(1);
        return IntegerReply.of(result.length);
    }

    private static Operation operation(byte[] name) {
        for (Operation operation : Operation.values()) {
            if (Arguments.is(name, operation.name().toLowerCase(Locale.ROOT))) {
                return operation;
            }
        }
        return null;
    }
}
