package io.redactor.actors.command.scripting;

import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.core.reply.ErrorReply;

/**
 * What a script with flags (a shebang's, or a function's) must pass before it starts. Redis gives its EVAL or FCALL
 * the command flags the script declares ({@code scriptFlagsToCmdFlags}): a write unless no-writes, denyoom unless
 * allow-oom or no-writes. So over maxmemory such a script is refused with -OOM before it runs, as a SET would be,
 * and on a failing disk with -MISCONF, as any write; inside EXEC, over maxmemory, it gets Redis's own error for that
 * case. A script without a shebang is checked per command inside instead.
 */
final class DeclaredFlagsAdmission {
    /** Stand-ins for EVAL or FCALL with the flags a script declares: the admission reads flags only, never runs them. */
    private static final CommandSpec WRITES = standIn(CommandFlag.WRITE, CommandFlag.DENYOOM);
    private static final CommandSpec WRITES_ALLOWING_OOM = standIn(CommandFlag.WRITE);
    private static final ErrorReply OOM_IN_EXEC = new ErrorReply("OOM allow-oom flag is not set on the script, "
            + "can not run it when used memory > 'maxmemory'");

    private DeclaredFlagsAdmission() {
    }

    private static CommandSpec standIn(CommandFlag... flags) {
        return CommandSpec.command("eval", -3).flags(flags).runsAtClient(call -> {
            throw new IllegalStateException("a stand-in for a script's declared flags is never run");
        }).build();
    }

    /** The refusal of a script that declares these flags, now; null when it may start. */
    static ErrorReply refusal(ClientCall call, boolean noWrites, boolean allowOom) {
        if (noWrites || call.client() == null) {
            return null;
        }
        ErrorReply refused = call.node().router().admission(allowOom ? WRITES_ALLOWING_OOM : WRITES, call.client());
        if (refused != null && call.keyspace() != null && refused.message().startsWith("OOM ")) {
            return OOM_IN_EXEC;
        }
        return refused;
    }
}
