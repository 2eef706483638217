package io.redactor.actors.command.memory;

import io.redactor.actors.command.CommandDoc;

import static io.redactor.actors.command.CommandDoc.doc;
import static io.redactor.actors.command.CommandDoc.integer;
import static io.redactor.actors.command.CommandDoc.key;

/** What COMMAND DOCS reports for MEMORY and its subcommands, as Redis 7.0 documents them. */
final class MemoryDocs {
    static final CommandDoc MEMORY = doc("A container for memory diagnostics commands", "4.0.0", "server",
            "Depends on subcommand.");
    static final CommandDoc DOCTOR = doc("Outputs memory problems report", "4.0.0", "server", "O(1)");
    static final CommandDoc HELP = doc("Show helpful text about the different subcommands", "4.0.0", "server", "O(1)");
    static final CommandDoc MALLOC_STATS = doc("Show allocator internal stats", "4.0.0", "server",
            "Depends on how much memory is allocated, could be slow");
    static final CommandDoc PURGE = doc("Ask the allocator to release memory", "4.0.0", "server",
            "Depends on how much memory is allocated, could be slow");
    static final CommandDoc STATS = doc("Show memory usage details", "4.0.0", "server", "O(1)");
    static final CommandDoc USAGE = doc("Estimate the memory usage of a key", "4.0.0", "server",
            "O(N) where N is the number of samples.")
            .args(key("key", 0), integer("count").token("SAMPLES").optional());

    private MemoryDocs() {
    }
}
