package io.redactor.actors.command.sets;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeyPositions;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.MOVABLE_KEYS;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/** The set commands' table entries. */
public final class SetCommands {
    private SetCommands() {
    }

    private static KeySpec key(String... flags) {
        return KeySpec.range(1, 0, 1, flags);
    }

    /** All keys from the first argument on (SINTER, SUNION, SDIFF). */
    private static KeySpec allKeys() {
        return KeySpec.range(1, -1, 1, "RO", "access");
    }

    /** The source keys of the STORE forms, after the destination. */
    private static KeySpec sourceKeys() {
        return KeySpec.range(2, -1, 1, "RO", "access");
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("sadd", -3).flags(WRITE, DENYOOM, FAST).acl("set").keys(1, 1, 1)
                        .keySpecs(key("RW", "insert")).doc(SetDocs.SADD).runsAtKeys(MembershipCommands::sadd).build(),
                command("srem", -3).flags(WRITE, FAST).acl("set").keys(1, 1, 1)
                        .keySpecs(key("RW", "delete")).doc(SetDocs.SREM).runsAtKeys(MembershipCommands::srem).build(),
                command("smembers", 2).flags(READONLY).acl("set").keys(1, 1, 1)
                        .tips("nondeterministic_output_order")
                        .keySpecs(key("RO", "access")).doc(SetDocs.SMEMBERS)
                        .runsAtKeys(MembershipCommands::smembers).build(),
                command("sismember", 3).flags(READONLY, FAST).acl("set").keys(1, 1, 1)
                        .keySpecs(key("RO")).doc(SetDocs.SISMEMBER).runsAtKeys(MembershipCommands::sismember).build(),
                command("smismember", -3).flags(READONLY, FAST).acl("set").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(SetDocs.SMISMEMBER)
                        .runsAtKeys(MembershipCommands::smismember).build(),
                command("scard", 2).flags(READONLY, FAST).acl("set").keys(1, 1, 1)
                        .keySpecs(key("RO")).doc(SetDocs.SCARD).runsAtKeys(MembershipCommands::scard).build(),
                command("spop", -2).flags(WRITE, FAST).acl("set").keys(1, 1, 1)
                        .tips("nondeterministic_output")
                        .keySpecs(key("RW", "access", "delete")).doc(SetDocs.SPOP).runsAtKeys(SetPops::spop).build(),
                command("srandmember", -2).flags(READONLY).acl("set").keys(1, 1, 1)
                        .tips("nondeterministic_output")
                        .keySpecs(key("RO", "access")).doc(SetDocs.SRANDMEMBER)
                        .runsAtKeys(RandomMembers::srandmember).build(),
                command("smove", 4).flags(WRITE, FAST).acl("set").keys(1, 2, 1)
                        .keySpecs(key("RW", "access", "delete"), KeySpec.range(2, 0, 1, "RW", "insert"))
                        .doc(SetDocs.SMOVE).runsAtKeys(SmoveCommand::smove).build(),
                command("sinter", -2).flags(READONLY).acl("set").keys(1, -1, 1)
                        .tips("nondeterministic_output_order")
                        .keySpecs(allKeys()).doc(SetDocs.SINTER).runsAtKeys(SetAlgebraCommands::sinter).build(),
                command("sintercard", -3).flags(READONLY, MOVABLE_KEYS).acl("set")
                        .keys(0, 0, 0, KeyPositions.numkeys(1, 2))
                        .keySpecs(new KeySpec(null, List.of("RO", "access"), new KeySpec.Index(1),
                                new KeySpec.KeyNum(0, 1, 1)))
                        .doc(SetDocs.SINTERCARD).runsAtKeys(SetAlgebraCommands::sintercard).build(),
                command("sinterstore", -3).flags(WRITE, DENYOOM).acl("set").keys(1, -1, 1)
                        .keySpecs(key("RW", "update"), sourceKeys()).doc(SetDocs.SINTERSTORE)
                        .runsAtKeys(SetAlgebraCommands::sinterstore).build(),
                command("sunion", -2).flags(READONLY).acl("set").keys(1, -1, 1)
                        .tips("nondeterministic_output_order")
                        .keySpecs(allKeys()).doc(SetDocs.SUNION).runsAtKeys(SetAlgebraCommands::sunion).build(),
                command("sunionstore", -3).flags(WRITE, DENYOOM).acl("set").keys(1, -1, 1)
                        .keySpecs(key("OW", "update"), sourceKeys()).doc(SetDocs.SUNIONSTORE)
                        .runsAtKeys(SetAlgebraCommands::sunionstore).build(),
                command("sdiff", -2).flags(READONLY).acl("set").keys(1, -1, 1)
                        .tips("nondeterministic_output_order")
                        .keySpecs(allKeys()).doc(SetDocs.SDIFF).runsAtKeys(SetAlgebraCommands::sdiff).build(),
                command("sdiffstore", -3).flags(WRITE, DENYOOM).acl("set").keys(1, -1, 1)
                        .keySpecs(key("OW", "update"), sourceKeys()).doc(SetDocs.SDIFFSTORE)
                        .runsAtKeys(SetAlgebraCommands::sdiffstore).build(),
                command("sscan", -3).flags(READONLY).acl("set").keys(1, 1, 1)
                        .tips("nondeterministic_output")
                        .keySpecs(key("RO", "access")).doc(SetDocs.SSCAN).runsAtKeys(SscanCommand::sscan).build());
    }
}
