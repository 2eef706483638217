package io.redactor.actors.command.server;

import io.redactor.actors.command.CommandSpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.ADMIN;
import static io.redactor.actors.command.CommandFlag.ALLOW_BUSY;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.NOSCRIPT;
import static io.redactor.actors.command.CommandFlag.NO_MULTI;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/** The server commands' table entries. */
public final class ServerCommands {
    private ServerCommands() {
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("dbsize", 1).flags(READONLY, FAST).acl("keyspace")
                        .tips("request_policy:all_shards", "response_policy:agg_sum")
                        .runsOnAllPartitions(DatabaseCommands::dbsize).build(),
                command("flushdb", -1).flags(WRITE).acl("keyspace", "dangerous")
                        .tips("request_policy:all_shards", "response_policy:all_succeeded")
                        .runsOnAllPartitions(DatabaseCommands::flushdb).build(),
                command("flushall", -1).flags(WRITE).acl("keyspace", "dangerous")
                        .tips("request_policy:all_shards", "response_policy:all_succeeded")
                        .runsOnAllPartitions(DatabaseCommands::flushall).build(),
                command("swapdb", 3).flags(WRITE, FAST).acl("keyspace", "dangerous")
                        .runsOnAllPartitions(DatabaseCommands::swapdb).build(),
                command("info", -1).flags(LOADING, STALE).acl("dangerous")
                        .tips("nondeterministic_output", "request_policy:all_shards", "response_policy:special")
                        .runsAtClientAsync(InfoCommand::info).build(),
                command("time", 1).flags(LOADING, STALE, FAST).tips("nondeterministic_output")
                        .runsAtClient(TimeCommand::time).build(),
                command("shutdown", -1).flags(ADMIN, NOSCRIPT, LOADING, STALE, NO_MULTI, ALLOW_BUSY)
                        .runsAtClientAsync(ShutdownCommand::shutdown).build(),
                command("config", -2).subcommands(
                        configSubcommand("get", -3).runsAtClient(ConfigCommands::get),
                        configSubcommand("set", -4)
                                .tips("request_policy:all_nodes", "response_policy:all_succeeded")
                                .runsAtClient(ConfigCommands::set),
                        configSubcommand("resetstat", 2).runsAtClient(ConfigCommands::resetstat),
                        command("help", 2).flags(LOADING, STALE).runsAtClient(ConfigCommands::help)).build(),
                command("command", -1).flags(LOADING, STALE).acl("connection")
                        .tips("nondeterministic_output_order")
                        .subcommands(CommandCommand::all,
                                commandSubcommand("count", 2).runsAtClient(CommandCommand::count),
                                commandSubcommand("info", -2).tips("nondeterministic_output_order")
                                        .runsAtClient(CommandCommand::info),
                                commandSubcommand("docs", -2).tips("nondeterministic_output_order")
                                        .runsAtClient(CommandCommand::docs),
                                commandSubcommand("getkeys", -4).runsAtClient(CommandCommand::getkeys),
                                commandSubcommand("getkeysandflags", -4).runsAtClient(CommandCommand::getkeysandflags),
                                commandSubcommand("list", -2).tips("nondeterministic_output_order")
                                        .runsAtClient(CommandCommand::list),
                                commandSubcommand("help", 2).runsAtClient(CommandCommand::help)).build());
    }

    private static CommandSpec.Builder configSubcommand(String name, int arity) {
        return command(name, arity).flags(ADMIN, NOSCRIPT, LOADING, STALE);
    }

    private static CommandSpec.Builder commandSubcommand(String name, int arity) {
        return command(name, arity).flags(LOADING, STALE).acl("connection");
    }
}
