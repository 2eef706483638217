package io.redactor.actors.pause;

import io.redactor.actors.client.ClientSession;
import io.redactor.actors.client.Transaction;
import io.redactor.actors.command.CommandFlag;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.node.NodeServices;
import io.redactor.actors.routing.Route;
import io.redactor.lua.CompiledScript;
import io.redactor.lua.ScriptFlag;
import io.redactor.lua.Shebang;
import io.redactor.lua.functions.RegisteredFunction;

import java.nio.charset.StandardCharsets;

/**
 * Which commands CLIENT PAUSE WRITE holds: Redis 7.0's "may replicate" commands. Those flagged write or
 * may-replicate (PUBLISH, SPUBLISH, PFCOUNT); a script (EVAL, EVALSHA, FCALL and Redactor's asynchronous forms)
 * unless its shebang or function declares {@code no-writes} (without a shebang, or unknown, it may write; the
 * read-only forms never do); EXEC when any command it queued would be held.
 */
public final class PausedCommands {
    private PausedCommands() {
    }

    /** Whether {@code route}, from {@code client}, may write or replicate. */
    public static boolean mayWrite(Route route, byte[][] args, ClientSession client, NodeServices node) {
        CommandSpec spec = switch (route) {
            case Route.AtClient r -> r.spec();
            case Route.AtPartition r -> r.invocation().spec();
            case Route.AcrossPartitions r -> r.invocation().spec();
            case Route.Rejected r -> null;
        };
        return spec != null && mayWrite(spec, args, client, node);
    }

    private static boolean mayWrite(CommandSpec spec, byte[][] args, ClientSession client, NodeServices node) {
        if (spec.fullName().equals("exec")) {
            return transactionMayWrite(client.transaction(), client, node);
        }
        boolean flagged = spec.has(CommandFlag.WRITE) || spec.has(CommandFlag.MAY_REPLICATE);
        if (!flagged || spec.has(CommandFlag.READONLY) || args.length < 2) {
            return flagged;
        }
        return switch (spec.fullName()) {
            case "eval", "evalasync" -> bodyMayWrite(args[1]);
            case "evalsha", "evalshaasync" -> {
                CompiledScript script = node.scripts().engine().lookup(
                        new String(args[1], StandardCharsets.ISO_8859_1).toLowerCase(java.util.Locale.ROOT));
                yield script == null || script.shebang().compatibilityMode()
                        || !script.shebang().has(ScriptFlag.NO_WRITES);
            }
            case "fcall", "fcallasync" -> {
                RegisteredFunction function = node.scripts().functions().function(args[1]);
                yield function == null || !function.has(ScriptFlag.NO_WRITES);
            }
            default -> true;
        };
    }

    /** A body without a shebang, or whose shebang is invalid (it will fail to run), counts as writing. */
    private static boolean bodyMayWrite(byte[] body) {
        try {
            Shebang shebang = Shebang.parse(body);
            return shebang.compatibilityMode() || !shebang.has(ScriptFlag.NO_WRITES);
        } catch (RuntimeException e) {
            return true;
        }
    }

    private static boolean transactionMayWrite(Transaction transaction, ClientSession client, NodeServices node) {
        if (!transaction.active()) {
            return false;
        }
        for (Transaction.Queued queued : transaction.queued()) {
            Route route = node.router().route(queued.args(), 0, null);
            if (mayWrite(route, queued.args(), client, node)) {
                return true;
            }
        }
        return false;
    }
}
