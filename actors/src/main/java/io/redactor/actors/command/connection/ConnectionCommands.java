package io.redactor.actors.command.connection;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.Help;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.ADMIN;
import static io.redactor.actors.command.CommandFlag.ALLOW_BUSY;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.NOSCRIPT;
import static io.redactor.actors.command.CommandFlag.NO_AUTH;
import static io.redactor.actors.command.CommandFlag.SENTINEL;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandSpec.command;

/**
 * The connection commands' table entries: PING, ECHO, SELECT, AUTH, HELLO, QUIT, RESET and CLIENT (with client-side
 * caching's TRACKING, CACHING, GETREDIR and TRACKINGINFO, and PAUSE, UNPAUSE, REPLY and NO-EVICT).
 */
public final class ConnectionCommands {
    private ConnectionCommands() {
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("ping", -1).flags(FAST).acl("connection")
                        .tips("request_policy:all_shards", "response_policy:all_succeeded")
                        .doc(ConnectionDocs.PING).runsAtClient(SessionCommands::ping).build(),
                command("echo", 2).flags(LOADING, STALE, FAST).acl("connection")
                        .doc(ConnectionDocs.ECHO).runsAtClient(SessionCommands::echo).build(),
                command("select", 2).flags(LOADING, STALE, FAST).acl("connection")
                        .doc(ConnectionDocs.SELECT).runsAtClient(SessionCommands::select).build(),
                command("auth", -2).flags(NOSCRIPT, LOADING, STALE, FAST, NO_AUTH, SENTINEL, ALLOW_BUSY)
                        .acl("connection").doc(ConnectionDocs.AUTH).runsAtClient(Authentication::auth).build(),
                command("hello", -1).flags(NOSCRIPT, LOADING, STALE, FAST, NO_AUTH, ALLOW_BUSY).acl("connection")
                        .doc(ConnectionDocs.HELLO).runsAtClient(SessionCommands::hello).build(),
                command("quit", -1).flags(NOSCRIPT, LOADING, STALE, FAST, NO_AUTH, ALLOW_BUSY).acl("connection")
                        .doc(ConnectionDocs.QUIT).runsAtClient(SessionCommands::quit).build(),
                command("reset", 1).flags(NOSCRIPT, LOADING, STALE, FAST, NO_AUTH, ALLOW_BUSY).acl("connection")
                        .doc(ConnectionDocs.RESET).runsAtClient(SessionCommands::reset).build(),
                command("client", -2).doc(ConnectionDocs.CLIENT).subcommands(
                        clientSubcommand("id", 2).doc(ConnectionDocs.CLIENT_ID).runsAtClient(ClientCommands::id),
                        clientSubcommand("setname", 3).doc(ConnectionDocs.CLIENT_SETNAME)
                                .runsAtClient(ClientCommands::setname),
                        clientSubcommand("getname", 2).doc(ConnectionDocs.CLIENT_GETNAME)
                                .runsAtClient(ClientCommands::getname),
                        clientSubcommand("info", 2).tips("nondeterministic_output").doc(ConnectionDocs.CLIENT_INFO)
                                .runsAtClient(ClientCommands::info),
                        clientSubcommand("list", -2).flags(ADMIN).tips("nondeterministic_output")
                                .doc(ConnectionDocs.CLIENT_LIST).runsAtClient(ClientCommands::list),
                        clientSubcommand("kill", -3).flags(ADMIN).doc(ConnectionDocs.CLIENT_KILL)
                                .runsAtClient(ClientCommands::kill),
                        clientSubcommand("unblock", -3).flags(ADMIN).doc(ConnectionDocs.CLIENT_UNBLOCK)
                                .runsAtClient(ClientCommands::unblock),
                        clientSubcommand("tracking", -3).doc(ConnectionDocs.CLIENT_TRACKING)
                                .runsAtClient(TrackingCommands::tracking),
                        clientSubcommand("caching", 3).doc(ConnectionDocs.CLIENT_CACHING)
                                .runsAtClient(TrackingCommands::caching),
                        clientSubcommand("getredir", 2).doc(ConnectionDocs.CLIENT_GETREDIR)
                                .runsAtClient(TrackingCommands::getredir),
                        clientSubcommand("pause", -3).flags(ADMIN).doc(ConnectionDocs.CLIENT_PAUSE)
                                .runsAtClient(ClientControlCommands::pause),
                        clientSubcommand("unpause", 2).flags(ADMIN).doc(ConnectionDocs.CLIENT_UNPAUSE)
                                .runsAtClient(ClientControlCommands::unpause),
                        clientSubcommand("reply", 3).doc(ConnectionDocs.CLIENT_REPLY)
                                .runsAtClient(ClientControlCommands::reply),
                        clientSubcommand("no-evict", 3).flags(ADMIN).doc(ConnectionDocs.CLIENT_NO_EVICT)
                                .runsAtClient(ClientControlCommands::noEvict),
                        clientSubcommand("trackinginfo", 2).doc(ConnectionDocs.CLIENT_TRACKINGINFO)
                                .runsAtClient(TrackingCommands::trackinginfo),
                        command("help", 2).flags(LOADING, STALE).acl("connection").doc(ConnectionDocs.CLIENT_HELP)
                                .runsAtClient(call -> Help.reply(call,
                                "CACHING (YES|NO)",
                                "    Enable/disable tracking of the keys for next command in OPTIN/OPTOUT modes.",
                                "GETREDIR",
                                "    Return the client ID we are redirecting to when tracking is enabled.",
                                "GETNAME",
                                "    Return the name of the current connection.",
                                "ID",
                                "    Return the ID of the current connection.",
                                "INFO",
                                "    Return information about the current client connection.",
                                "KILL <ip:port>",
                                "    Kill connection made from <ip:port>.",
                                "KILL <option> <value> [<option> <value> [...]]",
                                "    Kill connections. Options are:",
                                "    * ADDR (<ip:port>|<unixsocket>:0)",
                                "      Kill connections made from the specified address",
                                "    * LADDR (<ip:port>|<unixsocket>:0)",
                                "      Kill connections made to specified local address",
                                "    * TYPE (NORMAL|MASTER|REPLICA|PUBSUB)",
                                "      Kill connections by type.",
                                "    * USER <username>",
                                "      Kill connections authenticated by <username>.",
                                "    * SKIPME (YES|NO)",
                                "      Skip killing current connection (default: yes).",
                                "LIST [options ...]",
                                "    Return information about client connections. Options:",
                                "    * TYPE (NORMAL|MASTER|REPLICA|PUBSUB)",
                                "      Return clients of specified type.",
                                "UNPAUSE",
                                "    Stop the current client pause, resuming traffic.",
                                "PAUSE <timeout> [WRITE|ALL]",
                                "    Suspend all, or just write, clients for <timeout> milliseconds.",
                                "REPLY (ON|OFF|SKIP)",
                                "    Control the replies sent to the current connection.",
                                "SETNAME <name>",
                                "    Assign the name <name> to the current connection.",
                                "UNBLOCK <clientid> [TIMEOUT|ERROR]",
                                "    Unblock the specified blocked client.",
                                "TRACKING (ON|OFF) [REDIRECT <id>] [BCAST] [PREFIX <prefix> [...]]",
                                "         [OPTIN] [OPTOUT] [NOLOOP]",
                                "    Control server assisted client side caching.",
                                "TRACKINGINFO",
                                "    Report tracking status for the current connection.",
                                "NO-EVICT (ON|OFF)",
                                "    Protect current client connection from eviction."))).build());
    }

    private static CommandSpec.Builder clientSubcommand(String name, int arity) {
        return command(name, arity).flags(NOSCRIPT, LOADING, STALE).acl("connection");
    }
}
