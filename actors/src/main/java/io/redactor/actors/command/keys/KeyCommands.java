package io.redactor.actors.command.keys;

import io.redactor.actors.command.CommandDoc;
import io.redactor.actors.command.CommandSpec;
import io.redactor.actors.command.Help;
import io.redactor.actors.command.KeyCommand;
import io.redactor.actors.command.KeySpec;
import io.redactor.actors.command.Placement;

import java.util.List;

import static io.redactor.actors.command.CommandFlag.DENYOOM;
import static io.redactor.actors.command.CommandFlag.FAST;
import static io.redactor.actors.command.CommandFlag.LOADING;
import static io.redactor.actors.command.CommandFlag.READONLY;
import static io.redactor.actors.command.CommandFlag.STALE;
import static io.redactor.actors.command.CommandFlag.WRITE;
import static io.redactor.actors.command.CommandSpec.command;

/** The generic keyspace commands' table entries. */
public final class KeyCommands {
    private KeyCommands() {
    }

    private static KeySpec key(int position, String... flags) {
        return KeySpec.range(position, 0, 1, flags);
    }

    private static KeySpec allKeys(String... flags) {
        return KeySpec.range(1, -1, 1, flags);
    }

    public static List<CommandSpec> specs() {
        return List.of(
                command("del", -2).flags(WRITE).acl("keyspace").keys(1, -1, 1)
                        .tips("request_policy:multi_shard", "response_policy:agg_sum")
                        .keySpecs(allKeys("RM", "delete")).doc(KeyDocs.DEL)
                        .runsAtKeys(PresenceCommands::delete).build(),
                command("unlink", -2).flags(WRITE, FAST).acl("keyspace").keys(1, -1, 1)
                        .tips("request_policy:multi_shard", "response_policy:agg_sum")
                        .keySpecs(allKeys("RM", "delete")).doc(KeyDocs.UNLINK)
                        .runsAtKeys(PresenceCommands::delete).build(),
                command("exists", -2).flags(READONLY, FAST).acl("keyspace").keys(1, -1, 1)
                        .tips("request_policy:multi_shard", "response_policy:agg_sum")
                        .keySpecs(allKeys("RO")).doc(KeyDocs.EXISTS).runsAtKeys(PresenceCommands::exists).build(),
                command("touch", -2).flags(READONLY, FAST).acl("keyspace").keys(1, -1, 1)
                        .tips("request_policy:multi_shard", "response_policy:agg_sum")
                        .keySpecs(allKeys("RO")).doc(KeyDocs.TOUCH).runsAtKeys(PresenceCommands::touch).build(),
                command("type", 2).flags(READONLY, FAST).acl("keyspace").keys(1, 1, 1)
                        .keySpecs(key(1, "RO")).doc(KeyDocs.TYPE).runsAtKeys(PresenceCommands::type).build(),
                command("expire", -3).flags(WRITE, FAST).acl("keyspace").keys(1, 1, 1)
                        .keySpecs(key(1, "RW", "update")).doc(KeyDocs.EXPIRE)
                        .runsAtKeys(ExpireCommands::expire).build(),
                command("pexpire", -3).flags(WRITE, FAST).acl("keyspace").keys(1, 1, 1)
                        .keySpecs(key(1, "RW", "update")).doc(KeyDocs.PEXPIRE)
                        .runsAtKeys(ExpireCommands::pexpire).build(),
                command("expireat", -3).flags(WRITE, FAST).acl("keyspace").keys(1, 1, 1)
                        .keySpecs(key(1, "RW", "update")).doc(KeyDocs.EXPIREAT)
                        .runsAtKeys(ExpireCommands::expireat).build(),
                command("pexpireat", -3).flags(WRITE, FAST).acl("keyspace").keys(1, 1, 1)
                        .keySpecs(key(1, "RW", "update")).doc(KeyDocs.PEXPIREAT)
                        .runsAtKeys(ExpireCommands::pexpireat).build(),
                command("ttl", 2).flags(READONLY, FAST).acl("keyspace").keys(1, 1, 1).tips("nondeterministic_output")
                        .keySpecs(key(1, "RO", "access")).doc(KeyDocs.TTL).runsAtKeys(ExpireCommands::ttl).build(),
                command("pttl", 2).flags(READONLY, FAST).acl("keyspace").keys(1, 1, 1).tips("nondeterministic_output")
                        .keySpecs(key(1, "RO", "access")).doc(KeyDocs.PTTL).runsAtKeys(ExpireCommands::pttl).build(),
                command("expiretime", 2).flags(READONLY, FAST).acl("keyspace").keys(1, 1, 1)
                        .keySpecs(key(1, "RO", "access")).doc(KeyDocs.EXPIRETIME)
                        .runsAtKeys(ExpireCommands::expiretime).build(),
                command("pexpiretime", 2).flags(READONLY, FAST).acl("keyspace").keys(1, 1, 1)
                        .keySpecs(key(1, "RO", "access")).doc(KeyDocs.PEXPIRETIME)
                        .runsAtKeys(ExpireCommands::pexpiretime).build(),
                command("persist", 2).flags(WRITE, FAST).acl("keyspace").keys(1, 1, 1)
                        .keySpecs(key(1, "RW", "update")).doc(KeyDocs.PERSIST)
                        .runsAtKeys(ExpireCommands::persist).build(),
                command("rename", 3).flags(WRITE).acl("keyspace").keys(1, 2, 1)
                        .keySpecs(key(1, "RW", "access", "delete"), key(2, "OW", "update"))
                        .doc(KeyDocs.RENAME).runsAtKeys(RelocationCommands::rename).build(),
                command("renamenx", 3).flags(WRITE, FAST).acl("keyspace").keys(1, 2, 1)
                        .keySpecs(key(1, "RW", "access", "delete"), key(2, "OW", "insert"))
                        .doc(KeyDocs.RENAMENX).runsAtKeys(RelocationCommands::renamenx).build(),
                command("copy", -3).flags(WRITE, DENYOOM).acl("keyspace").keys(1, 2, 1)
                        .keySpecs(key(1, "RO", "access"), key(2, "OW", "update"))
                        .doc(KeyDocs.COPY).runsAtKeys(RelocationCommands::copy).build(),
                command("dump", 2).flags(READONLY).acl("keyspace").keys(1, 1, 1)
                        .tips("nondeterministic_output")
                        .keySpecs(key(1, "RO", "access")).doc(KeyDocs.DUMP)
                        .runsAtKeys(DumpCommands::dump).build(),
                command("restore", -4).flags(WRITE, DENYOOM).acl("keyspace", "dangerous").keys(1, 1, 1)
                        .keySpecs(key(1, "OW", "update")).doc(KeyDocs.RESTORE)
                        .runsAtKeys(DumpCommands::restore).build(),
                command("move", 3).flags(WRITE, FAST).acl("keyspace").keys(1, 1, 1)
                        .keySpecs(key(1, "RW", "access", "update")).doc(KeyDocs.MOVE)
                        .runsAtKeys(RelocationCommands::move).build(),
                command("keys", 2).flags(READONLY).acl("keyspace", "dangerous")
                        .tips("request_policy:all_shards", "nondeterministic_output_order")
                        .doc(KeyDocs.KEYS).runsOnAllPartitions(IterationCommands::keys).build(),
                command("scan", -2).flags(READONLY).acl("keyspace")
                        .tips("nondeterministic_output", "request_policy:special")
                        .doc(KeyDocs.SCAN)
                        .runsAt(new Placement.AtChosenPartition(IterationCommands::scanPartition, IterationCommands::scan))
                        .build(),
                command("randomkey", 1).flags(READONLY).acl("keyspace")
                        .tips("request_policy:all_shards", "nondeterministic_output")
                        .doc(KeyDocs.RANDOMKEY).runsOnAllPartitions(IterationCommands::randomkey).build(),
                command("object", -2).doc(KeyDocs.OBJECT).subcommands(
                        objectSubcommand("encoding", KeyDocs.OBJECT_ENCODING, ObjectCommands::encoding),
                        objectSubcommand("freq", KeyDocs.OBJECT_FREQ, ObjectCommands::freq),
                        objectSubcommand("idletime", KeyDocs.OBJECT_IDLETIME, ObjectCommands::idletime),
                        objectSubcommand("refcount", KeyDocs.OBJECT_REFCOUNT, ObjectCommands::refcount),
                        command("help", 2).flags(LOADING, STALE).acl("keyspace")
                                .doc(KeyDocs.OBJECT_HELP).runsAtClient(call -> Help.reply(call,
                                        "ENCODING <key>",
                                        "    Return the kind of internal representation used in order to store the value",
                                        "    associated with a <key>.",
                                        "FREQ <key>",
                                        "    Return the access frequency index of the <key>. The returned integer is",
                                        "    proportional to the logarithm of the recent access frequency of the key.",
                                        "IDLETIME <key>",
                                        "    Return the idle time of the <key>, that is the approximated number of",
                                        "    seconds elapsed since the last access to the key.",
                                        "REFCOUNT <key>",
                                        "    Return the number of references of the value associated with the specified",
                                        "    <key>."))).build());
    }

    private static CommandSpec.Builder objectSubcommand(String name, CommandDoc doc, KeyCommand handler) {
        return command(name, 3).flags(READONLY).acl("keyspace").keys(2, 2, 1).tips("nondeterministic_output")
                .keySpecs(key(2, "RO")).doc(doc).runsAtKeys(handler);
    }
}
