package io.redactor.actors.command.server;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Help;
import io.redactor.actors.client.LocalEndpoint;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DEBUG, as far as Redactor has it: OBJECT ({@link DebugObject}), RELOAD (save, flush, load the RDB file back) and HELP. Protected as in Redis:
 * refused unless {@code enable-debug-command} is {@code yes}, or {@code local} and the client is on this machine.
 */
final class DebugCommand {
    private static final ErrorReply NOT_ALLOWED = new ErrorReply("ERR DEBUG command not allowed. If the "
            + "enable-debug-command option is set to \"local\", you can run it from a local connection, otherwise you "
            + "need to set this option in the configuration file, and then restart the server.");
    private static final ErrorReply RELOAD_OPTIONS =
            new ErrorReply("ERR DEBUG RELOAD only supports the MERGE, NOFLUSH and NOSAVE options.");

    private DebugCommand() {
    }

    static CompletionStage<Reply> debug(ClientCall call) {
        if (!allowed(call)) {
            return done(NOT_ALLOWED);
        }
        if (Arguments.is(call.arg(1), "help") && call.argc() == 2) {
            return done(Help.reply(call,
                    "OBJECT <key>",
                    "    Show low level info about `key` and associated value.",
                    "RELOAD [option ...]",
                    "    Save the RDB on disk and reload it back to memory. Valid <option> values:",
                    "    * MERGE: conflicting keys will be loaded from RDB.",
                    "    * NOFLUSH: the existing database will not be removed before load, but",
                    "      conflicting keys will generate an exception and kill the server.",
                    "    * NOSAVE: the database will be loaded from an existing RDB file."));
        }
        if (Arguments.is(call.arg(1), "object") && call.argc() == 3) {
            return DebugObject.object(call);
        }
        if (!Arguments.is(call.arg(1), "reload")) {
            return done(new ErrorReply("ERR unknown subcommand or wrong number of arguments for '"
                    + Arguments.text(call.arg(1)) + "'. Try DEBUG HELP."));
        }
        boolean save = true;
        boolean flush = true;
        boolean merge = false;
        for (int i = 2; i < call.argc(); i++) {
            if (Arguments.is(call.arg(i), "merge")) {
                merge = true;
            } else if (Arguments.is(call.arg(i), "noflush")) {
                flush = false;
            } else if (Arguments.is(call.arg(i), "nosave")) {
                save = false;
            } else {
                return done(RELOAD_OPTIONS);
            }
        }
        return call.node().durability().debugReload(save, flush, merge);
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
