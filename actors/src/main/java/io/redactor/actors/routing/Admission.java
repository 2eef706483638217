package io.redactor.actors.routing;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.core.reply.ErrorReply;

/**
 * Whether the node's state lets a command run now, as Redis's processCommand decides before running one: not
 * while the data set loads ({@code -LOADING}), no writes while the disk fails ({@code -MISCONF}).
 */
@FunctionalInterface
public interface Admission {
    /** The refusal, or null when the command may run. {@code client} is null for work the server does itself. */
    ErrorReply refusal(CommandSpec spec, ClientSession client);

    Admission OPEN = (spec, client) -> null;

    /**
     * Whether the command is refused when memory is out, as Redis decides it: a denyoom command; EXEC when a command
     * it queued is one; in MULTI, any command but EXEC, DISCARD, QUIT and RESET, since queueing takes memory too;
     * none that a script calls where Redis does not check memory (see {@link ScriptOomExemption}).
     */
    static boolean mayTakeMemory(CommandSpec spec, ClientSession client) {
        if (ScriptOomExemption.unchecked()) {
            return false;
        }
        if (spec.has(CommandFlag.DENYOOM)) {
            return true;
        }
        if (client == null || !client.transaction().active()) {
            return false;
        }
        return switch (spec.fullName()) {
            case "exec" -> client.transaction().queuesDenyOom();
            case "discard", "quit", "reset" -> false;
            default -> true;
        };
    }

    /** Whether the command writes: EXEC when a command it queued does, as Redis checks it. */
    static boolean writes(CommandSpec spec, ClientSession client) {
        return spec.has(CommandFlag.WRITE) || execOfQueue(spec, client) && client.transaction().queuesWrite();
    }

    private static boolean execOfQueue(CommandSpec spec, ClientSession client) {
        return client != null && client.transaction().active() && "exec".equals(spec.fullName());
    }
}
