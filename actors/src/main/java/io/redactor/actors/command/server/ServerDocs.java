package io.redactor.actors.command.server;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.block;
import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.oneOf;
import static io.redactor.actors.command.CommandDoc.pattern;
import static io.redactor.actors.command.CommandDoc.pureToken;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for the server commands, as Redis 7.0 documents them. */
final class ServerDocs {
    static final CommandDoc DBSIZE = doc("Return the number of keys in the selected database", "1.0.0", "server",
            "O(1)");

    static final CommandDoc FLUSHDB = doc("Remove all keys from the current database", "1.0.0", "server",
            "O(N) where N is the number of keys in the selected database")
            .history("4.0.0", "Added the `ASYNC` flushing mode modifier.")
            .history("6.2.0", "Added the `SYNC` flushing mode modifier.")
            .args(oneOf("async",
                    pureToken("async", "ASYNC").since("4.0.0"),
                    pureToken("sync", "SYNC").since("6.2.0")).optional());

    static final CommandDoc FLUSHALL = doc("Remove all keys from all databases", "1.0.0", "server",
            "O(N) where N is the total number of keys in all databases")
            .history("4.0.0", "Added the `ASYNC` flushing mode modifier.")
            .history("6.2.0", "Added the `SYNC` flushing mode modifier.")
            .args(oneOf("async",
                    pureToken("async", "ASYNC").since("4.0.0"),
                    pureToken("sync", "SYNC").since("6.2.0")).optional());

    static final CommandDoc SWAPDB = doc("Swaps two Redis databases", "4.0.0", "server",
            "O(N) where N is the count of clients watching or blocking on keys from both databases.")
            .args(integer("index1"),
                integer("index2"));

    static final CommandDoc INFO = doc("Get information and statistics about the server", "1.0.0", "server", "O(1)")
            .history("7.0.0", "Added support for taking multiple section arguments.")
            .args(string("section").optional().multiple());

    static final CommandDoc TIME = doc("Return the current server time", "2.6.0", "server", "O(1)");

    static final CommandDoc SAVE = doc("Synchronously save the dataset to disk", "1.0.0", "server",
            "O(N) where N is the total number of keys in all databases");

    static final CommandDoc BGSAVE = doc("Asynchronously save the dataset to disk", "1.0.0", "server", "O(1)")
            .history("3.2.2", "Added the `SCHEDULE` option.")
            .args(pureToken("schedule", "SCHEDULE").since("3.2.2").optional());

    static final CommandDoc BGREWRITEAOF = doc("Asynchronously rewrite the append-only file", "1.0.0", "server",
            "O(1)");

    static final CommandDoc DEBUG = doc("A container for debugging commands", "1.0.0", "server",
            "Depends on subcommand.").systemCommand();

    static final CommandDoc MONITOR = doc("Listen for all requests received by the server in real time", "1.0.0",
            "server", null);

    static final CommandDoc ROLE = doc("Return the role of the instance in the context of replication", "2.8.12",
            "server", "O(1)");

    static final CommandDoc WAIT = doc("Wait for the synchronous replication of all the write commands sent in the "
            + "context of the current connection", "3.0.0", "generic", "O(1)")
            .args(integer("numreplicas"), integer("timeout"));

    static final CommandDoc LASTSAVE = doc("Get the UNIX time stamp of the last successful save to disk", "1.0.0",
            "server", "O(1)");

    static final CommandDoc SHUTDOWN = doc("Synchronously save the dataset to disk and then shut down the server",
            "1.0.0", "server",
            "O(N) when saving, where N is the total number of keys in all databases when saving data, otherwise O(1)")
            .history("7.0.0", "Added the `NOW`, `FORCE` and `ABORT` modifiers.")
            .args(oneOf("nosave_save",
                    pureToken("nosave", "NOSAVE"),
                    pureToken("save", "SAVE")).optional(),
                pureToken("now", "NOW").since("7.0.0").optional(),
                pureToken("force", "FORCE").since("7.0.0").optional(),
                pureToken("abort", "ABORT").since("7.0.0").optional());

    static final CommandDoc CONFIG = doc("A container for server configuration commands", "2.0.0", "server",
            "Depends on subcommand.");

    static final CommandDoc CONFIG_GET = doc("Get the values of configuration parameters", "2.0.0", "server",
            "O(N) when N is the number of configuration parameters provided")
            .history("7.0.0", "Added the ability to pass multiple pattern parameters in one call")
            .args(block("parameter",
                    string("parameter")).multiple());

    static final CommandDoc CONFIG_SET = doc("Set configuration parameters to the given values", "2.0.0", "server",
            "O(N) when N is the number of configuration parameters provided")
            .history("7.0.0", "Added the ability to set multiple parameters in one call.")
            .args(block("parameter_value",
                    string("parameter"),
                    string("value")).multiple());

    static final CommandDoc CONFIG_RESETSTAT = doc("Reset the stats returned by INFO", "2.0.0", "server", "O(1)");

    static final CommandDoc CONFIG_REWRITE = doc("Rewrite the configuration file with the in memory configuration",
            "2.8.0", "server", "O(1)");

    static final CommandDoc CONFIG_HELP = doc("Show helpful text about the different subcommands", "5.0.0", "server",
            "O(1)");

    static final CommandDoc COMMAND = doc("Get array of Redis command details", "2.8.13", "server",
            "O(N) where N is the total number of Redis commands");

    static final CommandDoc COMMAND_COUNT = doc("Get total number of Redis commands", "2.8.13", "server", "O(1)");

    static final CommandDoc COMMAND_INFO = doc("Get array of specific Redis command details, or all when no "
            + "argument is given.", "2.8.13", "server", "O(N) where N is the number of commands to look up")
            .history("7.0.0", "Allowed to be called with no argument to get info on all commands.")
            .args(string("command-name").optional().multiple());

    static final CommandDoc COMMAND_DOCS = doc("Get array of specific Redis command documentation", "7.0.0", "server",
            "O(N) where N is the number of commands to look up")
            .args(string("command-name").optional().multiple());

    static final CommandDoc COMMAND_GETKEYS = doc("Extract keys given a full Redis command", "2.8.13", "server",
            "O(N) where N is the number of arguments to the command");

    static final CommandDoc COMMAND_GETKEYSANDFLAGS = doc("Extract keys and access flags given a full Redis command",
            "7.0.0", "server", "O(N) where N is the number of arguments to the command");

    static final CommandDoc COMMAND_LIST = doc("Get an array of Redis command names", "7.0.0", "server",
            "O(N) where N is the total number of Redis commands")
            .args(oneOf("filterby",
                    string("module-name").token("MODULE"),
                    string("category").token("ACLCAT"),
                    pattern("pattern").token("PATTERN")).token("FILTERBY").optional());

    static final CommandDoc COMMAND_HELP = doc("Show helpful text about the different subcommands", "5.0.0", "server",
            "O(1)");

    private ServerDocs() {
    }
}
