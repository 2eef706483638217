package io.redactor.actors.node;

import io.redactor.actors.command.CommandSpec;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.MapReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SetReply;

import java.util.List;
import java.util.Set;

/**
 * How the errors a reply carries count, as Redis 7.0 counts every error reply it adds to a client. A command's
 * top-level error makes it a failed call. A script's reply may also hold errors inside a table ({@code return
 * {redis.pcall(...), redis.error_reply(...)}}), which Redis counts one by one: an error the script made is counted
 * in the error statistics and makes the call failed (once, however many there are); an error a called command gave
 * (already counted when it arose) adds one failed call each.
 */
final class ScriptReplyErrors {
    private static final Set<String> SCRIPT_CALLERS = Set.of("eval", "evalsha", "eval_ro", "evalsha_ro", "fcall",
            "fcall_ro", "evalasync", "evalshaasync", "fcallasync");

    private ScriptReplyErrors() {
    }

    /** The failed calls {@code spec} answering {@code reply} counts; a script's inner errors counted in {@code errors}. */
    static int failures(CommandSpec spec, Reply reply, ServerStats errors) {
        if (reply instanceof ErrorReply) {
            return 1;
        }
        if (!isAggregate(reply) || !SCRIPT_CALLERS.contains(spec.fullName())) {
            return 0;
        }
        int[] tally = new int[2];
        walk(reply, errors, tally);
        return tally[0] + (tally[1] > 0 ? 1 : 0);
    }

    private static boolean isAggregate(Reply reply) {
        return reply instanceof ArrayReply || reply instanceof MapReply || reply instanceof SetReply;
    }

    /** tally[0]: errors already counted; tally[1]: errors counted now. */
    private static void walk(Reply reply, ServerStats errors, int[] tally) {
        List<Reply> items = switch (reply) {
            case ArrayReply array -> array.items();
            case MapReply map -> map.keysAndValues();
            case SetReply set -> set.items();
            default -> List.of();
        };
        for (Reply item : items) {
            if (item instanceof ErrorReply error) {
                if (error.alreadyCounted()) {
                    tally[0]++;
                } else {
                    errors.countError(error);
                    tally[1]++;
                }
            } else if (isAggregate(item)) {
                walk(item, errors, tally);
            }
        }
    }
}
