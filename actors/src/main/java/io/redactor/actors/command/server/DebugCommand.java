package io.redactor.actors.command.server;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.Help;
import io.redactor.actors.client.LocalEndpoint;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DEBUG, as far as Redactor has it: each subcommand a class of its own ({@link DebugSubcommand}), HELP here.
 * Protected as in Redis: refused unless {@code enable-debug-command} is {@code yes}, or {@code local} and the client is
 * on this machine.
 */
final class DebugCommand {
    private static final ErrorReply NOT_ALLOWED = new ErrorReply("ERR DEBUG command not allowed. If the "
            + "enable-debug-command option is set to \"local\", you can run it from a local connection, otherwise you "
            + "need to set this option in the configuration file, and then restart the server.");
    private static final Map<String, DebugSubcommand> SUBCOMMANDS = Map.of(
            "reload", new DebugReload(),
            "sleep", new DebugSleep());

    private DebugCommand() {
    }

    static CompletionStage<Reply> debug(ClientCall call) {
        if (!allowed(call)) {
            return done(NOT_ALLOWED);
        }
        if (Arguments.is(call.arg(1), "help") && call.argc() == 2) {
            return done(Help.reply(call,
                    "RELOAD [option ...]",
                    "    Save the RDB on disk and reload it back to memory. Valid <option> values:",
                    "    * MERGE: conflicting keys will be loaded from RDB.",
                    "    * NOFLUSH: the existing database will not be removed before load, but",
                    "      conflicting keys will generate an exception and kill the server.",
                    "    * NOSAVE: the database will be loaded from an existing RDB file.",
                    "SLEEP <seconds>",
                    "    Stop the server for <seconds>. Decimals allowed."));
        }
        DebugSubcommand subcommand = SUBCOMMANDS.get(Arguments.text(call.arg(1)).toLowerCase(Locale.ROOT));
        if (subcommand == null || !subcommand.accepts(call.argc())) {
            return done(Errors.subcommandSyntax(call.arg(1), "DEBUG"));
        }
        return subcommand.run(call);
    }

    /** Redis's allowProtectedAction for enable-debug-command. */
    private static boolean allowed(ClientCall call) {
        return switch (call.node().server().config().get("enable-debug-command")) {
            case "yes" -> true;
            case "local" -> call.client() == null || isLocal(call.client().endpoint().remoteAddress())
                    || call.client().endpoint() instanceof LocalEndpoint;
            default -> false;
        };
    }

    private static boolean isLocal(String address) {
        return address.startsWith("127.") || address.startsWith("[::1]") || address.startsWith("::1");
    }

    private static CompletionStage<Reply> done(Reply reply) {
        return CompletableFuture.completedFuture(reply);
    }
}
