package io.redactor.actors.command.slowlog;

import io.redactor.actors.command.Arguments;
import io.redactor.actors.command.ClientCall;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.Errors;
import io.redactor.actors.command.Help;
import io.redactor.actors.slowlog.SlowLogEntry;
import io.redactor.core.reply.ArrayReply;
import io.redactor.core.reply.BulkString;
import io.redactor.core.reply.ErrorReply;
import io.redactor.core.reply.IntegerReply;
import io.redactor.core.reply.Reply;
import io.redactor.core.reply.SimpleString;

import java.util.ArrayList;
import java.util.List;

import static io.redactor.actors.command.CommandFlag.ADMIN;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandSpec.command;

/** SLOWLOG GET, LEN, RESET and HELP over the node's {@link io.redactor.actors.slowlog.SlowLog}, as Redis 7.0. */
public final class SlowlogCommands {
    private static final ErrorReply BAD_COUNT = Errors.err("count should be greater than or equal to -1");

    private SlowlogCommands() {
    }

    public static List<CommandSpec> specs() {
        return List.of(command("slowlog", -2).doc(SlowlogDocs.SLOWLOG).subcommands(
                command("get", -2).flags(ADMIN, LOADING, STALE)
                        .tips("request_policy:all_nodes", "nondeterministic_output")
                        .doc(SlowlogDocs.GET).runsAtClient(SlowlogCommands::get),
                command("help", 2).flags(LOADING, STALE).doc(SlowlogDocs.HELP).runsAtClient(SlowlogCommands::help),
                command("len", 2).flags(ADMIN, LOADING, STALE)
                        .tips("request_policy:all_nodes", "response_policy:agg_sum", "nondeterministic_output")
                        .doc(SlowlogDocs.LEN).runsAtClient(SlowlogCommands::len),
                command("reset", 2).flags(ADMIN, LOADING, STALE)
                        .tips("request_policy:all_nodes", "response_policy:all_succeeded")
                        .doc(SlowlogDocs.RESET).runsAtClient(SlowlogCommands::reset)).build());
    }

    static Reply get(ClientCall call) {
        if (call.argc() > 3) {
            return Errors.subcommandSyntax(call.arg(1), "SLOWLOG");
        }
        long count = 10;
        if (call.argc() == 3) {
            count = Arguments.parseLong(call.arg(2), BAD_COUNT);
            if (count < -1) {
                return BAD_COUNT;
            }
        }
        List<Reply> entries = new ArrayList<>();
        for (SlowLogEntry entry : call.node().server().slowLog().newest(count)) {
            List<Reply> args = new ArrayList<>(entry.args().size());
            for (byte[] arg : entry.args()) {
                args.add(new BulkString(arg));
            }
            entries.add(ArrayReply.of(IntegerReply.of(entry.id()), IntegerReply.of(entry.unixSeconds()),
                    IntegerReply.of(entry.micros()), new ArrayReply(args), BulkString.of(entry.peer()),
                    BulkString.of(entry.clientName())));
        }
        return new ArrayReply(entries);
    }

    static Reply len(ClientCall call) {
        return IntegerReply.of(call.node().server().slowLog().length());
    }

    static Reply reset(ClientCall call) {
        call.node().server().slowLog().reset();
        return SimpleString.OK;
    }

    static Reply help(ClientCall call) {
        return Help.reply(call,
                "GET [<count>]",
                "    Return top <count> entries from the slowlog (default: 10, -1 mean all).",
                "    Entries are made of:",
                "    id, timestamp, time in microseconds, arguments array, client IP and port,",
                "    client name",
                "LEN",
                "    Return the length of the slowlog.",
                "RESET",
                "    Reset the slowlog.");
    }
}
