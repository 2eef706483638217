package io.redactor.actors.command.server;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.server.debug.DebugCommand;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.ADMIN;
import static io.redactor.actors.command.CommandFlag.ALLOW_BUSY;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.NOSCRIPT;
import static io.redactor.actors.command.CommandFlag.PROTECTED;
import static io.redactor.actors.command.CommandFlag.NO_ASYNC_LOADING;
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
                        .doc(ServerDocs.DBSIZE).runsOnAllPartitions(DatabaseCommands::dbsize).build(),
                command("flushdb", -1).flags(WRITE).acl("keyspace", "dangerous")
                        .tips("request_policy:all_shards", "response_policy:all_succeeded")
                        .doc(ServerDocs.FLUSHDB).runsOnAllPartitions(DatabaseCommands::flushdb).build(),
                command("flushall", -1).flags(WRITE).acl("keyspace", "dangerous")
                        .tips("request_policy:all_shards", "response_policy:all_succeeded")
                        .doc(ServerDocs.FLUSHALL).runsOnAllPartitions(DatabaseCommands::flushall).build(),
                command("swapdb", 3).flags(WRITE, FAST).acl("keyspace", "dangerous")
                        .doc(ServerDocs.SWAPDB).runsOnAllPartitions(DatabaseCommands::swapdb).build(),
                command("info", -1).flags(LOADING, STALE).acl("dangerous")
                        .tips("nondeterministic_output", "request_policy:all_shards", "response_policy:special")
                        .doc(ServerDocs.INFO).runsAtClientAsync(InfoCommand::info).build(),
                command("time", 1).flags(LOADING, STALE, FAST).tips("nondeterministic_output")
                        .doc(ServerDocs.TIME).runsAtClient(TimeCommand::time).build(),
                command("save", 1).flags(NO_ASYNC_LOADING, ADMIN, NOSCRIPT, NO_MULTI)
                        .doc(ServerDocs.SAVE).runsAtClientAsync(PersistenceCommands::save).build(),
                command("bgsave", -1).flags(NO_ASYNC_LOADING, ADMIN, NOSCRIPT)
                        .doc(ServerDocs.BGSAVE).runsAtClientAsync(PersistenceCommands::bgsave).build(),
                command("bgrewriteaof", 1).flags(NO_ASYNC_LOADING, ADMIN, NOSCRIPT)
                        .doc(ServerDocs.BGREWRITEAOF).runsAtClientAsync(PersistenceCommands::bgrewriteaof).build(),
                command("lastsave", 1).flags(LOADING, STALE, FAST).acl("admin", "dangerous")
                        .tips("nondeterministic_output")
                        .doc(ServerDocs.LASTSAVE).runsAtClient(PersistenceCommands::lastsave).build(),
                command("debug", -2).flags(ADMIN, NOSCRIPT, LOADING, STALE, PROTECTED)
                        .doc(ServerDocs.DEBUG).runsAtClientAsync(DebugCommand::debug).build(),
                command("shutdown", -1).flags(ADMIN, NOSCRIPT, LOADING, STALE, NO_MULTI, ALLOW_BUSY)
                        .doc(ServerDocs.SHUTDOWN).runsAtClientAsync(ShutdownCommand::shutdown).build(),
                command("config", -2).doc(ServerDocs.CONFIG).subcommands(
                        configSubcommand("get", -3).doc(ServerDocs.CONFIG_GET).runsAtClient(ConfigCommands::get),
                        configSubcommand("set", -4)
                                .tips("request_policy:all_nodes", "response_policy:all_succeeded")
                                .doc(ServerDocs.CONFIG_SET).runsAtClient(ConfigCommands::set),
                        configSubcommand("resetstat", 2).doc(ServerDocs.CONFIG_RESETSTAT)
                                .runsAtClient(ConfigCommands::resetstat),
                        command("help", 2).flags(LOADING, STALE).doc(ServerDocs.CONFIG_HELP)
                                .runsAtClient(ConfigCommands::help)).build(),
                command("command", -1).flags(LOADING, STALE).acl("connection")
                        .tips("nondeterministic_output_order")
                        .doc(ServerDocs.COMMAND).subcommands(CommandCommand::all,
                                commandSubcommand("count", 2).doc(ServerDocs.COMMAND_COUNT)
                                        .runsAtClient(CommandCommand::count),
                                commandSubcommand("info", -2).tips("nondeterministic_output_order")
                                        .doc(ServerDocs.COMMAND_INFO).runsAtClient(CommandCommand::info),
                                commandSubcommand("docs", -2).tips("nondeterministic_output_order")
                                        .doc(ServerDocs.COMMAND_DOCS).runsAtClient(CommandCommand::docs),
                                commandSubcommand("getkeys", -4).doc(ServerDocs.COMMAND_GETKEYS)
                                        .runsAtClient(CommandCommand::getkeys),
                                commandSubcommand("getkeysandflags", -4).doc(ServerDocs.COMMAND_GETKEYSANDFLAGS)
                                        .runsAtClient(CommandCommand::getkeysandflags),
                                commandSubcommand("list", -2).tips("nondeterministic_output_order")
                                        .doc(ServerDocs.COMMAND_LIST).runsAtClient(CommandCommand::list),
                                commandSubcommand("help", 2).doc(ServerDocs.COMMAND_HELP)
                                        .runsAtClient(CommandCommand::help)).build());
    }

    private static CommandSpec.Builder configSubcommand(String name, int arity) {
        return command(name, arity).flags(ADMIN, NOSCRIPT, LOADING, STALE);
    }

    private static CommandSpec.Builder commandSubcommand(String name, int arity) {
        return command(name, arity).flags(LOADING, STALE).acl("connection");
    }
}
