package io.redactor.actors.command.connection;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for the connection commands, as Redis 7.0 documents them. */
final class ConnectionDocs {
    static final CommandDoc PING = doc("Ping the server", "1.0.0", "connection", "O(1)")
            .args(string("message").optional());

    static final CommandDoc ECHO = doc("Echo the given string", "1.0.0", "connection", "O(1)")
            .args(string("message"));

    static final CommandDoc SELECT = doc("Change the selected database for the current connection", "1.0.0",
            "connection", "O(1)")
            .args(integer("index"));

    static final CommandDoc AUTH = doc("Authenticate to the server", "1.0.0", "connection",
            "O(N) where N is the number of passwords defined for the user")
            .history("6.0.0", "Added ACL style (username and password).")
            .args(string("username").optional().since("6.0.0"), string("password"));

    static final CommandDoc HELLO = doc("Handshake with Redis", "6.0.0", "connection", "O(1)")
            .history("6.2.0",
                "`protover` made optional; when called without arguments the command reports the current "
                + "connection's context.")
            .args(block("arguments",
                    integer("protover"),
                    block("username_password",
                        string("username"),
                        string("password")).token("AUTH").optional(),
                    string("clientname").token("SETNAME").optional()).optional());

    static final CommandDoc QUIT = doc("Close the connection", "1.0.0", "connection", "O(1)");

    static final CommandDoc RESET = doc("Reset the connection", "6.2.0", "connection", "O(1)");

    static final CommandDoc CLIENT = doc("A container for client connection commands", "2.4.0", "connection",
            "Depends on subcommand.");

    static final CommandDoc CLIENT_ID = doc("Returns the client ID for the current connection", "5.0.0", "connection",
            "O(1)");

    static final CommandDoc CLIENT_SETNAME = doc("Set the current connection name", "2.6.9", "connection", "O(1)")
            .args(string("connection-name"));

    static final CommandDoc CLIENT_GETNAME = doc("Get the current connection name", "2.6.9", "connection", "O(1)");

    static final CommandDoc CLIENT_INFO = doc("Returns information about the current client connection.", "6.2.0",
            "connection", "O(1)");

    static final CommandDoc CLIENT_LIST = doc("Get the list of client connections", "2.4.0", "connection",
            "O(N) where N is the number of client connections")
            .history("2.8.12", "Added unique client `id` field.")
            .history("5.0.0", "Added optional `TYPE` filter.")
            .history("6.0.0", "Added `user` field.")
            .history("6.2.0", "Added `argv-mem`, `tot-mem`, `laddr` and `redir` fields and the optional `ID` filter.")
            .history("7.0.0", "Added `resp`, `multi-mem`, `rbs` and `rbp` fields.")
            .history("7.0.3", "Added `ssub` field.")
            .args(oneOf("normal_master_replica_pubsub",
                    pureToken("normal", "NORMAL"),
                    pureToken("master", "MASTER"),
                    pureToken("replica", "REPLICA"),
                    pureToken("pubsub", "PUBSUB")).token("TYPE").since("5.0.0").optional(),
                block("id",
                    integer("client-id").multiple()).token("ID").since("6.2.0").optional());

    static final CommandDoc CLIENT_UNBLOCK = doc("Unblock a client blocked in a blocking command from a different "
            + "connection", "5.0.0", "connection", "O(log N) where N is the number of client connections")
            .args(integer("client-id"),
                oneOf("timeout_error",
                    pureToken("timeout", "TIMEOUT"),
                    pureToken("error", "ERROR")).optional());

    static final CommandDoc CLIENT_KILL = doc("Kill the connection of a client", "2.4.0", "connection",
            "O(N) where N is the number of client connections")
            .history("2.8.12", "Added new filter format.")
            .history("2.8.12", "`ID` option.")
            .history("3.2.0", "Added `master` type in for `TYPE` option.")
            .history("5.0.0",
                "Replaced `slave` `TYPE` with `replica`. `slave` still supported for backward compatibility.")
            .history("6.2.0", "`LADDR` option.")
            .args(oneOf("filter",
                    string("ip:port").deprecatedSince("2.8.12"),
                    oneOf("new-format",
                        integer("client-id").token("ID").since("2.8.12").optional(),
                        oneOf("normal_master_slave_pubsub",
                            pureToken("normal", "NORMAL"),
                            pureToken("master", "MASTER").since("3.2.0"),
                            pureToken("slave", "SLAVE"),
                            pureToken("replica", "REPLICA").since("5.0.0"),
                            pureToken("pubsub", "PUBSUB")).token("TYPE").since("2.8.12").optional(),
                        string("username").token("USER").optional(),
                        string("ip:port").token("ADDR").optional(),
                        string("ip:port").token("LADDR").since("6.2.0").optional(),
                        string("yes/no").token("SKIPME").optional()).multiple()));

    static final CommandDoc CLIENT_TRACKING = doc("Enable or disable server assisted client side caching support",
            "6.0.0", "connection", "O(1). Some options may introduce additional complexity.")
            .args(oneOf("status",
                    pureToken("on", "ON"),
                    pureToken("off", "OFF")),
                integer("client-id").token("REDIRECT").optional(),
                string("prefix").token("PREFIX").optional().multiple().multipleToken(),
                pureToken("bcast", "BCAST").optional(),
                pureToken("optin", "OPTIN").optional(),
                pureToken("optout", "OPTOUT").optional(),
                pureToken("noloop", "NOLOOP").optional());

    static final CommandDoc CLIENT_CACHING = doc("Instruct the server about tracking or not keys in the next request",
            "6.0.0", "connection", "O(1)")
            .args(oneOf("mode",
                    pureToken("yes", "YES"),
                    pureToken("no", "NO")));

    static final CommandDoc CLIENT_GETREDIR = doc("Get tracking notifications redirection client ID if any", "6.0.0",
            "connection", "O(1)");

    static final CommandDoc CLIENT_TRACKINGINFO = doc("Return information about server assisted client side caching "
            + "for the current connection", "6.2.0", "connection", "O(1)");

    static final CommandDoc CLIENT_PAUSE = doc("Stop processing commands from clients for some time", "2.9.50",
            "connection", "O(1)")
            .history("6.2.0", "`CLIENT PAUSE WRITE` mode added along with the `mode` option.")
            .args(integer("timeout"),
                oneOf("mode",
                    pureToken("write", "WRITE"),
                    pureToken("all", "ALL")).since("6.2.0").optional());

    static final CommandDoc CLIENT_UNPAUSE = doc("Resume processing of clients that were paused", "6.2.0",
            "connection", "O(N) Where N is the number of paused clients");

    static final CommandDoc CLIENT_REPLY = doc("Instruct the server whether to reply to commands", "3.2.0",
            "connection", "O(1)")
            .args(oneOf("on_off_skip",
                    pureToken("on", "ON"),
                    pureToken("off", "OFF"),
                    pureToken("skip", "SKIP")));

    static final CommandDoc CLIENT_NO_EVICT = doc("Set client eviction mode for the current connection", "7.0.0",
            "connection", "O(1)")
            .args(oneOf("enabled",
                    pureToken("on", "ON"),
                    pureToken("off", "OFF")));

    static final CommandDoc CLIENT_HELP = doc("Show helpful text about the different subcommands", "5.0.0",
            "connection", "O(1)");

    private ConnectionDocs() {
    }
}
