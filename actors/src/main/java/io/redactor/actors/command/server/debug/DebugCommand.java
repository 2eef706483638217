package io.redactor.actors.command.server.debug;

import io.redactor.actors.client.LocalEndpoint;
import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.Help;
import io.redactor.actors.data.Keyspace;
import io.redactor.actors.data.PartitionData;
import io.redactor.actors.durability.AllPartitions;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.Reply;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * DEBUG: dispatches to the subcommands Redactor serves, each a class of its own, and answers HELP with theirs.
 * Protected as in Redis: refused unless {@code enable-debug-command} is {@code yes}, or {@code local} and the client
 * is on this machine.
 */
public final class DebugCommand {
    private static final ErrorReply NOT_ALLOWED = new ErrorReply("ERR DEBUG command not allowed. If the "
            + "enable-debug-command option is set to \"local\", you can run it from a local connection, otherwise you "
            + "need to set this option in the configuration file, and then restart the server.");

    /** In the order of Redis's DEBUG HELP. */
    private static final List<DebugSubcommand> SUBCOMMANDS = List.of(
            new DebugChangeReplId(),
            new DebugDigest(),
            new DebugDigestValue(),
            new DebugLoadAof(),
            new DebugObject(),
            new DebugProtocol(),
            new DebugReload(),
            new DebugSetActiveExpire(),
            new DebugSetDisableDenyScripts(),
            new DebugSleep(),
            new DebugStringmatchTest());

    private static final String[] HELP = helpLines();

    private DebugCommand() {
    }

    public static CompletionStage<Reply> debug(ClientCall call) {
        if (!allowed(call)) {
            return done(NOT_ALLOWED);
        }
        if (call.argc() == 2 && Arguments.is(call.arg(1), "help")) {
            return done(Help.reply(call, HELP));
        }
        String name = Arguments.text(call.arg(1)).toLowerCase(Locale.ROOT);
        for (DebugSubcommand subcommand : SUBCOMMANDS) {
            if (subcommand.name().equals(name) && subcommand.accepts(call.argc())) {
                return subcommand.run(call);
            }
        }
        return done(new ErrorReply("ERR unknown subcommand or wrong number of arguments for '"
                + Arguments.text(call.arg(1)) + "'. Try " + Arguments.text(call.arg(0)).toUpperCase(Locale.ROOT)
                + " HELP."));
    }

    private static String[] helpLines() {
        List<String> lines = new ArrayList<>();
        SUBCOMMANDS.forEach(subcommand -> lines.addAll(subcommand.help()));
        return lines.toArray(String[]::new);
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

    /**
     * Runs {@code reader} over every partition's data: inside EXEC, which already holds them all for a DEBUG, on the
     * transaction's keyspace; otherwise with every partition reserved for it.
     */
    static CompletionStage<Reply> withAllPartitions(ClientCall call, Function<PartitionData[], Reply> reader) {
        Keyspace held = call.keyspace();
        if (held == null) {
            return AllPartitions.read(call.node(), reader);
        }
        PartitionData[] partitions = new PartitionData[call.node().server().partitions().count()];
        for (int i = 0; i < partitions.length; i++) {
            partitions[i] = (PartitionData) held.partition(i);
        }
        return done(reader.apply(partitions));
    }

    /** DEBUG RELOAD and LOADAOF need every partition for themselves: inside EXEC they would wait for the EXEC. */
    static CompletionStage<Reply> refusedInTransaction(ClientCall call) {
        return call.keyspace() == null ? null : done(new ErrorReply("ERR DEBUG " + Arguments.text(call.arg(1))
                .toUpperCase(Locale.ROOT) + " is not allowed inside a transaction"));
    }

    static CompletionStage<Reply> done(Reply reply) {
        return CompletableFuture.completedFuture(reply);
    }
}
