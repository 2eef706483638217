package io.redactor.actors.command.server;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Help;
import io.redactor.actors.client.LocalEndpoint;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * DEBUG, as far as Redactor has it: RELOAD (save, flush, load the RDB file back), SLEEP (the command takes that
 * long, without holding a thread: only the calling client waits, where Redis blocks the whole server) and HELP. Protected as in Redis:
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
                    "RELOAD [option ...]",
                    "    Save the RDB on disk and reload it back to memory. Valid <option> values:",
                    "    * MERGE: conflicting keys will be loaded from RDB.",
                    "    * NOFLUSH: the existing database will not be removed before load, but",
                    "      conflicting keys will generate an exception and kill the server.",
                    "    * NOSAVE: the database will be loaded from an existing RDB file.",
                    "SLEEP <seconds>",
                    "    Stop the server for <seconds>. Decimals allowed."));
        }
        if (Arguments.is(call.arg(1), "sleep") && call.argc() == 3) {
            return sleep(call.arg(2));
        }
        if (!Arguments.is(call.arg(1), "reload")) {
            return done(new ErrorReply("ERR unknown subcommand '" + Arguments.text(call.arg(1))
                    + "'. Try DEBUG HELP."));
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

    /** DEBUG SLEEP: Redis reads the seconds with strtod (a number's prefix, 0 when none) and answers OK. */
    private static CompletionStage<Reply> sleep(byte[] seconds) {
        long micros = (long) (leadingNumber(Arguments.text(seconds)) * 1_000_000);
        if (micros <= 0) {
            return done(SimpleString.OK);
        }
        return CompletableFuture.supplyAsync(() -> SimpleString.OK,
                CompletableFuture.delayedExecutor(micros, TimeUnit.MICROSECONDS));
    }

    private static double leadingNumber(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("^\\s*[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?").matcher(text);
        return m.find() ? Double.parseDouble(m.group().trim()) : 0;
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
