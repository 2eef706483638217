package io.redactor.actors.command.latency;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.string;

/** What COMMAND DOCS reports for LATENCY, as Redis 7.0 documents it. */
final class LatencyDocs {
    static final CommandDoc LATENCY = doc("A container for latency diagnostics commands", "2.8.13", "server",
            "Depends on subcommand.");

    static final CommandDoc DOCTOR = doc("Return a human readable latency analysis report.", "2.8.13", "server",
            "O(1)");

    static final CommandDoc GRAPH = doc("Return a latency graph for the event.", "2.8.13", "server", "O(1)")
            .args(string("event"));

    static final CommandDoc HELP = doc("Show helpful text about the different subcommands.", "2.8.13", "server",
            "O(1)");

    static final CommandDoc HISTOGRAM = doc("Return the cumulative distribution of latencies of a subset of commands "
            + "or all.", "7.0.0", "server",
            "O(N) where N is the number of commands with latency information being retrieved.")
            .args(string("command").optional().multiple());

    static final CommandDoc HISTORY = doc("Return timestamp-latency samples for the event.", "2.8.13", "server",
            "O(1)")
            .args(string("event"));

    static final CommandDoc LATEST = doc("Return the latest latency samples for all events.", "2.8.13", "server",
            "O(1)");

    static final CommandDoc RESET = doc("Reset latency data for one or more events.", "2.8.13", "server", "O(1)")
            .args(string("event").optional().multiple());

    private LatencyDocs() {
    }
}
