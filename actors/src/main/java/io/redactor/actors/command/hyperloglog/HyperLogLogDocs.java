package io.redactor.actors.command.hyperloglog;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.key;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for the HyperLogLog commands, as Redis 7.0 documents them. */
final class HyperLogLogDocs {
    static final CommandDoc PFADD = doc("Adds the specified elements to the specified HyperLogLog.", "2.8.9",
            "hyperloglog", "O(1) to add every element.")
            .args(key("key", 0),
                string("element").optional().multiple());

    static final CommandDoc PFCOUNT = doc("Return the approximated cardinality of the set(s) observed by the "
            + "HyperLogLog at key(s).", "2.8.9", "hyperloglog", "O(1) with a very small average constant time when "
            + "called with a single key. O(N) with N being the number of keys, and much bigger constant times, when "
            + "called with multiple keys.")
            .args(key("key", 0).multiple());

    static final CommandDoc PFMERGE = doc("Merge N different HyperLogLogs into a single one.", "2.8.9",
            "hyperloglog", "O(N) to merge N HyperLogLogs, but with high constant times.")
            .args(key("destkey", 0),
                key("sourcekey", 1).multiple());

    static final CommandDoc PFDEBUG = doc("Internal commands for debugging HyperLogLog values", "2.8.9",
            "hyperloglog", "N/A")
            .systemCommand()
            .args(string("subcommand"),
                key("key", 0));

    static final CommandDoc PFSELFTEST = doc("An internal command for testing HyperLogLog values", "2.8.9",
            "hyperloglog", "N/A")
            .systemCommand();

    private HyperLogLogDocs() {
    }
}
