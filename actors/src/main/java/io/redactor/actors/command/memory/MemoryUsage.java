package io.redactor.actors.command.memory;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.KeyCall;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.NullReply;
import io.redactor.core.reply.Reply;

/**
 * MEMORY USAGE key [SAMPLES count]. Redis samples a few elements of an aggregate and extrapolates; every Redactor
 * value keeps its own size as it changes, so the answer is exact whatever SAMPLES says (which is still checked as
 * Redis checks it). Like Redis, the key is looked up without expiring it.
 */
final class MemoryUsage {
    private MemoryUsage() {
    }

    static Reply usage(KeyCall call) {
        byte[][] args = call.args();
        for (int i = 3; i < args.length; i++) {
            if (Arguments.is(args[i], "samples") && i + 1 < args.length) {
                long samples = Arguments.parseLong(args[i + 1]);
                if (samples < 0) {
                    return Errors.SYNTAX;
                }
                i++;
            } else {
                return Errors.SYNTAX;
            }
        }
        long bytes = call.db().memoryUsage(args[2]);
        return bytes < 0 ? NullReply.NULL_BULK : IntegerReply.of(bytes);
    }
}
