package io.redactor.actors.command.memory;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.Help;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandSpec.command;

/** MEMORY's table entries: USAGE, STATS, DOCTOR, PURGE, MALLOC-STATS, HELP. */
public final class MemoryCommands {
    private MemoryCommands() {
    }

    public static List<CommandSpec> specs() {
        return List.of(command("memory", -2).doc(MemoryDocs.MEMORY).subcommands(
                command("usage", -3).flags(READONLY).acl("read").keys(2, 2, 1)
                        .keySpecs(KeySpec.range(2, 0, 1, "RO")).doc(MemoryDocs.USAGE)
                        .runsAtKeys(MemoryUsage::usage),
                command("stats", 2).tips("nondeterministic_output", "request_policy:all_shards",
                                "response_policy:special")
                        .doc(MemoryDocs.STATS).runsAtClientAsync(MemoryStats::stats),
                command("doctor", 2).tips("nondeterministic_output", "request_policy:all_shards",
                                "response_policy:special")
                        .doc(MemoryDocs.DOCTOR).runsAtClientAsync(MemoryDoctor::doctor),
                command("malloc-stats", 2).tips("nondeterministic_output", "request_policy:all_shards",
                                "response_policy:special")
                        .doc(MemoryDocs.MALLOC_STATS).runsAtClient(HeapPools::mallocStats),
                command("purge", 2).tips("request_policy:all_shards", "response_policy:all_succeeded")
                        .doc(MemoryDocs.PURGE).runsAtClient(HeapPools::purge),
                command("help", 2).flags(LOADING, STALE).doc(MemoryDocs.HELP).runsAtClient(call -> Help.reply(call,
                        "DOCTOR",
                        "    Return memory problems reports.",
                        "MALLOC-STATS",
                        "    Return internal statistics report from the memory allocator.",
                        "PURGE",
                        "    Attempt to purge dirty pages for reclamation by the allocator.",
                        "STATS",
                        "    Return information about the memory usage of the server.",
                        "USAGE <key> [SAMPLES <count>]",
                        "    Return memory in bytes used by <key> and its value. Nested values are",
                        "    sampled up to <count> times (default: 5, 0 means sample all)."))).build());
    }
}
