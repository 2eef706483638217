package io.redactor.actors.command.strings;

import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.KeySpec;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/** The string commands' table entries. */
public final class StringCommands {
    private StringCommands() {
    }

    private static KeySpec key(String... flags) {
        return KeySpec.range(1, 0, 1, flags);
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("set", -3).flags(WRITE, DENYOOM).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update", "variable_flags")
                                .withNotes("RW and ACCESS due to the optional `GET` argument"))
                        .doc(StringDocs.SET).runsAtKeys(SetCommands::set).build(),
                command("setnx", 3).flags(WRITE, DENYOOM, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("OW", "insert")).doc(StringDocs.SETNX).runsAtKeys(SetCommands::setnx).build(),
                command("setex", 4).flags(WRITE, DENYOOM).acl("string").keys(1, 1, 1)
                        .keySpecs(key("OW", "update")).doc(StringDocs.SETEX).runsAtKeys(SetCommands::setex).build(),
                command("psetex", 4).flags(WRITE, DENYOOM).acl("string").keys(1, 1, 1)
                        .keySpecs(key("OW", "update")).doc(StringDocs.PSETEX).runsAtKeys(SetCommands::psetex).build(),
                command("getset", 3).flags(WRITE, DENYOOM, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update")).doc(StringDocs.GETSET)
                        .runsAtKeys(SetCommands::getset).build(),
                command("mset", -3).flags(WRITE, DENYOOM).acl("string").keys(1, -1, 2)
                        .tips("request_policy:multi_shard", "response_policy:all_succeeded")
                        .keySpecs(KeySpec.range(1, -1, 2, "OW", "update")).doc(StringDocs.MSET)
                        .runsAtKeys(SetCommands::mset).build(),
                command("msetnx", -3).flags(WRITE, DENYOOM).acl("string").keys(1, -1, 2)
                        .tips("request_policy:multi_shard", "response_policy:agg_min")
                        .keySpecs(KeySpec.range(1, -1, 2, "OW", "insert")).doc(StringDocs.MSETNX)
                        .runsAtKeys(SetCommands::msetnx).build(),
                command("get", 2).flags(READONLY, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(StringDocs.GET).runsAtKeys(GetCommands::get).build(),
                command("getdel", 2).flags(WRITE, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "delete")).doc(StringDocs.GETDEL)
                        .runsAtKeys(GetCommands::getdel).build(),
                command("getex", -2).flags(WRITE, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update").withNotes("RW and UPDATE because it changes the TTL"))
                        .doc(StringDocs.GETEX).runsAtKeys(GetCommands::getex).build(),
                command("mget", -2).flags(READONLY, FAST).acl("string").keys(1, -1, 1)
                        .tips("request_policy:multi_shard")
                        .keySpecs(KeySpec.range(1, -1, 1, "RO", "access")).doc(StringDocs.MGET)
                        .runsAtKeys(GetCommands::mget).build(),
                command("strlen", 2).flags(READONLY, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RO")).doc(StringDocs.STRLEN).runsAtKeys(GetCommands::strlen).build(),
                command("getrange", 4).flags(READONLY).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(StringDocs.GETRANGE)
                        .runsAtKeys(GetCommands::getrange).build(),
                // Deprecated since Redis 2.0 but still served by 7.0: GETRANGE under its old name.
                command("substr", 4).flags(READONLY).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RO", "access")).doc(StringDocs.SUBSTR)
                        .runsAtKeys(GetCommands::getrange).build(),
                command("append", 3).flags(WRITE, DENYOOM, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "insert")).doc(StringDocs.APPEND).runsAtKeys(EditCommands::append).build(),
                command("setrange", 4).flags(WRITE, DENYOOM).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "update")).doc(StringDocs.SETRANGE)
                        .runsAtKeys(EditCommands::setrange).build(),
                command("incr", 2).flags(WRITE, DENYOOM, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update")).doc(StringDocs.INCR)
                        .runsAtKeys(CounterCommands::incr).build(),
                command("decr", 2).flags(WRITE, DENYOOM, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update")).doc(StringDocs.DECR)
                        .runsAtKeys(CounterCommands::decr).build(),
                command("incrby", 3).flags(WRITE, DENYOOM, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update")).doc(StringDocs.INCRBY)
                        .runsAtKeys(CounterCommands::incrby).build(),
                command("decrby", 3).flags(WRITE, DENYOOM, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update")).doc(StringDocs.DECRBY)
                        .runsAtKeys(CounterCommands::decrby).build(),
                command("incrbyfloat", 3).flags(WRITE, DENYOOM, FAST).acl("string").keys(1, 1, 1)
                        .keySpecs(key("RW", "access", "update")).doc(StringDocs.INCRBYFLOAT)
                        .runsAtKeys(CounterCommands::incrbyfloat).build(),
                command("lcs", -3).flags(READONLY).acl("string").keys(1, 2, 1)
                        .keySpecs(KeySpec.range(1, 1, 1, "RO", "access")).doc(StringDocs.LCS)
                        .runsAtKeys(LcsCommand::lcs).build());
    }
}
