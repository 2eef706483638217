package io.redactor.actors.command.hyperloglog;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.ADMIN;
import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.MAY_REPLICATE;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/** The HyperLogLog commands' table entries. */
public final class HyperLogLogCommands {
    private HyperLogLogCommands() {
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("pfadd", -2).flags(WRITE, DENYOOM, FAST).acl("hyperloglog").keys(1, 1, 1)
                        .keySpecs(KeySpec.range(1, 0, 1, "RW", "insert")).doc(HyperLogLogDocs.PFADD)
                        .runsAtKeys(AddCommand::pfadd).build(),
                // Read-only, yet it may write the cached cardinality and then propagate itself.
                command("pfcount", -2).flags(READONLY, MAY_REPLICATE).acl("hyperloglog").keys(1, -1, 1)
                        .keySpecs(KeySpec.range(1, -1, 1, "RW", "access").withNotes("RW because it may change the "
                                + "internal representation of the key, and propagate to replicas"))
                        .doc(HyperLogLogDocs.PFCOUNT).runsAtKeys(CountCommand::pfcount).build(),
                command("pfmerge", -2).flags(WRITE, DENYOOM).acl("hyperloglog").keys(1, -1, 1)
                        .keySpecs(KeySpec.range(1, 0, 1, "RW", "access", "insert"),
                                KeySpec.range(2, -1, 1, "RO", "access"))
                        .doc(HyperLogLogDocs.PFMERGE).runsAtKeys(MergeCommand::pfmerge).build(),
                command("pfdebug", 3).flags(WRITE, DENYOOM, ADMIN).acl("hyperloglog").keys(2, 2, 1)
                        .keySpecs(KeySpec.range(2, 0, 1, "RW", "access")).doc(HyperLogLogDocs.PFDEBUG)
                        .runsAtKeys(DebugCommands::pfdebug).build(),
                command("pfselftest", 1).flags(ADMIN).acl("hyperloglog").doc(HyperLogLogDocs.PFSELFTEST)
                        .runsAtClientAsync(DebugCommands::pfselftest).build());
    }
}
