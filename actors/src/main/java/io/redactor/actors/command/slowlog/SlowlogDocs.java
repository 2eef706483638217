package io.redactor.actors.command.slowlog;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;

/** What COMMAND DOCS reports for SLOWLOG, as Redis 7.0 documents it. */
final class SlowlogDocs {
    static final CommandDoc SLOWLOG = doc("A container for slow log commands", "2.2.12", "server",
            "Depends on subcommand.");

    static final CommandDoc GET = doc("Get the slow log's entries", "2.2.12", "server",
            "O(N) where N is the number of entries returned")
            .history("4.0.0", "Added client IP address, port and name to the reply.")
            .args(integer("count").optional());

    static final CommandDoc HELP = doc("Show helpful text about the different subcommands", "6.2.0", "server", "O(1)");

    static final CommandDoc LEN = doc("Get the slow log's length", "2.2.12", "server", "O(1)");

    static final CommandDoc RESET = doc("Clear all entries from the slow log", "2.2.12", "server",
            "O(N) where N is the number of entries in the slowlog");

    private SlowlogDocs() {
    }
}
